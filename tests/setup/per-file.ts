/**
 * Before each test file: its own database cloned from the migrated template, and the
 * environment the app expects. A console.error during a test fails it.
 */
import { randomBytes } from 'node:crypto'
import os from 'node:os'
import path from 'node:path'

import { afterAll, afterEach, beforeEach, expect, inject, vi } from 'vitest'

import { createDatabaseIfMissing, dropDatabase, withDatabase } from '../../app/utils/db-setup.server'

const { adminUrl, template } = inject('testDatabase')
const name = `freightdesk_test_${randomBytes(6).toString('hex')}`
await createDatabaseIfMissing(adminUrl, name, template)
process.env.DATABASE_URL = withDatabase(adminUrl, name)
process.env.SESSION_SECRET = 'test-session-secret-that-is-long-enough'
process.env.OUTBOX_DIR = path.join(os.tmpdir(), `freightdesk-outbox-${name}`)
process.env.NODE_ENV = 'test'
// Contract suites call the API hundreds of times a minute from one address; the limit tests set their own.
process.env.API_RATE_LIMIT_PER_MINUTE ??= '100000'
process.env.API_RATE_LIMIT_PER_IP_PER_MINUTE ??= '100000'

let consoleErrors: unknown[][] = []
beforeEach(() => {
  consoleErrors = []
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args)
  })
})
afterEach(() => {
  vi.restoreAllMocks()
  expect(consoleErrors, 'console.error was called during the test').toEqual([])
})

afterAll(async () => {
  const { prisma } = await import('../../app/utils/db.server')
  await prisma.$disconnect()
  await dropDatabase(adminUrl, name)
})
