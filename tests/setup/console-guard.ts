/**
 * Before each test file, unit and integration alike: the environment the app expects, and a
 * console.error during a test fails it.
 */
import os from 'node:os'
import path from 'node:path'

import { afterEach, beforeEach, expect, vi } from 'vitest'

// Unit tests have no database: a query from one fails to connect (integration files set theirs first).
process.env.DATABASE_URL ??= 'postgresql://unit-tests-have-no-database@127.0.0.1:9/none'
process.env.SESSION_SECRET = 'test-session-secret-that-is-long-enough'
process.env.OUTBOX_DIR ??= path.join(os.tmpdir(), `freightdesk-outbox-${process.pid}`)
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
