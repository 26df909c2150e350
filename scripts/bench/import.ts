/**
 * The load import at its documented maximum (20,000 rows, ADR 032): a generated CSV sent to
 * `POST /api/loads/import` as a dry run, then for real, to a fresh app process of its own (the
 * production build, the same 128 MB heap) run with `--trace-gc`. Per request it prints the time,
 * the peak JavaScript heap in use (the largest "before" of the collections logged during it, in
 * MB), and the process's peak RSS: the kernel's VmHWM, reset before each request where the kernel
 * allows it (`/proc/<pid>/clear_refs`), and RSS sampled every 100 ms. Measures, never asserts: an
 * import that ran the heap out of memory shows as a failed request.
 */
import fs from 'node:fs'

import { LOAD_IMPORT_COLUMNS, LOAD_IMPORT_MAX_ROWS } from '../../app/schemas/load-import-options'
import type { HttpClient } from './load'
import { memoryOf } from './processes'
import { int, table } from './report'

/** `rows` loads of the broker, each with a pickup and a delivery, notes and references: about 3 MB at 20,000. */
export function importCsv(broker: string, rows: number) {
  const quote = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value)
  const lines = [LOAD_IMPORT_COLUMNS.join(',')]
  for (let i = 0; i < rows; i++) {
    const day = String(1 + (i % 28)).padStart(2, '0')
    const row: Record<string, string> = {
      broker,
      brokerReference: `BENCH-${i}`,
      status: i % 5 ? 'booked' : 'draft',
      equipmentType: ['dry_van', 'reefer', 'flatbed'][i % 3],
      commodity: 'Palletized groceries',
      weightLb: String(20_000 + (i % 20_000)),
      linehaul: `${1_000 + (i % 3_000)}.00`,
      loadedMiles: String(100 + (i % 900)),
      pickupFacility: `Warehouse ${i % 400}, Dock ${i % 12}`,
      pickupCity: 'Dallas',
      pickupState: 'TX',
      pickupStart: `2027-03-${day} 08:00`,
      deliveryCity: 'Memphis',
      deliveryState: 'TN',
      deliveryStart: `2027-04-${day}T14:00`,
      notes: 'Call ahead; driver assist unloading',
    }
    lines.push(LOAD_IMPORT_COLUMNS.map((column) => quote(row[column] ?? '')).join(','))
  }
  return `${lines.join('\r\n')}\r\n`
}

/** Forgets the process's peak RSS (VmHWM) so the next reading is the peak since now; false where the kernel does not allow it. */
function resetPeak(pid: number) {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5')
    return true
  } catch {
    return false
  }
}

type Measure = { what: string; status: number; seconds: number; before: number; peak: number; hwm: number | null; heap: number | null; answer: string }

// `--trace-gc`: "Scavenge 12.3 (15.0) -> 10.1 (16.0) MB", "Mark-Compact 45.6 (60.0) -> 30.2 (55.0) MB": heap in use before the collection first.
const GC_LINE = /(?:Scavenge|Mark-Compact|Mark-sweep)[^\d]*?(\d+(?:\.\d+)?) \(\d+(?:\.\d+)?\) -> \d+(?:\.\d+)?/g

/** The largest heap in use before a collection logged since `offset` in the server's log, in MB. */
function heapPeak(log: string, offset: number) {
  const text = fs.readFileSync(log).subarray(offset).toString('utf8')
  let peak: number | null = null
  for (const match of text.matchAll(GC_LINE)) peak = Math.max(peak ?? 0, Number(match[1]))
  return peak
}

async function measured(what: string, pid: number, log: string, send: () => ReturnType<HttpClient['request']>): Promise<Measure> {
  const logOffset = fs.statSync(log).size
  const before = memoryOf(pid).rss
  const reset = resetPeak(pid)
  let peak = before
  const sampler = setInterval(() => {
    try {
      const { rss } = memoryOf(pid)
      if (Number.isFinite(rss)) peak = Math.max(peak, rss)
    } catch {
      // the process exited (out of memory): the answer says so
    }
  }, 100)
  const started = performance.now()
  let status = 0
  let answer = ''
  try {
    const response = await send()
    status = response.status
    answer = response.body.toString('utf8', 0, 200)
  } catch (error) {
    answer = error instanceof Error ? error.message : String(error)
  }
  const seconds = (performance.now() - started) / 1000
  clearInterval(sampler)
  let hwm: number | null = null
  try {
    const after = memoryOf(pid)
    peak = Math.max(peak, Number.isFinite(after.rss) ? after.rss : peak)
    if (reset && Number.isFinite(after.hwm)) hwm = after.hwm
  } catch {
    // gone
  }
  return { what, status, seconds, before, peak, hwm, heap: heapPeak(log, logOffset), answer }
}

/** Prints the dry run's and the import's time and peak memory at `rows` rows (default: the documented maximum). */
export async function measureImport(server: { pid: number; log: string }, http: HttpClient, token: string, rows = LOAD_IMPORT_MAX_ROWS) {
  const { pid, log } = server
  const auth = { Authorization: `Bearer ${token}` }
  const brokers = await http.request({ path: '/api/brokers?pageSize=10&status=active', headers: auth })
  const broker = (JSON.parse(brokers.body.toString('utf8')) as { data: Array<{ name: string }> }).data[0]?.name
  if (!broker) throw new Error('the bench organization has no active broker to import loads for')
  const csv = importCsv(broker, rows)
  const send = (dryRun: boolean) => () =>
    http.request({ method: 'POST', path: `/api/loads/import${dryRun ? '?dryRun=true' : ''}`, headers: { ...auth, 'Content-Type': 'text/csv' }, body: csv })
  const results = [await measured('dry run', pid, log, send(true)), await measured('import', pid, log, send(false))]
  console.info(
    table(results, [
      { title: `${int(rows)} rows, ${(Buffer.byteLength(csv) / 1024 / 1024).toFixed(1)} MB`, value: (r) => r.what, align: 'left' },
      { title: 'status', value: (r) => String(r.status || 'failed') },
      { title: 'seconds', value: (r) => r.seconds.toFixed(1) },
      { title: 'heap peak MB (at a GC)', value: (r) => (r.heap === null ? 'n/a' : r.heap.toFixed(0)) },
      { title: 'RSS before MiB', value: (r) => r.before.toFixed(0) },
      { title: 'RSS peak MiB (100 ms samples)', value: (r) => r.peak.toFixed(0) },
      { title: 'VmHWM MiB (kernel peak in the request)', value: (r) => (r.hwm === null ? 'n/a' : r.hwm.toFixed(0)) },
    ]),
  )
  for (const result of results) if (result.status !== 200 && result.status !== 201) console.info(`${result.what}: ${result.answer}`)
}
