/**
 * Loaded into the bench's app server (`node --expose-gc --import …/heap-probe.mjs`): on SIGUSR2
 * it runs full collections and writes process.memoryUsage() as JSON to HEAP_PROBE_FILE, so the
 * bench reads the live heap (what --max-old-space-size bounds) besides the RSS it reads from
 * /proc. Nothing happens without the signal.
 */
import fs from 'node:fs'

const file = process.env.HEAP_PROBE_FILE
if (file && typeof globalThis.gc === 'function') {
  process.on('SIGUSR2', () => {
    globalThis.gc()
    globalThis.gc()
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(process.memoryUsage()))
    fs.renameSync(`${file}.tmp`, file)
  })
}
