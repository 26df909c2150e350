/**
 * The database an operator's script works on (maintenance, backup, restore): DATABASE_URL when
 * set, else the embedded one of `npm start` and `npm run db:serve` (DATA_DIR/postgres on
 * EMBEDDED_PG_PORT). A running embedded database (the app's or db:serve's) is used as it is and
 * left running; one that is not running is started for the script and stopped after it.
 */
import path from 'node:path'

import pg from 'pg'

import { applyMigrations, startEmbeddedPostgres } from '../../app/utils/db-setup.server.ts'

export type ConfiguredDatabase = { url: string; embedded: boolean; stop: () => Promise<void> }

async function answers(url: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 })
  try {
    await client.connect()
    await client.query('SELECT 1')
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

/** The embedded database's folder, as server.ts chooses it. */
export function embeddedDataDir() {
  return path.join(path.resolve(process.env.DATA_DIR ?? '.data'), 'postgres')
}

/**
 * The configured database, migrated unless `migrate: false` (a restore brings the schema to the
 * backup's own level). Sets DATABASE_URL for the app modules the script loads.
 */
export async function configuredDatabase({ migrate = true } = {}): Promise<ConfiguredDatabase> {
  let database: ConfiguredDatabase
  if (process.env.DATABASE_URL) {
    database = { url: process.env.DATABASE_URL, embedded: false, stop: async () => {} }
  } else {
    const port = Number(process.env.EMBEDDED_PG_PORT ?? 54329)
    const url = `postgresql://postgres:postgres@127.0.0.1:${port}/freightdesk`
    if (await answers(url)) database = { url, embedded: true, stop: async () => {} }
    else {
      const started = await startEmbeddedPostgres({ dataDir: embeddedDataDir(), port })
      database = { url: started.url, embedded: true, stop: started.stop }
    }
  }
  process.env.DATABASE_URL = database.url
  // The storage folder as server.ts chooses it (backups take its files when they are on disk).
  process.env.STORAGE_DIR ??= path.join(path.resolve(process.env.DATA_DIR ?? '.data'), 'storage')
  // The app's env() asks for a secret; these scripts sign nothing.
  process.env.SESSION_SECRET ??= 'operator-script-signs-nothing'
  if (migrate) await applyMigrations(database.url)
  return database
}
