/**
 * The files manager's measurements (ADR 067). Seeds N load documents in the bench user's
 * organization by SQL (multi-row INSERT … SELECT; the StoredFile triggers index every row, which
 * the seed time includes; then VACUUM ANALYZE, as autovacuum would), then times the files manager's page 1 and page 2,000 (25 a page), the
 * same pages of GET /api/files, a search, and the file dashboard, each requested in turn; and a
 * ZIP of 500 stored files (200 KB each, written to STORAGE_DIR) through the files manager's form
 * post, with the serving process's RSS sampled every 50 ms for its peak. Measures, never asserts.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'

import { type HttpClient, percentile } from './load'
import { memoryOf, query } from './processes'
import { int, ms, table } from './report'

const DOCS_PER_LOAD = 100
const REPEAT = 15
const ZIP_FILE_BYTES = 200 * 1024

type Timed = { what: string; status: number; times: number[]; bytes: number; note?: string }

async function timed(http: HttpClient, what: string, request: Parameters<HttpClient['request']>[0]): Promise<Timed> {
  const times: number[] = []
  let status = 0
  let bytes = 0
  let note: string | undefined
  // One untimed first request (a cold plan cache), then REPEAT timed in turn.
  for (let i = 0; i <= REPEAT; i++) {
    const started = performance.now()
    const response = await http.request(request)
    if (i > 0) times.push(performance.now() - started)
    status = response.status
    bytes = response.body.length
    if (response.status !== 200) note = response.body.toString('utf8', 0, 200)
    if (response.headers['content-type']?.includes('json') && response.status === 200 && !note) {
      const meta = (JSON.parse(response.body.toString('utf8')) as { meta?: { total: number; totalBytes: number } }).meta
      if (meta) note = `total ${int(meta.total)}, ${int(meta.totalBytes / 1024 / 1024)} MiB`
    }
  }
  times.sort((a, b) => a - b)
  return { what, status, times, bytes, note }
}

export async function measureFiles(
  url: string,
  http: HttpClient,
  auth: { cookie: string; token: string; email: string },
  app: { pid: number; storageDir: string; base: string },
  files: number,
  zipFiles: number,
) {
  const [user] = await query<{ organizationId: string }>(url, `SELECT "organizationId" FROM "User" WHERE email = $1`, [auth.email])
  const organizationId = user.organizationId
  const run = randomBytes(4).toString('hex')
  const [{ broker }] = await query<{ broker: string }>(url, `SELECT "id" AS broker FROM "Broker" WHERE "organizationId" = $1 ORDER BY "id" LIMIT 1`, [
    organizationId,
  ])
  const loads = Math.max(1, Math.ceil(files / DOCS_PER_LOAD))
  const [{ first }] = await query<{ first: number }>(
    url,
    `UPDATE "Organization" SET "nextLoadNumber" = "nextLoadNumber" + $2 WHERE "id" = $1 RETURNING "nextLoadNumber" - $2 AS "first"`,
    [organizationId, loads + 1],
  )
  const seedStarted = performance.now()
  await query(
    url,
    `INSERT INTO "Load" ("id", "organizationId", "loadNumber", "brokerId", "status", "linehaulCents", "totalCents", "updatedAt")
     SELECT 'bfl' || $2 || g, $1, 'L-' || lpad(($4 + g - 1)::text, 6, '0'), $3, 'delivered', 100000, 100000, now()
     FROM generate_series(1, $5::int) AS g`,
    [organizationId, run, broker, first, loads + 1],
  )
  // Three kinds in turn, sizes 20 KB–2 MB, uploaded over the last two years; the triggers index each row.
  await query(
    url,
    `INSERT INTO "LoadDocument" ("id", "loadId", "organizationId", "kind", "fileName", "contentType", "sizeBytes", "storageKey", "uploadedAt")
     SELECT 'bfd' || $2 || g, 'bfl' || $2 || (1 + (g - 1) / ${DOCS_PER_LOAD}), $1,
       (ARRAY['bols', 'rateConn', 'pod'])[1 + g % 3]::"LoadDocumentKind",
       (ARRAY['bol', 'ratecon', 'pod'])[1 + g % 3] || '-' || g || '.pdf', 'application/pdf',
       20000 + (g * 7919) % 2000000, 'bench-files/' || $2 || '/' || g, now() - make_interval(mins => (g * 5)::int % 1051200)
     FROM generate_series(1, $3::int) AS g`,
    [organizationId, run, files],
  )
  // As autovacuum leaves a table at rest: statistics and the visibility map (index-only scans).
  await query(url, 'VACUUM ANALYZE "StoredFile"')
  const seedSeconds = (performance.now() - seedStarted) / 1000
  const [{ total }] = await query<{ total: string }>(url, `SELECT count(*) AS total FROM "StoredFile" WHERE "organizationId" = $1`, [organizationId])

  const page = (query: string) => ({ path: `/dashboard/files-manager${query}`, headers: { Cookie: auth.cookie } })
  const api = (query: string) => ({ path: `/api/files${query}`, headers: { Authorization: `Bearer ${auth.token}` } })
  const results = [
    await timed(http, 'files manager page 1', page('')),
    await timed(http, 'files manager page 2,000', page('?page=2000')),
    await timed(http, 'files manager page 2,000, PODs only', page('?kind=pod&page=2000')),
    await timed(http, 'files manager page 1, by size', page('?sort=sizeBytes&dir=desc')),
    await timed(http, 'files manager search "pod-1999"', page('?q=pod-1999')),
    await timed(http, 'GET /api/files page 1', api('')),
    await timed(http, 'GET /api/files page 2,000', api('?page=2000')),
    await timed(http, 'file dashboard', { path: '/dashboard/file', headers: { Cookie: auth.cookie } }),
  ]
  console.info(
    table(
      [
        { what: 'seeded by SQL (triggers indexing every row)', status: 0, times: [], bytes: 0, note: `${int(files)} documents in ${seedSeconds.toFixed(1)} s` },
        ...results,
      ],
      [
        { title: 'request', value: (r) => r.what, align: 'left' },
        { title: 'status', value: (r) => (r.status ? String(r.status) : '') },
        { title: 'p50 ms', value: (r) => (r.times.length ? ms(percentile(r.times, 0.5)) : '') },
        { title: 'max ms', value: (r) => (r.times.length ? ms(r.times.at(-1)!) : '') },
        { title: 'KiB', value: (r) => (r.bytes ? (r.bytes / 1024).toFixed(0) : '') },
        { title: 'note', value: (r) => r.note ?? '', align: 'left' },
      ],
    ),
  )
  console.info(`\nThe organization holds ${int(Number(total))} indexed files; each request ${REPEAT} times in turn after one untimed (one client).`)

  if (zipFiles <= 0) return
  // The ZIP: files written to STORAGE_DIR as the disk driver keeps them, indexed as documents of one load.
  const folder = path.join(app.storageDir, 'bench-zip', run)
  fs.mkdirSync(folder, { recursive: true })
  const bytes = randomBytes(ZIP_FILE_BYTES)
  for (let n = 1; n <= zipFiles; n++) fs.writeFileSync(path.join(folder, String(n)), bytes)
  await query(
    url,
    `INSERT INTO "LoadDocument" ("id", "loadId", "organizationId", "kind", "fileName", "contentType", "sizeBytes", "storageKey", "uploadedAt")
     SELECT 'bfz' || $2 || g, 'bfl' || $2 || $4, $1, 'pod', 'pod.pdf', 'application/pdf', $5, 'bench-zip/' || $2 || '/' || g, now()
     FROM generate_series(1, $3::int) AS g`,
    [organizationId, run, zipFiles, loads + 1, ZIP_FILE_BYTES],
  )
  const form = new URLSearchParams()
  for (let n = 1; n <= zipFiles; n++) form.append('ids', `bfz${run}${n}`)
  // Twice: the first run's growth may be the allocator's high-water mark (kept, reused); a buffered
  // archive would grow the second run again by its size.
  const rows: Array<{ what: string; value: string }> = []
  for (const round of [1, 2]) {
    const before = memoryOf(app.pid)
    let peak = before.rss
    const sampler = setInterval(() => {
      peak = Math.max(peak, memoryOf(app.pid).rss)
    }, 50)
    const answer = await downloadZip(app.base, auth.cookie, form.toString())
    clearInterval(sampler)
    const after = memoryOf(app.pid)
    peak = Math.max(peak, after.rss)
    rows.push(
      {
        what: `ZIP ${round}: POST /dashboard/files-manager/zip`,
        value: `${answer.status}, first byte after ${ms(answer.firstByteMs)} ms, done in ${(answer.totalMs / 1000).toFixed(2)} s`,
      },
      {
        what: `ZIP ${round}: entries / archive size`,
        value: `${int(answer.entries)} of ${int(zipFiles)} asked, ${(answer.bytes / 1024 / 1024).toFixed(1)} MiB`,
      },
      {
        what: `ZIP ${round}: app RSS before → peak (every 50 ms) → after`,
        value: `${before.rss.toFixed(0)} → ${peak.toFixed(0)} (+${(peak - before.rss).toFixed(0)}) → ${after.rss.toFixed(0)} MiB`,
      },
    )
  }
  fs.rmSync(folder, { recursive: true, force: true })
  console.info(
    table(rows, [
      { title: 'measure', value: (r) => r.what, align: 'left' },
      { title: 'value', value: (r) => r.value, align: 'left' },
    ]),
  )
  console.info('\nThe archive streams as it is written, one stored file open at a time: the peak should stay far below the archive size.')
}

/**
 * The ZIP read as it arrives (counted, never kept: the client holds no copy): when its first byte
 * came (a streamed archive starts at once; a buffered one only when whole), when it ended, and the
 * entry count from its end record.
 */
function downloadZip(base: string, cookie: string, body: string) {
  return new Promise<{ status: number; firstByteMs: number; totalMs: number; bytes: number; entries: number }>((resolve, reject) => {
    const url = new URL(base)
    const started = performance.now()
    const request = http.request(
      {
        hostname: url.hostname,
        port: url.port,
        method: 'POST',
        path: '/dashboard/files-manager/zip',
        headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': Buffer.byteLength(body) },
      },
      (response) => {
        let firstByteMs = Number.NaN
        let bytes = 0
        let tail = Buffer.alloc(0)
        response.on('data', (chunk: Buffer) => {
          if (Number.isNaN(firstByteMs)) firstByteMs = performance.now() - started
          bytes += chunk.length
          tail = Buffer.concat([tail, chunk]).subarray(-22)
        })
        response.on('end', () => {
          const entries = tail.length === 22 && tail.readUInt32LE(0) === 0x06054b50 ? tail.readUInt16LE(10) : 0
          resolve({ status: response.statusCode ?? 0, firstByteMs, totalMs: performance.now() - started, bytes, entries })
        })
        response.on('error', reject)
      },
    )
    request.on('error', reject)
    request.end(body)
  })
}
