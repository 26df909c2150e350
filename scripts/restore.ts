/**
 * `npm run restore -- FILE --yes`: replaces everything in the configured database (DATABASE_URL,
 * else the embedded one) and, when files are on disk, the storage folder, with a backup made by
 * `npm run backup`. Refuses without --yes, and refuses a backup from a newer schema (a migration
 * this version does not know). One transaction: a failed restore changes nothing. Stop the app
 * servers, or turn maintenance mode on, first (docs/decisions/069-operations.md).
 */
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'

import { configuredDatabase } from './lib/configured-database.ts'

function usage(message: string): never {
  console.error(`${message}\nUsage: npm run restore -- FILE --yes   (FILE: a backup written by npm run backup, in BACKUP_DIR)`)
  process.exit(1)
}

let parsed
try {
  parsed = parseArgs({ args: process.argv.slice(2), allowPositionals: true, options: { yes: { type: 'boolean', default: false } } })
} catch (error) {
  usage((error as Error).message)
}
const [file, ...rest] = parsed.positionals
if (!file || rest.length) usage('Name one backup file.')
if (!fs.existsSync(file)) usage(`No such file: ${file}`)

const { BackupError, readBackupManifest, restoreBackup, restoreRefusal } = await import('../app/models/operations/backup.server.ts')
let manifest
try {
  manifest = await readBackupManifest(path.resolve(file))
} catch (error) {
  usage(`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`)
}
const refusal = restoreRefusal(manifest)
if (refusal) {
  console.error(`Refused: ${refusal}`)
  process.exit(1)
}
const target = process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL) : null
const where = target ? `${target.hostname}:${target.port || 5432}${target.pathname}` : 'the embedded database'
if (!parsed.values.yes) {
  console.error(
    `This replaces ALL data in ${where}${manifest.files ? ' and the storage folder' : ''} with the backup of ${manifest.createdAt} ` +
      `(version ${manifest.version}, schema ${manifest.migrations.at(-1)?.name ?? 'empty'}). Run it again with --yes to go ahead.`,
  )
  process.exit(1)
}

// The schema comes from the backup; the migrations after it run once the rows are in.
const database = await configuredDatabase({ migrate: false })
let failed = false
try {
  const started = performance.now()
  const result = await restoreBackup({ file: path.resolve(file) })
  const rows = Object.values(result.rows).reduce((sum, count) => sum + count, 0)
  console.info(
    `Restored ${rows} rows in ${Object.keys(result.rows).length} tables${manifest.files ? ` and ${result.files} stored files` : ''} from ${file} (${((performance.now() - started) / 1000).toFixed(1)} s).`,
  )
  if (result.applied.length) console.info(`The backup's schema was brought up to this version's: ${result.applied.join(', ')}`)
} catch (error) {
  failed = true
  console.error(
    `${error instanceof BackupError ? 'Refused' : 'Restore failed'}, nothing was changed: ${error instanceof Error ? error.message : String(error)}`,
  )
} finally {
  await database.stop()
}
process.exit(failed ? 1 : 0)
