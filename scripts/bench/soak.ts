/**
 * `npm run bench -- --soak MINUTES` (ADR 086): the app under an ordinary day's mix for MINUTES,
 * and its live heap over time, which must level off (a heap that keeps growing is a leak, and
 * under a heap limit a leak is a death sentence). The mix, all at once:
 * - `--concurrency` clients (8) in a loop of pages (lists, the dashboard, an edit page, the chat
 *   and mail inboxes), API reads and versioned writes, sign-ins, invoice PDFs and billing packets
 *   (pdf-lib, loaded on first use), the API reference (`/api/docs`, 1.1 MB), a chat message now
 *   and then;
 * - `--soak-streams` chat event streams (50), each open 5 to 60 s, then closed and opened again;
 * - an email to the organization's inbound address (the SMTP receiver) every 10 s;
 * - `--soak-slow` slow connections (1,000): each sends a request line and then one header byte every
 *   5 s until the server's header timeout closes it, and is opened again.
 * The app runs with --expose-gc and LOG_MEMORY_SECONDS: every interval it collects fully and logs
 * the heap that is left (the live heap), its RSS and its open connections; a line here per interval.
 * Measures, never asserts.
 */
import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'

import nodemailer from 'nodemailer'

import { type Driver, type HttpClient, runLoad, type Sample } from './load'
import { query } from './processes'
import { int, table } from './report'
import { type Fixtures, scenarios, type Target } from './scenarios'

export type SoakOptions = { minutes: number; intervalSeconds: number; concurrency: number; streams: number; slow: number }

/**
 * The scenarios of the loop, by name (scripts/bench/scenarios.ts), and how many of each in one
 * cycle; the cycle adds one invoice PDF, one billing packet, one `/api/docs` and one chat message
 * (one request in 88 each: each costs as much as tens of API reads).
 */
const LOOP: Record<string, number> = {
  'truck list page': 8,
  'truck list page 100': 2,
  'truck edit page': 6,
  dashboard: 6,
  'chat list page': 3,
  'mail list page': 3,
  'webhooks page': 2,
  'GET /api/trucks': 18,
  'GET /api/trucks/{id}': 18,
  'PUT /api/trucks/{id}': 8,
  'GET /api/chat': 4,
  'GET /api/mail': 4,
  'sign-in (form POST)': 2,
}

type MemoryLine = { live: number; used: number; limit: number; rss: number; connections: number }

/** The app's last `[freightdesk] memory:` line (app/utils/memory.server.ts), in MB. */
function lastMemoryLine(log: string): MemoryLine | null {
  const lines = fs.readFileSync(log, 'utf8').split('\n')
  for (let i = lines.length - 1; i >= 0; i--) {
    const match = /memory: live heap ([\d.]+) MB, heap used ([\d.]+) MB of ([\d.]+) MB, RSS ([\d.]+) MB, (\d+) connections/.exec(lines[i])
    if (match) return { live: Number(match[1]), used: Number(match[2]), limit: Number(match[3]), rss: Number(match[4]), connections: Number(match[5]) }
  }
  return null
}

/** A driver that sends one GET with the API token and accepts `status`. */
function apiGet(fixtures: Fixtures, path: (n: number) => string, status = 200): Driver {
  const headers = { Authorization: `Bearer ${fixtures.token}` }
  return { request: (_client, n) => ({ path: path(n), headers }), check: (response) => (response.status === status ? 'ok' : 'error') }
}

/** Sends the drivers in their weights, interleaved, as scenarios.ts's mixed() does. */
function weighted(drivers: Array<{ driver: Driver; weight: number }>): Driver {
  const cycle: Driver[] = []
  const left = drivers.map((entry) => ({ ...entry }))
  while (left.some((entry) => entry.weight > 0)) for (const entry of left) if (entry.weight-- > 0) cycle.push(entry.driver)
  const current = new Map<number, Driver>()
  return {
    before: async (client) => {
      for (const driver of new Set(cycle)) await driver.before?.(client)
    },
    request: (client, n) => {
      const driver = cycle[n % cycle.length]
      current.set(client, driver)
      return driver.request(client, n)
    },
    check: (response, client) => current.get(client)!.check(response, client),
  }
}

/** Chat event streams, each open for a random 5–60 s, then opened again, until stop(). */
function churnStreams(base: URL, path: string, token: string, count: number) {
  let running = true
  let open = 0
  let opened = 0
  let failed = 0
  const one = () => {
    if (!running) return
    let streaming = false
    const request = http.get({ hostname: base.hostname, port: base.port, path, agent: false, headers: { Authorization: `Bearer ${token}` } }, (response) => {
      response.on('error', () => {})
      response.resume()
      // Refused (a cap, a 503): counted, closed, tried again below.
      if (response.statusCode !== 200) return void request.destroy()
      streaming = true
      open++
      opened++
      setTimeout(() => request.destroy(), 5_000 + Math.random() * 55_000)
    })
    request.on('error', () => {})
    // Closed by this side, by the server, refused or never opened: a new one after a moment.
    request.once('close', () => {
      if (streaming) open--
      else failed++
      setTimeout(one, streaming ? 200 : 1_000)
    })
  }
  for (let i = 0; i < count; i++) setTimeout(one, i * 20)
  return { stats: () => ({ open, opened, failed }), stop: () => void (running = false) }
}

/**
 * Slow clients: each sends a request line, then a byte of a header every 5 s, until the server's
 * header timeout answers 408 and closes the connection; then it connects again. Opened 100 a second.
 */
function slowConnections(port: number, count: number) {
  let running = true
  let open = 0
  let closedByServer = 0
  const sockets = new Set<net.Socket>()
  const one = () => {
    if (!running) return
    const socket = net.connect(port, '127.0.0.1')
    sockets.add(socket)
    let trickle: NodeJS.Timeout | undefined
    socket.on('connect', () => {
      open++
      socket.write('GET /dashboard/app HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ')
      trickle = setInterval(() => socket.write('a'), 5_000)
    })
    socket.on('data', () => {})
    socket.on('error', () => {})
    socket.on('close', (hadError) => {
      sockets.delete(socket)
      clearInterval(trickle)
      if (socket.connecting === false && !hadError) closedByServer++
      open = Math.max(0, open - 1)
      if (running) setTimeout(one, 100 + Math.random() * 900)
    })
  }
  for (let i = 0; i < count; i++) setTimeout(one, i * 10)
  return {
    stats: () => ({ open, closedByServer }),
    stop: () => {
      running = false
      for (const socket of sockets) socket.destroy()
    },
  }
}

/** An email to the organization's inbound address every 10 s, each from a sender of its own (the per-sender limit). */
function mailEvery(smtpPort: number, to: string) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true })
  let sent = 0
  let failed = 0
  let n = 0
  const timer = setInterval(() => {
    n++
    transport
      .sendMail({
        from: `broker-${n}@soak.example`,
        to,
        subject: `Rate confirmation ${n}`,
        text: `Load ${n}: Dallas, TX to Tulsa, OK. Rate $1,850.00.`,
        attachments: [{ filename: `rate-${n}.txt`, content: `Rate confirmation ${n}\n`.repeat(200) }],
      })
      .then(
        () => sent++,
        () => failed++,
      )
  }, 10_000)
  return { stats: () => ({ sent, failed }), stop: () => (clearInterval(timer), transport.close()) }
}

export async function soak(
  app: { base: string; http: HttpClient; log: string; smtpPort: number | null },
  fixtures: Fixtures,
  databaseUrl: string,
  options: SoakOptions,
) {
  const target: Target = { side: 'app', http: app.http }
  const byName = new Map(scenarios(fixtures).map((scenario) => [scenario.name, scenario]))
  const drivers: Array<{ driver: Driver; weight: number }> = []
  for (const [name, weight] of Object.entries(LOOP)) drivers.push({ driver: await byName.get(name)!.make(target, fixtures), weight })
  const [invoices, organization] = await Promise.all([
    query<{ id: string }>(
      databaseUrl,
      `SELECT i.id FROM "Invoice" i JOIN "User" u ON u."organizationId" = i."organizationId" WHERE u.email = $1 ORDER BY i."invoiceNumber" LIMIT 20`,
      [fixtures.email],
    ),
    query<{ inboundLocalPart: string }>(
      databaseUrl,
      `SELECT o."inboundLocalPart" FROM "Organization" o JOIN "User" u ON u."organizationId" = o.id WHERE u.email = $1`,
      [fixtures.email],
    ),
  ])
  if (!invoices.length) throw new Error('the bench organization has no invoices for the PDF and packet requests')
  const invoice = (n: number) => invoices[n % invoices.length].id
  drivers.push({ driver: apiGet(fixtures, (n) => `/api/invoice/${invoice(n)}/pdf`), weight: 1 })
  drivers.push({ driver: apiGet(fixtures, (n) => `/api/invoice/${invoice(n)}/packet`), weight: 1 })
  drivers.push({ driver: { request: () => ({ path: '/api/docs' }), check: (response) => (response.status === 200 ? 'ok' : 'error') }, weight: 1 })

  // A conversation of the bench user with a dispatcher, for the streams and the messages posted to them.
  const users = JSON.parse(
    (await app.http.request({ path: '/api/users?pageSize=5&role=dispatcher', headers: { Authorization: `Bearer ${fixtures.token}` } })).body.toString('utf8'),
  ) as { data: Array<{ id: string }> }
  const started = await app.http.request({
    method: 'POST',
    path: '/api/chat',
    headers: { Authorization: `Bearer ${fixtures.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ participantIds: [users.data[0].id], title: 'Soak' }),
  })
  const conversationId = (JSON.parse(started.body.toString('utf8')) as { data: { id: string } }).data.id
  const post: Driver = {
    request: (_client, n) => ({
      method: 'POST',
      path: `/api/chat/${conversationId}/messages`,
      headers: { Authorization: `Bearer ${fixtures.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ body: `Soak message ${n}` }),
    }),
    check: (response) => (response.status === 201 ? 'ok' : 'error'),
  }
  drivers.push({ driver: post, weight: 1 })
  const loop = weighted(drivers)

  const base = new URL(app.base)
  const streams = churnStreams(base, `/api/chat/${conversationId}/events`, fixtures.token, options.streams)
  const slow = slowConnections(Number(base.port), options.slow)
  const to = `${organization[0].inboundLocalPart}@${process.env.INBOUND_EMAIL_DOMAIN ?? 'inbound.freightdesk.test'}`
  const mail = app.smtpPort ? mailEvery(app.smtpPort, to) : null

  console.info(
    `${options.concurrency} clients in a loop of ${Object.values(LOOP).reduce((a, b) => a + b, 4)} requests (pages, API reads and writes, a sign-in, an invoice PDF and packet, /api/docs, a chat message), ` +
      `${options.streams} chat streams opened and closed, ${options.slow} slow connections, ${mail ? 'an email every 10 s' : 'no SMTP (the receiver did not start)'}; a line every ${options.intervalSeconds} s.\n`,
  )
  const rows: Array<{ minute: number; requests: number; errors: number; memory: MemoryLine | null; streams: number; slow: number }> = []
  const totals: Sample = { latencies: [], ok: 0, conflicts: 0, errors: 0, elapsedMs: 0 }
  const began = performance.now()
  const deadline = began + options.minutes * 60_000
  const header = '| elapsed | requests | errors | live heap MB | heap used MB | heap limit MB | RSS MB | connections | streams open | slow open |'
  console.info(`${header}\n|${header.slice(1, -1).replace(/[^|]/g, '-')}|`)
  while (performance.now() < deadline) {
    const seconds = Math.min(options.intervalSeconds, (deadline - performance.now()) / 1000)
    const sample = await runLoad(app.http, loop, { seconds }, options.concurrency)
    totals.ok += sample.ok + sample.conflicts
    totals.errors += sample.errors
    totals.firstError ??= sample.firstError
    // The app logs its figures on its own clock, every interval too: the newest line.
    const memory = lastMemoryLine(app.log)
    const minute = (performance.now() - began) / 60_000
    const row = { minute, requests: totals.ok, errors: totals.errors, memory, streams: streams.stats().open, slow: slow.stats().open }
    rows.push(row)
    const m = memory
    console.info(
      `| ${Math.floor(minute)}:${String(Math.round((minute % 1) * 60)).padStart(2, '0')} | ${int(row.requests)} | ${int(row.errors)} | ${m ? m.live.toFixed(1) : '–'} | ${m ? m.used.toFixed(1) : '–'} | ${m ? m.limit.toFixed(0) : '–'} | ${m ? m.rss.toFixed(0) : '–'} | ${m ? int(m.connections) : '–'} | ${int(row.streams)} | ${int(row.slow)} |`,
    )
  }
  streams.stop()
  slow.stop()
  mail?.stop()

  const lives = rows.filter((row) => row.memory).map((row) => ({ minute: row.minute, live: row.memory!.live, rss: row.memory!.rss }))
  const half = lives.filter((row) => row.minute >= options.minutes / 2)
  const slope = (() => {
    if (half.length < 2) return Number.NaN
    const mx = half.reduce((sum, row) => sum + row.minute, 0) / half.length
    const my = half.reduce((sum, row) => sum + row.live, 0) / half.length
    const num = half.reduce((sum, row) => sum + (row.minute - mx) * (row.live - my), 0)
    const den = half.reduce((sum, row) => sum + (row.minute - mx) ** 2, 0)
    return num / den
  })()
  const figures = [
    { what: 'requests answered (accepted status)', value: int(totals.ok) },
    { what: 'other answers or failures', value: `${int(totals.errors)}${totals.firstError ? ` (first: ${totals.firstError.slice(0, 160)})` : ''}` },
    { what: 'chat streams opened in all', value: `${int(streams.stats().opened)} (${int(streams.stats().failed)} refused or failed)` },
    { what: 'slow connections closed by the server (header timeout)', value: int(slow.stats().closedByServer) },
    { what: 'emails sent to the inbound address', value: mail ? `${int(mail.stats().sent)} (${int(mail.stats().failed)} failed)` : '–' },
    {
      what: 'live heap: first / lowest / highest / last, MB',
      value: lives.length
        ? `${lives[0].live.toFixed(1)} / ${Math.min(...lives.map((r) => r.live)).toFixed(1)} / ${Math.max(...lives.map((r) => r.live)).toFixed(1)} / ${lives.at(-1)!.live.toFixed(1)}`
        : '–',
    },
    { what: 'live heap over the second half, MB per 10 minutes (least squares)', value: Number.isFinite(slope) ? (slope * 10).toFixed(2) : '–' },
    {
      what: 'RSS: first / highest / last, MB',
      value: lives.length ? `${lives[0].rss.toFixed(0)} / ${Math.max(...lives.map((r) => r.rss)).toFixed(0)} / ${lives.at(-1)!.rss.toFixed(0)}` : '–',
    },
  ]
  console.info(
    `\n${table(figures, [
      { title: `soak of ${options.minutes} min`, value: (row) => row.what, align: 'left' },
      { title: 'figure', value: (row) => row.value },
    ])}`,
  )
  console.info(
    '\nThe live heap is what a full collection leaves (the app runs with --expose-gc for the bench and collects before each line). It plateaus when its second-half slope is near 0 and its highest value stays well under the heap limit.',
  )
}
