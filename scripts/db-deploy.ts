/**
 * Applies pending migrations to DATABASE_URL (or the embedded database when it is unset).
 * The server does this at start; this is for deployments that migrate as a separate step.
 */
import { applyMigrations, startEmbeddedPostgres } from '../app/utils/db-setup.server'

let stop = async () => {}
let url = process.env.DATABASE_URL
if (!url) {
  const embedded = await startEmbeddedPostgres({ dataDir: `${process.env.DATA_DIR ?? '.data'}/postgres` })
  url = embedded.url
  stop = embedded.stop
}
const applied = await applyMigrations(url)
console.info(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.')
await stop()
