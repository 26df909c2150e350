/**
 * Before each integration test file: its own database cloned from the migrated template (unit
 * tests get none: tests/setup/console-guard.ts alone). Runs before console-guard.ts, which keeps
 * the OUTBOX_DIR set here.
 */
import { randomBytes } from 'node:crypto'
import os from 'node:os'
import path from 'node:path'

import { afterAll, inject } from 'vitest'

import { createDatabaseIfMissing, dropDatabase, withDatabase } from '../../app/utils/db-setup.server'

const { adminUrl, template } = inject('testDatabase')
const name = `freightdesk_test_${randomBytes(6).toString('hex')}`
await createDatabaseIfMissing(adminUrl, name, template)
process.env.DATABASE_URL = withDatabase(adminUrl, name)
process.env.OUTBOX_DIR = path.join(os.tmpdir(), `freightdesk-outbox-${name}`)

afterAll(async () => {
  const { prisma } = await import('../../app/utils/db.server')
  await prisma.$disconnect()
  await dropDatabase(adminUrl, name)
})
