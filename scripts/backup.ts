/**
 * `npm run backup`: a consistent backup of the configured database (DATABASE_URL, else the
 * embedded one) and, when files are on disk, of the storage folder, into BACKUP_DIR (default
 * DATA_DIR/backups, i.e. .data/backups), named by date; then only the newest BACKUP_KEEP (14)
 * backups are kept. Restore with `npm run restore -- FILE --yes` (docs/decisions/069-operations.md).
 */
import path from 'node:path'

import { configuredDatabase } from './lib/configured-database.ts'

const database = await configuredDatabase()
let failed = false
try {
  const { dailyBackup } = await import('../app/models/operations/backup.server.ts')
  const started = performance.now()
  const { file, summary, removed } = await dailyBackup()
  const rows = Object.values(summary.rows).reduce((sum, count) => sum + count, 0)
  const shown = file.startsWith(`${process.cwd()}${path.sep}`) ? path.relative(process.cwd(), file) : file
  console.info(
    `Backup written: ${shown} (schema ${summary.manifest.migrations.at(-1)?.name ?? 'empty'}, ${summary.manifest.tables.length} tables, ${rows} rows, ` +
      `${summary.manifest.files ? `${summary.files} stored files` : 'files in the bucket, not in this backup'}; ${((performance.now() - started) / 1000).toFixed(1)} s)`,
  )
  if (removed.length) console.info(`Older backups removed (BACKUP_KEEP): ${removed.join(', ')}`)
} catch (error) {
  failed = true
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`)
} finally {
  await database.stop()
}
process.exit(failed ? 1 : 0)
