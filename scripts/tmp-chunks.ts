import fs from 'node:fs'
import { gzipSync } from 'node:zlib'
const m = JSON.parse(fs.readFileSync('build/client/.vite/manifest.json', 'utf8')) as Record<string, { file: string; src?: string; imports?: string[]; isEntry?: boolean }>
const target = process.argv[2]
const seen = new Set<string>()
function walk(key: string) {
  if (seen.has(key)) return
  seen.add(key)
  for (const i of m[key]?.imports ?? []) walk(i)
}
const key = Object.keys(m).find((k) => k.includes(target))!
walk(key)
const rows = [...seen].map((k) => ({ k, gz: gzipSync(fs.readFileSync('build/client/' + m[k].file), { level: 6 }).length }))
rows.sort((a, b) => b.gz - a.gz)
for (const r of rows) console.log((r.gz / 1024).toFixed(1).padStart(6), r.k)
console.log('total', (rows.reduce((s, r) => s + r.gz, 0) / 1024).toFixed(1))
