/**
 * Live chat at scale (ADR 056): N event streams (`GET /api/chat/{id}/events`, default 1,000) open
 * on one app server, then one message posted: the serving process's memory per open stream (RSS
 * after the streams opened minus before, divided by N; and the live V8 heap after a full
 * collection, what --max-old-space-size bounds, read through scripts/bench/heap-probe.mjs) and the
 * time from the post until the first, the median and the last stream has the message. Each stream
 * is its own connection, as each browser tab is. The app is started with N as its
 * CHAT_STREAMS_PER_SERVER: one stream more answers 503 (ADR 084). Measures, never asserts.
 */
import fs from 'node:fs'
import http from 'node:http'

import type { HttpClient } from './load'
import { memoryOf } from './processes'
import { int, ms, table } from './report'

type Stream = { request: http.ClientRequest; connected: Promise<void>; received: Promise<number> }

/** The server's live heap in MiB after full collections: SIGUSR2 makes scripts/bench/heap-probe.mjs write it. */
async function liveHeap(pid: number, file: string) {
  fs.rmSync(file, { force: true })
  process.kill(pid, 'SIGUSR2')
  for (let i = 0; i < 600 && !fs.existsSync(file); i++) await new Promise((resolve) => setTimeout(resolve, 50))
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { heapUsed: number }).heapUsed / 1024 / 1024
}

/** The status one more stream gets (past the server's cap: 503), its connection closed at once. */
function statusOfOneMore(base: URL, path: string, token: string) {
  return new Promise<number>((resolve, reject) => {
    const request = http.get({ hostname: base.hostname, port: base.port, path, agent: false, headers: { Authorization: `Bearer ${token}` } }, (response) => {
      resolve(response.statusCode!)
      request.destroy()
    })
    request.on('error', reject)
  })
}

/** One stream: resolves `connected` at its first line, `received` (a performance.now()) at its first message event. */
function openStream(base: URL, path: string, token: string): Stream {
  let connect!: () => void
  let receive!: (at: number) => void
  let fail!: (error: Error) => void
  const connected = new Promise<void>((resolve, reject) => {
    connect = resolve
    fail = reject
  })
  const received = new Promise<number>((resolve) => (receive = resolve))
  const request = http.get(
    { hostname: base.hostname, port: base.port, path, agent: false, headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' } },
    (response) => {
      if (response.statusCode !== 200) return fail(new Error(`a stream answered ${response.statusCode}`))
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        text += chunk
        if (text.includes(': connected')) connect()
        if (text.includes('event: message')) {
          receive(performance.now())
          text = ''
        }
      })
      response.on('error', () => {})
    },
  )
  request.on('error', (error) => fail(error))
  return { request, connected, received }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 2_000))

export async function measureChatStreams(server: { pid: number; base: string; heapProbe: string }, http: HttpClient, token: string, count: number) {
  const auth = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }
  const users = JSON.parse((await http.request({ path: '/api/users?pageSize=5&role=dispatcher', headers: auth })).body.toString('utf8')) as {
    data: Array<{ id: string }>
  }
  const other = users.data[0]?.id
  if (!other) throw new Error('the bench organization has no dispatcher to chat with')
  const started = await http.request({
    method: 'POST',
    path: '/api/chat',
    headers: auth,
    body: JSON.stringify({ participantIds: [other], title: 'Bench streams' }),
  })
  if (started.status !== 201 && started.status !== 200) throw new Error(`starting the conversation: ${started.status} ${started.body.toString('utf8', 0, 300)}`)
  const { id } = (JSON.parse(started.body.toString('utf8')) as { data: { id: string } }).data

  await settle()
  const heapBefore = await liveHeap(server.pid, server.heapProbe)
  const before = memoryOf(server.pid).rss
  const base = new URL(server.base)
  const streams: Stream[] = []
  const opening = performance.now()
  // In batches, as visitors arrive, rather than 1,000 connections in one instant.
  for (let i = 0; i < count; i += 100) {
    const batch = Array.from({ length: Math.min(100, count - i) }, () => openStream(base, `/api/chat/${id}/events`, token))
    streams.push(...batch)
    await Promise.all(batch.map((stream) => stream.connected))
  }
  const openSeconds = (performance.now() - opening) / 1000
  await settle()
  const open = memoryOf(server.pid).rss
  const heapOpen = await liveHeap(server.pid, server.heapProbe)
  const oneMore = await statusOfOneMore(base, `/api/chat/${id}/events`, token)

  const posted = performance.now()
  const answer = await http.request({ method: 'POST', path: `/api/chat/${id}/messages`, headers: auth, body: JSON.stringify({ body: 'To every open stream' }) })
  const answered = performance.now() - posted
  if (answer.status !== 201) throw new Error(`posting: ${answer.status} ${answer.body.toString('utf8', 0, 300)}`)
  const arrivals = (await Promise.all(streams.map((stream) => stream.received))).map((at) => at - posted).sort((a, b) => a - b)
  for (const stream of streams) stream.request.destroy()
  await settle()
  const closed = memoryOf(server.pid).rss

  console.info(
    table(
      [
        { what: 'streams open', value: `${int(count)} (opened in ${openSeconds.toFixed(1)} s)` },
        { what: 'RSS before, MiB', value: before.toFixed(1) },
        { what: 'RSS with the streams open, MiB', value: open.toFixed(1) },
        { what: 'memory per open stream, KiB (RSS delta / streams)', value: (((open - before) * 1024) / count).toFixed(1) },
        { what: 'live heap before, MiB (after a full collection)', value: heapBefore.toFixed(1) },
        { what: 'live heap with the streams open, MiB', value: heapOpen.toFixed(1) },
        { what: 'live heap per open stream, KiB', value: (((heapOpen - heapBefore) * 1024) / count).toFixed(1) },
        { what: `stream ${int(count + 1)} (past CHAT_STREAMS_PER_SERVER) answered`, value: String(oneMore) },
        { what: 'RSS after they closed, MiB', value: closed.toFixed(1) },
        { what: 'POST …/messages answered, ms', value: ms(answered) },
        { what: 'first stream had it, ms after the post', value: ms(arrivals[0]) },
        { what: 'median stream, ms', value: ms(arrivals[Math.floor(arrivals.length / 2)]) },
        { what: 'last stream had it, ms', value: ms(arrivals.at(-1)!) },
      ],
      [
        { title: `one message to ${int(count)} event streams on one server`, value: (row) => row.what, align: 'left' },
        { title: 'figure', value: (row) => row.value },
      ],
    ),
  )
}
