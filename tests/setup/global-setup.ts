/**
 * Once per `vitest run`: a PostgreSQL server (embedded unless DATABASE_URL is set) and a template
 * database with every migration applied. Each test file clones it (tests/setup/per-file.ts), so
 * every file starts from a clean, migrated database in a few milliseconds.
 */
import { execSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

import type { TestProject } from 'vitest/node'

import { applyMigrations, createDatabaseIfMissing, dropDatabase, startEmbeddedPostgres, withDatabase } from '../../app/utils/db-setup.server'

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: { adminUrl: string; template: string }
  }
}

/**
 * Test servers run build/server.js (tests/server-process.ts): built again here, once, when
 * server.ts or anything under app/ is newer, so a run after an edit never tests the old server.
 * The app itself (build/server/index.js) comes from `npm run build`, as before.
 */
function buildServerIfStale() {
  const built = fs.existsSync('build/server.js') ? fs.statSync('build/server.js').mtimeMs : 0
  const sources = ['server.ts', ...fs.readdirSync('app', { recursive: true, encoding: 'utf8' }).map((file) => path.join('app', file))]
  if (sources.some((file) => fs.statSync(file).mtimeMs > built)) execSync('npm run build:server', { stdio: 'inherit' })
}

type TestDatabase = { adminUrl: string; template: string; stop: () => Promise<void> }
/**
 * The integration tests are two projects (vitest.config.ts: files that mock modules keep their
 * isolation): one server and one template for both, stopped when the last of them is done.
 * Global setups run in Vitest's own process, so `globalThis` is theirs to share.
 */
const shared = globalThis as { freightdeskTestDatabase?: Promise<TestDatabase>; freightdeskTestDatabaseUsers?: number }

async function startTestDatabase(): Promise<TestDatabase> {
  if (fs.existsSync('build/server/index.js')) buildServerIfStale()
  let adminUrl: string
  let stop = async () => {}
  if (process.env.DATABASE_URL) {
    adminUrl = withDatabase(process.env.DATABASE_URL, 'postgres')
  } else {
    // A run on another port gets its own folder: two runs sharing one would stop each other's server.
    const port = process.env.TEST_PG_PORT
    const embedded = await startEmbeddedPostgres({
      dataDir: port ? `.data/test-postgres-${port}` : '.data/test-postgres',
      port: Number(port ?? 54330),
      fsync: false,
    })
    adminUrl = embedded.adminUrl
    stop = embedded.stop
  }
  const template = `freightdesk_test_template_${process.pid}`
  await dropDatabase(adminUrl, template)
  await createDatabaseIfMissing(adminUrl, template)
  await applyMigrations(withDatabase(adminUrl, template))
  return {
    adminUrl,
    template,
    stop: async () => {
      await dropDatabase(adminUrl, template)
      await stop()
    },
  }
}

export default async function setup(project: TestProject) {
  shared.freightdeskTestDatabase ??= startTestDatabase()
  shared.freightdeskTestDatabaseUsers = (shared.freightdeskTestDatabaseUsers ?? 0) + 1
  const database = await shared.freightdeskTestDatabase
  project.provide('testDatabase', { adminUrl: database.adminUrl, template: database.template })

  return async () => {
    shared.freightdeskTestDatabaseUsers! -= 1
    if (shared.freightdeskTestDatabaseUsers === 0) {
      shared.freightdeskTestDatabase = undefined
      await database.stop()
    }
  }
}
