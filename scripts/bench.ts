/**
 * npm run bench: measures, never asserts. Builds nothing itself (run `npm run build` first; the
 * script does it when no build exists), starts the production server on its own embedded database
 * with a large seeded fleet, then prints:
 *   - the client JavaScript a browser downloads for key pages (raw and gzip),
 *   - throughput and latency of pages and API calls under a bounded loopback load.
 * Options: --scale N (N×100 extra trucks, default 50), --seconds S per scenario (default 5),
 *          --concurrency C (default 8).
 */
import { spawn, execSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`)
  return index > 0 ? Number(process.argv[index + 1]) : fallback
}
const scale = arg('scale', 50)
const seconds = arg('seconds', 5)
const concurrency = arg('concurrency', 8)
const PORT = 3200
const base = `http://127.0.0.1:${PORT}`
const dataDir = '.data/bench'
const env = { ...process.env, DATA_DIR: dataDir, EMBEDDED_PG_PORT: '54332', PORT: String(PORT), NODE_ENV: 'production' }

if (!fs.existsSync('build/server/index.js')) execSync('npm run build', { stdio: 'inherit' })
fs.rmSync(dataDir, { recursive: true, force: true })

// Its own process group, so stopping it also stops everything it started.
const server = spawn('node_modules/.bin/tsx', ['server.ts', '--seed-if-empty'], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
server.stderr.on('data', (chunk) => process.stderr.write(chunk))
const stopServer = () => {
  try {
    process.kill(-server.pid!, 'SIGTERM')
  } catch {
    // already stopped
  }
}
process.on('exit', stopServer)

async function waitForServer() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/auth/login`)).ok) return
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error('server did not start')
}

await waitForServer()
if (scale > 0) {
  console.info(`seeding ${scale * 100 + 40} trucks…`)
  const databaseUrl = `postgresql://postgres:postgres@127.0.0.1:54332/freightdesk`
  execSync(`npx tsx prisma/seed.ts --loads-scale ${scale}`, { env: { ...env, DATABASE_URL: databaseUrl }, stdio: 'inherit' })
}

// Sign in once for each kind of client.
const form = new URLSearchParams({ email: 'admin@freightdesk.test', password: 'freightdesk' })
const login = await fetch(`${base}/auth/login`, { method: 'POST', body: form, redirect: 'manual' })
const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]
const apiLogin = await fetch(`${base}/api/account/login`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ email: 'admin@freightdesk.test', password: 'freightdesk' }),
})
const { accessToken } = (await apiLogin.json()) as { accessToken: string }

async function clientJs(pathname: string) {
  const headers: Record<string, string> = pathname.startsWith('/auth/') ? {} : { Cookie: cookie }
  const html = await (await fetch(`${base}${pathname}`, { headers })).text()
  const urls = new Set([...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]))
  // Module imports inside the inline bootstrap script.
  for (const match of html.matchAll(/import\s*(?:[^'"]*from\s*)?["'](\/assets\/[^"']+\.js)["']/g)) urls.add(match[1])
  let raw = 0
  let gzip = 0
  for (const url of urls) {
    const file = path.join('build/client', url)
    const content = fs.readFileSync(file)
    raw += content.length
    gzip += gzipSync(content, { level: 9 }).length
  }
  return { files: urls.size, raw, gzip }
}

async function load(name: string, url: string, headers: Record<string, string>) {
  const latencies: number[] = []
  let errors = 0
  const deadline = performance.now() + seconds * 1000
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const started = performance.now()
        const response = await fetch(url, { headers })
        await response.arrayBuffer()
        if (!response.ok) errors++
        latencies.push(performance.now() - started)
      }
    }),
  )
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(1)
  return { scenario: name, 'req/s': (latencies.length / seconds).toFixed(0), 'p50 ms': at(0.5), 'p95 ms': at(0.95), errors }
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`
const sizes = []
for (const page of ['/auth/login', '/dashboard/app', '/dashboard/trucks/list', '/dashboard/trucks/new']) {
  const size = await clientJs(page)
  sizes.push({ page, 'js files': size.files, raw: kib(size.raw), gzip: kib(size.gzip) })
}
console.info('\nClient JavaScript per page (what a first visit downloads)')
console.table(sizes)

const browser = { Cookie: cookie }
const api = { Authorization: `Bearer ${accessToken}` }
const results = [
  await load('page /dashboard/trucks/list', `${base}/dashboard/trucks/list`, browser),
  await load('page /dashboard/trucks/list?q=T-01&sort=year', `${base}/dashboard/trucks/list?q=T-01&sort=year&dir=desc`, browser),
  await load('page /dashboard/app', `${base}/dashboard/app`, browser),
  await load('api GET /api/trucks', `${base}/api/trucks`, api),
  await load('api GET /api/trucks?status=maintenance&page=3', `${base}/api/trucks?status=maintenance&page=3`, api),
]
console.info(`\nLoad: ${concurrency} concurrent clients, ${seconds} s each, loopback, ${scale * 100 + 40} trucks`)
console.table(results)
stopServer()
// Let the server stop its embedded PostgreSQL before we exit.
await new Promise((resolve) => server.once('exit', resolve))
process.exit(0)
