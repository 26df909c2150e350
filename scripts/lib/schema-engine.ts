/**
 * Prisma's schema engine, run as WebAssembly (@prisma/schema-engine-wasm) on top of the pg driver
 * adapter, because the native schema engine binary cannot be downloaded on our machines.
 * See docs/decisions/002-migrations-without-native-engine.md.
 */
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

import { PrismaPg } from '@prisma/adapter-pg'
import {
  bindMigrationAwareSqlAdapterFactory,
  ColumnTypeEnum,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
  type SqlQueryable,
  type SqlResultSet,
} from '@prisma/driver-adapter-utils'
import type * as EngineGlue from '@prisma/schema-engine-wasm/schema_engine_bg'
import pg from 'pg'

import { applyMigrations, createDatabaseIfMissing, dropDatabase, MIGRATIONS_DIR, withClient, withDatabase } from '../../app/utils/db-setup.server.ts'

export const SCHEMA_PATH = path.resolve(process.cwd(), 'prisma/schema.prisma')

let gluePromise: Promise<typeof EngineGlue> | undefined

/**
 * The package's own entry point does `import * as wasm from './schema_engine_bg.wasm'`, which Node 20
 * cannot load without --experimental-wasm-modules, so we instantiate the module by hand.
 */
function loadEngine(): Promise<typeof EngineGlue> {
  gluePromise ??= (async () => {
    // Rust panics report their message through this global before throwing a RuntimeError.
    const registry = {
      message: '',
      set_message(message: string) {
        this.message = message
      },
    }
    ;(globalThis as Record<string, unknown>).PRISMA_WASM_PANIC_REGISTRY ??= registry
    const gluePath = createRequire(import.meta.url).resolve('@prisma/schema-engine-wasm/schema_engine_bg')
    const glue = (await import(pathToFileURL(gluePath).href)) as typeof EngineGlue
    const bytes = fs.readFileSync(path.join(path.dirname(gluePath), 'schema_engine_bg.wasm'))
    const { instance } = await WebAssembly.instantiate(bytes, {
      './schema_engine_bg.js': glue as unknown as WebAssembly.ModuleImports,
    })
    glue.__wbg_set_wasm(instance.exports)
    ;(instance.exports.__wbindgen_start as () => void)()
    return glue
  })()
  return gluePromise
}

/**
 * The engine reads pg_catalog columns of type "char" (OID 18, e.g. pg_constraint.contype) and
 * expects them typed as Character, but @prisma/adapter-pg 7.10 rejects OID 18 outright
 * (prisma/orm#27403) and has no OID that it maps to Character. So: at the pg level we relabel
 * such columns as text and tag their name; at the adapter level we strip the tag and report the
 * column as Character. pg already hands "char" values over as one-letter strings.
 */
const CHAR_OID = 18
const TEXT_OID = 25
const CHAR_TAG = '\u0000pg_char'

function tagCharColumns<T>(result: T): T {
  // pg returns an array of results for multi-statement queries.
  for (const item of Array.isArray(result) ? result : [result]) {
    for (const field of (item as pg.QueryResult | undefined)?.fields ?? []) {
      if (field.dataTypeID !== CHAR_OID) continue
      field.dataTypeID = TEXT_OID
      field.name += CHAR_TAG
    }
  }
  return result
}

function untagCharColumns(result: SqlResultSet): SqlResultSet {
  result.columnNames.forEach((name, index) => {
    if (!name.endsWith(CHAR_TAG)) return
    result.columnNames[index] = name.slice(0, -CHAR_TAG.length)
    result.columnTypes[index] = ColumnTypeEnum.Character
  })
  return result
}

function withCharColumns<Q extends SqlQueryable>(queryable: Q): Q {
  const queryRaw = queryable.queryRaw.bind(queryable)
  queryable.queryRaw = async (query) => untagCharColumns(await queryRaw(query))
  return queryable
}

function catalogSafePool(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 2 })
  // Every pooled client passes through here once; wrap its query() for both calling styles the
  // adapter ends up using (pg-pool passes a callback, transactions use the promise form).
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown
    client.query = ((...args: unknown[]) => {
      const callback = args.at(-1)
      if (typeof callback === 'function') {
        args[args.length - 1] = (error: Error | null, result: unknown) => callback(error, error ? result : tagCharColumns(result))
        return query(...args)
      }
      const returned = query(...args)
      return returned instanceof Promise ? returned.then(tagCharColumns) : returned
    }) as typeof client.query
  })
  return pool
}

async function connectAdapter(url: string): Promise<SqlDriverAdapter> {
  // disposeExternalPool: disposing the adapter ends our pool.
  const adapter = withCharColumns(await new PrismaPg(catalogSafePool(url), { disposeExternalPool: true }).connect())
  const startTransaction = adapter.startTransaction.bind(adapter)
  adapter.startTransaction = async (isolationLevel) => withCharColumns(await startTransaction(isolationLevel))
  // The engine does not always dispose what it opened (engine.free() leaves the pool connected),
  // and PrismaPg's dispose is not idempotent (a second call ends the pool twice and throws).
  let disposed: Promise<void> | undefined
  const dispose = adapter.dispose.bind(adapter)
  adapter.dispose = () => (disposed ??= dispose())
  return adapter
}

/**
 * A driver adapter factory pinned to one database, remembering what it opened so we can close it.
 * No shadow database: we replay migrations ourselves. (PrismaPg's own connectToShadowDb would not
 * help anyway: with a connection string it keeps the main database's name and runs there.)
 */
function trackedAdapterFactory(url: string) {
  const opened: SqlDriverAdapter[] = []
  const factory: SqlMigrationAwareDriverAdapterFactory = {
    provider: 'postgres',
    adapterName: '@prisma/adapter-pg',
    connect: async () => {
      const adapter = await connectAdapter(url)
      opened.push(adapter)
      return adapter
    },
    connectToShadowDb: () => Promise.reject(new Error('No shadow database: migrations are replayed by db-setup.')),
  }
  const closeAll = () => Promise.all(opened.map((adapter) => adapter.dispose())).then(() => undefined)
  return { factory, closeAll }
}

type SchemaFile = { path: string; content: string }

/** Runs fn with a fresh engine bound to url, then frees the engine and closes its connections. */
async function withEngine<T>(url: string, schema: SchemaFile, fn: (engine: EngineGlue.SchemaEngine) => Promise<T>): Promise<T> {
  const glue = await loadEngine()
  const { factory, closeAll } = trackedAdapterFactory(url)
  const logs: string[] = []
  // A Rust panic surfaces as an uncaught "RuntimeError: unreachable" with the real message left in
  // the panic registry; print it so the crash is explainable (the monitor does not swallow it).
  const explainPanic = (error: Error) => {
    if (error instanceof WebAssembly.RuntimeError) console.error(`Prisma schema engine panicked: ${panicMessage()}`)
  }
  process.on('uncaughtExceptionMonitor', explainPanic)
  try {
    // The callback receives the engine's JSON log lines; they are only useful when something fails.
    const engine = await glue.SchemaEngine.new(
      { datamodels: [[schema.path, schema.content]] },
      (line: string) => logs.push(line),
      bindMigrationAwareSqlAdapterFactory(factory),
    )
    try {
      return await fn(engine)
    } finally {
      engine.free()
    }
  } catch (error) {
    throw describeEngineError(error, logs)
  } finally {
    process.off('uncaughtExceptionMonitor', explainPanic)
    await closeAll()
  }
}

function panicMessage() {
  return (globalThis as { PRISMA_WASM_PANIC_REGISTRY?: { message: string } }).PRISMA_WASM_PANIC_REGISTRY?.message ?? ''
}

function describeEngineError(error: unknown, logs: string[]) {
  const message = error instanceof Error ? error.message : typeof error === 'object' ? JSON.stringify(error) : String(error)
  const detail = [message, ...logs.slice(-5)].filter(Boolean).join('\n')
  return new Error(`Prisma schema engine failed: ${detail}`, { cause: error })
}

export type DiffOptions = {
  /** Connection string of a maintenance database on the server (usually .../postgres). */
  adminUrl: string
  /** Target datamodel; defaults to prisma/schema.prisma. */
  schemaPath?: string
  /** Migrations folder; defaults to prisma/migrations. */
  migrationsDir?: string
}

const SCRATCH_PREFIX = 'freightdesk_migrate_diff_'

/**
 * A panic inside the engine kills the process before any finally block runs, leaving its scratch
 * database behind. Scratch names carry their creation time; anything older than an hour is such
 * a leftover (a live diff takes about a second), so concurrent runs never drop each other's.
 */
async function dropStaleScratchDatabases(adminUrl: string) {
  const { rows } = await withClient(adminUrl, (client) =>
    client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [SCRATCH_PREFIX]),
  )
  const cutoff = Date.now() - 60 * 60 * 1000
  for (const { datname } of rows) {
    const created = Number(datname.slice(SCRATCH_PREFIX.length).split('_')[0])
    if (!Number.isFinite(created) || created < cutoff) await dropDatabase(adminUrl, datname)
  }
}

/**
 * SQL that takes a database built from every migration to the datamodel in the schema file.
 * Empty when migrations and schema agree.
 */
export async function diffMigrationsToSchema(options: DiffOptions): Promise<string> {
  const schemaPath = path.resolve(options.schemaPath ?? SCHEMA_PATH)
  const schema = { path: schemaPath, content: fs.readFileSync(schemaPath, 'utf8') }
  // Replaying the migrations with our own runner means the diff starts from exactly what
  // `npm run db:deploy` produces, not from the engine's own idea of applying them.
  await dropStaleScratchDatabases(options.adminUrl)
  const scratch = `${SCRATCH_PREFIX}${Date.now()}_${randomUUID().slice(0, 8)}`
  const scratchUrl = withDatabase(options.adminUrl, scratch)
  await createDatabaseIfMissing(options.adminUrl, scratch)
  try {
    await applyMigrations(scratchUrl, options.migrationsDir ?? MIGRATIONS_DIR)
    const result = await withEngine(scratchUrl, schema, (engine) =>
      engine.diff({
        // "The schema's datasource" means the database behind our adapter: the wasm engine rejects
        // URL targets ("--from-url and --to-url flags are no longer supported").
        from: { tag: 'schemaDatasource', files: [schema], configDir: path.dirname(schemaPath) },
        to: { tag: 'schemaDatamodel', files: [schema] },
        script: true,
        exitCode: null,
        filters: { externalTables: [], externalEnums: [] },
      }),
    )
    return result.stdout ?? ''
  } finally {
    await dropDatabase(options.adminUrl, scratch)
  }
}

/** True when a diff script has no statements: only whitespace and comments (the engine may say "-- This is an empty migration."). */
export function isEmptyDiff(sql: string) {
  return (
    sql
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/--.*$/gm, '')
      .trim() === ''
  )
}
