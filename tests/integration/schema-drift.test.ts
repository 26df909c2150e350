/**
 * Guards against editing prisma/schema.prisma without adding a migration: the database that
 * prisma/migrations builds must be exactly what the schema describes (Prisma's schema engine,
 * run as WebAssembly, computes the difference; see scripts/lib/schema-engine.ts).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startEmbeddedPostgres, withDatabase } from '../../app/utils/db-setup.server.ts'
import { diffMigrationsToSchema, isEmptyDiff, SCHEMA_PATH } from '../../scripts/lib/schema-engine.ts'
import { freePort } from '../server-process.ts'

// First use initialises a cluster, and each diff replays every migration into a scratch database.
const TIMEOUT = 120_000

let adminUrl = ''
let stopEmbedded: (() => Promise<void>) | undefined

beforeAll(async () => {
  if (process.env.DATABASE_URL) {
    // Only scratch databases are created (and dropped) on that server; its own data is untouched.
    adminUrl = withDatabase(process.env.DATABASE_URL, 'postgres')
    return
  }
  const embedded = await startEmbeddedPostgres({
    dataDir: '.data/drift-test',
    port: await freePort(),
    database: 'postgres',
    fsync: false,
  })
  adminUrl = embedded.adminUrl
  stopEmbedded = embedded.stop
}, TIMEOUT)

afterAll(async () => {
  await stopEmbedded?.()
}, TIMEOUT)

describe('schema drift', () => {
  it(
    'prisma/migrations build exactly the datamodel in prisma/schema.prisma',
    async () => {
      const sql = await diffMigrationsToSchema({ adminUrl })
      expect(
        isEmptyDiff(sql),
        `prisma/schema.prisma has changes that no migration contains. ` +
          `Run \`npm run db:migrate -- <name>\` and commit the new folder. Missing SQL:\n${sql}`,
      ).toBe(true)
    },
    TIMEOUT,
  )

  it(
    'reports a schema change that has no migration',
    async () => {
      // Proves the check above can fail: same migrations, schema with one extra model.
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'freightdesk-drift-'))
      const schemaPath = path.join(dir, 'schema.prisma')
      const extraModel = '\nmodel DriftProbe {\n  id   String  @id\n  note String?\n}\n'
      fs.writeFileSync(schemaPath, fs.readFileSync(SCHEMA_PATH, 'utf8') + extraModel)
      try {
        const sql = await diffMigrationsToSchema({ adminUrl, schemaPath })
        expect(isEmptyDiff(sql)).toBe(false)
        expect(sql).toContain('CREATE TABLE "DriftProbe"')
      } finally {
        fs.rmSync(dir, { recursive: true, force: true })
      }
    },
    TIMEOUT,
  )
})
