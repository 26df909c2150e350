/**
 * Backups (docs/decisions/069-operations.md). No pg_dump ships with the embedded
 * PostgreSQL, so a backup is logical and written here: one REPEATABLE READ READ ONLY transaction
 * (one consistent snapshot) copies every table of the app's schema with `COPY … TO STDOUT`, with a
 * manifest naming the applied migrations (the schema version), the columns, the sequences and,
 * per table, the rows; then the storage folder when files are on disk. All of it goes into one
 * gzip'd file of frames (a 4-byte length, a JSON header, its bytes) in BACKUP_DIR, named by date.
 *
 * A restore refuses a backup with a migration this code does not know (a newer schema), then in
 * ONE transaction replaces the app's schema: drops it, applies the backup's migrations, copies the
 * rows in with triggers and foreign keys off (`session_replication_role = replica`), applies the
 * migrations this code has beyond the backup's, sets the sequences; a failure anywhere rolls all
 * of it back. After the commit the stored files replace the storage folder's.
 */
import { once } from 'node:events'
import { createReadStream, createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { finished } from 'node:stream/promises'
import zlib from 'node:zlib'

import pg from 'pg'
import { from as copyFrom, to as copyTo } from 'pg-copy-streams'

import { applyMigrations, type Migration, MIGRATIONS_TABLE, quoteIdent, readMigrations } from '~/utils/db-setup.server'
import { env } from '~/utils/env.server'
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE, privateFolder } from '~/utils/storage.server'

export const BACKUP_FORMAT = 1
/** Operational state, not data: a restore keeps the target's maintenance mode as it is. */
const SKIPPED_TABLES = new Set(['MaintenanceMode'])
const FILE_CHUNK_BYTES = 256 * 1024
const NAME = /^freightdesk-(\d{4}-\d{2}-\d{2}T\d{6}Z)(-\d+)?\.backup$/

export type BackupManifest = {
  format: number
  app: string
  version: string
  createdAt: string
  /** The applied migrations, in order: the schema version. */
  migrations: { name: string; checksum: string }[]
  tables: { name: string; columns: string[] }[]
  sequences: { name: string; lastValue: string | null }[]
  /** Whether the storage folder's files follow the tables. */
  files: boolean
}

export type BackupSummary = { manifest: BackupManifest; rows: Record<string, number>; files: number; fileBytes: number }

type Header =
  | ({ t: 'manifest' } & BackupManifest)
  | { t: 'table'; name: string }
  | { t: 'file'; key: string; size: number }
  | { t: 'data'; bytes: number }
  | { t: 'end'; rows?: number }
  | { t: 'done'; rows: Record<string, number>; files: number; fileBytes: number }

/** Where backups go and how many the daily job keeps: BACKUP_DIR (default DATA_DIR/backups), BACKUP_KEEP (14). */
export function backupSettings() {
  const keep = Number(process.env.BACKUP_KEEP ?? 14)
  if (!Number.isInteger(keep) || keep < 1) throw new Error('BACKUP_KEEP must be a whole number of backups, 1 or more')
  return { dir: path.resolve(process.env.BACKUP_DIR ?? path.join(process.env.DATA_DIR ?? '.data', 'backups')), keep }
}

/** The storage folder to back up or restore: none when files live in a bucket. */
function storageFolder() {
  const config = env()
  return config.S3_BUCKET ? null : path.resolve(config.STORAGE_DIR)
}

/** `freightdesk-2026-11-27T031500Z.backup`: names sort in time order. */
export function backupFileName(date = new Date()) {
  return `freightdesk-${date
    .toISOString()
    .replace(/[:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}.backup`
}

async function appVersion() {
  try {
    return (JSON.parse(await fs.readFile(path.resolve('package.json'), 'utf8')) as { version?: string }).version ?? 'unknown'
  } catch {
    return 'unknown'
  }
}

/** Writes frames into a gzip stream, waiting when it is full. */
function frameWriter(out: zlib.Gzip) {
  return async (header: Header, payload?: Buffer) => {
    const json = Buffer.from(JSON.stringify(header))
    const length = Buffer.alloc(4)
    length.writeUInt32BE(json.length)
    const ok = [out.write(length), out.write(json), payload ? out.write(payload) : true].every(Boolean)
    if (!ok) await once(out, 'drain')
  }
}

async function* walk(dir: string, base = dir): AsyncGenerator<{ file: string; key: string }> {
  let entries
  try {
    entries = await fs.readdir(dir, { withFileTypes: true })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
    throw error
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* walk(file, base)
    else if (entry.isFile()) yield { file, key: path.relative(base, file).split(path.sep).join('/') }
  }
}

/**
 * Writes a backup of the database at `url` (and `storageDir`'s files, when given) into `dir`.
 * The file appears under its final name only once complete.
 */
export async function writeBackup({
  url = env().DATABASE_URL,
  dir = backupSettings().dir,
  storageDir = storageFolder(),
  now = new Date(),
}: { url?: string; dir?: string; storageDir?: string | null; now?: Date } = {}) {
  await fs.mkdir(dir, { recursive: true })
  let file = path.join(dir, backupFileName(now))
  for (
    let n = 2;
    await fs.stat(file).then(
      () => true,
      () => false,
    );
    n++
  )
    file = path.join(dir, backupFileName(now).replace(/\.backup$/, `-${n}.backup`))
  const partial = `${file}.partial`
  const gzip = zlib.createGzip({ level: 6 })
  const written = finished(gzip.pipe(createWriteStream(partial, { mode: 0o600 })))
  const frame = frameWriter(gzip)
  const client = new pg.Client({ connectionString: url })
  const rows: Record<string, number> = {}
  let files = 0
  let fileBytes = 0
  try {
    await client.connect()
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY')
    const migrations = (
      await client.query<{ name: string; checksum: string }>(
        `SELECT migration_name AS name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`,
      )
    ).rows
    const tableNames = (
      await client.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY c.relname`,
      )
    ).rows
      .map((row) => row.name)
      .filter((name) => !SKIPPED_TABLES.has(name))
    const tables = []
    for (const name of tableNames) {
      const { rows: columns } = await client.query<{ name: string }>(
        `SELECT attname AS name FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
        [quoteIdent(name)],
      )
      tables.push({ name, columns: columns.map((column) => column.name) })
    }
    const sequences = (
      await client.query<{ name: string; lastValue: string | null }>(
        `SELECT sequencename AS name, last_value::text AS "lastValue" FROM pg_sequences WHERE schemaname = 'public' ORDER BY sequencename`,
      )
    ).rows
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      app: 'freightdesk',
      version: await appVersion(),
      createdAt: now.toISOString(),
      migrations,
      tables,
      sequences,
      files: storageDir !== null,
    }
    await frame({ t: 'manifest', ...manifest })
    for (const table of tables) {
      await frame({ t: 'table', name: table.name })
      const columns = table.columns.map(quoteIdent).join(', ')
      const stream = client.query(copyTo(`COPY (SELECT ${columns} FROM ${quoteIdent(table.name)}) TO STDOUT`))
      for await (const chunk of stream as AsyncIterable<Buffer>) await frame({ t: 'data', bytes: chunk.length }, chunk)
      rows[table.name] = stream.rowCount
      await frame({ t: 'end', rows: stream.rowCount })
    }
    await client.query('COMMIT')
    // The files after the snapshot: a document saved meanwhile is extra, never missing from a row.
    if (storageDir) {
      for await (const { file: source, key } of walk(storageDir)) {
        const { size } = await fs.stat(source)
        await frame({ t: 'file', key, size })
        for await (const chunk of createReadStream(source, { highWaterMark: FILE_CHUNK_BYTES }) as AsyncIterable<Buffer>) {
          await frame({ t: 'data', bytes: chunk.length }, chunk)
        }
        await frame({ t: 'end' })
        files++
        fileBytes += size
      }
    }
    await frame({ t: 'done', rows, files, fileBytes })
    gzip.end()
    await written
    await fs.rename(partial, file)
    return { file, summary: { manifest, rows, files, fileBytes } satisfies BackupSummary }
  } catch (error) {
    gzip.destroy()
    await written.catch(() => {})
    await fs.rm(partial, { force: true })
    throw error
  } finally {
    await client.end().catch(() => {})
  }
}

/** The frames of a backup file, in order, each with its bytes. */
async function* readFrames(file: string): AsyncGenerator<{ header: Header; payload: Buffer | null }> {
  let buffer: Buffer = Buffer.alloc(0)
  let pending: Header | null = null
  const source = createReadStream(file).pipe(zlib.createGunzip())
  for await (const chunk of source as AsyncIterable<Buffer>) {
    buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk
    for (;;) {
      if (!pending) {
        if (buffer.length < 4) break
        const length = buffer.readUInt32BE(0)
        if (buffer.length < 4 + length) break
        pending = JSON.parse(buffer.subarray(4, 4 + length).toString('utf8')) as Header
        buffer = buffer.subarray(4 + length)
      }
      const bytes = pending.t === 'data' ? pending.bytes : 0
      if (buffer.length < bytes) break
      const header: Header = pending
      pending = null
      const payload = bytes ? Buffer.from(buffer.subarray(0, bytes)) : null
      buffer = buffer.subarray(bytes)
      yield { header, payload }
    }
  }
  if (pending || buffer.length) throw new BackupError('the backup file is cut off')
}

/** A backup that cannot be restored here, and why (the restore changed nothing). */
export class BackupError extends Error {}

/** The manifest a backup file starts with. */
export async function readBackupManifest(file: string): Promise<BackupManifest> {
  for await (const { header } of readFrames(file)) {
    if (header.t !== 'manifest') break
    const { t: _, ...manifest } = header
    if (manifest.format !== BACKUP_FORMAT) throw new BackupError(`backup format ${manifest.format} is not one this version reads (${BACKUP_FORMAT})`)
    return manifest
  }
  throw new BackupError('this is not a Freightdesk backup')
}

/**
 * Why this code cannot restore a backup (null when it can): a migration it does not know (the
 * backup comes from a newer version: upgrade first), or one whose text differs from this code's.
 */
export function restoreRefusal(manifest: BackupManifest, known: Migration[] = readMigrations()) {
  const byName = new Map(known.map((migration) => [migration.name, migration]))
  const unknown = manifest.migrations.filter((migration) => !byName.has(migration.name))
  if (unknown.length) {
    return `the backup comes from a newer schema: this version does not know the migration(s) ${unknown.map((m) => m.name).join(', ')}. Restore it with the version that made it (${manifest.version}) or a newer one.`
  }
  const changed = manifest.migrations.filter((migration) => byName.get(migration.name)!.checksum !== migration.checksum)
  if (changed.length)
    return `the migration(s) ${changed.map((m) => m.name).join(', ')} differ from this version's: the backup was made by another branch of the code.`
  return null
}

/** Feeds one chunk to a COPY FROM, waiting while it is full; its error (a bad row) is thrown here. */
async function copyInto(stream: ReturnType<typeof copyFrom>, payload: Buffer) {
  if (stream.errored) throw stream.errored
  if (stream.write(payload)) return
  await new Promise<void>((resolve, reject) => {
    const done = (error?: Error) => {
      stream.off('drain', done)
      stream.off('error', done)
      if (error) reject(error)
      else resolve()
    }
    stream.once('drain', done)
    stream.once('error', done)
  })
}

/**
 * Restores `file` into the database at `url` (everything of the app's schema is replaced) and,
 * when the backup has them and files are on disk, the storage folder. Throws BackupError, with
 * nothing changed, for a backup it must refuse or that turns out damaged.
 */
export async function restoreBackup({
  file,
  url = env().DATABASE_URL,
  storageDir = storageFolder(),
  migrations = readMigrations(),
}: {
  file: string
  url?: string
  storageDir?: string | null
  migrations?: Migration[]
}): Promise<BackupSummary & { applied: string[] }> {
  const manifest = await readBackupManifest(file)
  const refusal = restoreRefusal(manifest, migrations)
  if (refusal) throw new BackupError(refusal)
  const byName = new Map(migrations.map((migration) => [migration.name, migration]))
  const columnsOf = new Map(manifest.tables.map((table) => [table.name, table.columns]))
  const staging = storageDir && manifest.files ? `${storageDir}.restoring-${process.pid}` : null
  const client = new pg.Client({ connectionString: url })
  const rows: Record<string, number> = {}
  let files = 0
  let fileBytes = 0
  let done = false
  let copying: ReturnType<typeof copyFrom> | null = null
  // A connection that breaks mid-restore is reported by the query it fails, never as an unheard event.
  client.on('error', () => {})
  await client.connect()
  try {
    if (staging) await fs.rm(staging, { recursive: true, force: true })
    const maintenance = await client
      .query<{ message: string | null; until: Date | null; startedAt: Date }>(`SELECT message, until, "startedAt" FROM "MaintenanceMode"`)
      .then(
        (result) => result.rows,
        () => [],
      )
    await client.query('BEGIN')
    await client.query('DROP SCHEMA public CASCADE')
    await client.query('CREATE SCHEMA public')
    await client.query(MIGRATIONS_TABLE)
    for (const { name } of manifest.migrations) await client.query(byName.get(name)!.sql)
    await client.query(`SET LOCAL session_replication_role = replica`)

    let table: string | null = null
    let writing: { handle: fs.FileHandle; key: string; size: number; written: number } | null = null
    for await (const { header, payload } of readFrames(file)) {
      if (header.t === 'table') {
        const columns = columnsOf.get(header.name)
        if (!columns) throw new BackupError(`the backup's table ${header.name} is not in its manifest`)
        table = header.name
        copying = client.query(copyFrom(`COPY ${quoteIdent(table)} (${columns.map(quoteIdent).join(', ')}) FROM STDIN`))
        // Its error reaches copyInto and `finished` below; unheard, it would end the process.
        copying.on('error', () => {})
      } else if (header.t === 'file') {
        if (!staging) continue
        if (header.key.split('/').some((part) => part === '..' || part === '') || path.isAbsolute(header.key))
          throw new BackupError(`unsafe file name ${header.key}`)
        const target = path.join(staging, ...header.key.split('/'))
        // Restored files are as private as stored ones: folders 0700, files 0600.
        await fs.mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_FOLDER_MODE })
        writing = { handle: await fs.open(target, 'wx', PRIVATE_FILE_MODE), key: header.key, size: header.size, written: 0 }
      } else if (header.t === 'data' && payload) {
        if (copying) await copyInto(copying, payload)
        else if (writing) {
          await writing.handle.write(payload)
          writing.written += payload.length
        }
      } else if (header.t === 'end') {
        if (copying && table) {
          copying.end()
          await finished(copying)
          if (copying.rowCount !== header.rows) throw new BackupError(`table ${table}: ${copying.rowCount} rows read, the backup says ${header.rows}`)
          rows[table] = copying.rowCount
          copying = null
          table = null
        } else if (writing) {
          await writing.handle.close()
          if (writing.written !== writing.size) throw new BackupError(`file ${writing.key} is incomplete`)
          files++
          fileBytes += writing.size
          writing = null
        } else if (!staging) files++
      } else if (header.t === 'done') done = true
    }
    if (!done) throw new BackupError('the backup file is incomplete (no closing frame)')
    // The migrations this version has beyond the backup's, on the restored rows, in the same transaction.
    await client.query(`SET LOCAL session_replication_role = DEFAULT`)
    const restored = new Set(manifest.migrations.map((migration) => migration.name))
    const applied: string[] = []
    for (const migration of migrations.filter((known) => !restored.has(known.name))) {
      await client.query(migration.sql)
      await client.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count) VALUES (gen_random_uuid(), $1, now(), $2, 1)`,
        [migration.checksum, migration.name],
      )
      applied.push(migration.name)
    }
    for (const sequence of manifest.sequences) {
      await client.query(
        sequence.lastValue === null
          ? `SELECT setval($1::regclass, (SELECT start_value FROM pg_sequences WHERE schemaname = 'public' AND sequencename = $2), false)`
          : `SELECT setval($1::regclass, $3::bigint, true)`,
        sequence.lastValue === null ? [quoteIdent(sequence.name), sequence.name] : [quoteIdent(sequence.name), sequence.name, sequence.lastValue],
      )
    }
    await client.query('COMMIT')
    await applyMigrations(url)
    for (const row of maintenance) {
      await client.query(`INSERT INTO "MaintenanceMode" (id, message, until, "startedAt") VALUES (1, $1, $2, $3) ON CONFLICT (id) DO NOTHING`, [
        row.message,
        row.until,
        row.startedAt,
      ])
    }
    if (staging && storageDir) await replaceFolder(await privateFolder(storageDir), staging)
    return { manifest, rows, files, fileBytes, applied }
  } catch (error) {
    // A COPY still open (a file cut off mid-table) is failed first, or the ROLLBACK would wait behind it.
    if (copying && !copying.writableFinished) {
      const open: ReturnType<typeof copyFrom> = copying
      open.destroy(error instanceof Error ? error : new Error(String(error)))
      await finished(open).catch(() => {})
    }
    await client.query('ROLLBACK').catch(() => {})
    throw error
  } finally {
    await client.end().catch(() => {})
    if (staging) await fs.rm(staging, { recursive: true, force: true })
  }
}

/** The storage folder becomes the restored one: files not in the backup go, the backup's arrive. */
async function replaceFolder(target: string, staged: string) {
  const keep = new Set<string>()
  for await (const { file, key } of walk(staged)) {
    keep.add(key)
    const destination = path.join(target, ...key.split('/'))
    await fs.mkdir(path.dirname(destination), { recursive: true, mode: PRIVATE_FOLDER_MODE })
    await fs.rename(file, destination)
  }
  for await (const { file, key } of walk(target)) if (!keep.has(key)) await fs.rm(file, { force: true })
}

/** Deletes all but the newest `keep` backups in `dir` (by their dated names); returns what went. */
export async function pruneBackups(dir = backupSettings().dir, keep = backupSettings().keep) {
  const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((name) => NAME.test(name)).sort()
  const removed = names.slice(0, Math.max(0, names.length - keep))
  for (const name of removed) await fs.rm(path.join(dir, name), { force: true })
  return removed
}

/** The daily job's work (app/models/tasks/backup.server.ts): a backup, then the oldest beyond BACKUP_KEEP go. */
export async function dailyBackup() {
  const { dir, keep } = backupSettings()
  const { file, summary } = await writeBackup({ dir })
  const removed = await pruneBackups(dir, keep)
  return { file, summary, removed }
}
