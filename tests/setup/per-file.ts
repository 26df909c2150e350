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

// The files of a worker share its process (vitest.config.ts, ADR 119): what a file sets in the
// environment (a short statement timeout, a storage folder) is undone after it. The database and
// outbox set here and the session secret console-guard.ts sets stay: every file sets them again,
// and a closing pool's last check may still read them.
const environment = { ...process.env }
const SET_FOR_EVERY_FILE = new Set(['DATABASE_URL', 'OUTBOX_DIR', 'SESSION_SECRET'])

const { adminUrl, template } = inject('testDatabase')
const name = `freightdesk_test_${randomBytes(6).toString('hex')}`
await createDatabaseIfMissing(adminUrl, name, template)
process.env.DATABASE_URL = withDatabase(adminUrl, name)
process.env.OUTBOX_DIR = path.join(os.tmpdir(), `freightdesk-outbox-${name}`)

afterAll(async () => {
  const { prisma } = await import('../../app/utils/db.server')
  await prisma.$disconnect()
  await dropDatabase(adminUrl, name)
  for (const variable of Object.keys(process.env)) if (!(variable in environment) && !SET_FOR_EVERY_FILE.has(variable)) delete process.env[variable]
  Object.assign(process.env, environment)
})
