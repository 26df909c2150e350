/**
 * The accounting export's file writers' memory (ADR 144): each format writes 2,000, 20,000 and
 * 100,000 generated entries into a sink that only counts bytes, with full collections every 2,500
 * entries, and reports the live heap's peak above where it started. Flat means the peak does not
 * grow with the count. Measures, never asserts. Run:
 *   node --expose-gc --import tsx scripts/bench/accounting-formats-heap.ts
 */
import { writeAccountingFile } from '~/models/accounting/formats/index.server'
import { ACCOUNTING_FORMATS } from '~/schemas/accounting-options'

import { manyEntries } from '../../tests/fixtures/accounting/entries'

const gc = (globalThis as { gc?: () => void }).gc
if (!gc) throw new Error('run with node --expose-gc --import tsx')

const MB = 1024 * 1024

for (const format of ACCOUNTING_FORMATS) {
  for (const count of [2_000, 20_000, 100_000]) {
    gc()
    gc()
    const baseline = process.memoryUsage()
    let peakHeap = 0
    let peakExternal = 0
    let bytes = 0
    const sample = (entryCount?: number) => {
      if (entryCount !== undefined && entryCount % 2_500 !== 0) return
      gc()
      const now = process.memoryUsage()
      peakHeap = Math.max(peakHeap, now.heapUsed - baseline.heapUsed)
      peakExternal = Math.max(peakExternal, now.external + now.arrayBuffers - baseline.external - baseline.arrayBuffers)
    }
    const started = performance.now()
    await writeAccountingFile(
      format,
      manyEntries(count),
      async (chunk) => {
        bytes += chunk.byteLength
      },
      { onProgress: sample },
    )
    sample()
    const seconds = (performance.now() - started) / 1000
    console.log(
      `${format.padEnd(8)} ${String(count).padStart(7)} entries: file ${(bytes / MB).toFixed(1).padStart(6)} MB, ` +
        `heap peak +${(peakHeap / MB).toFixed(1)} MB, buffers peak +${(peakExternal / MB).toFixed(1)} MB, ${seconds.toFixed(1)} s (with collections)`,
    )
  }
}
