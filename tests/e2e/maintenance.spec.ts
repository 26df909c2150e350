import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'

import { freePort, type ServerProcess, startServer } from '../server-process'
import { expect, test } from './fixtures'

/**
 * Signing in during maintenance mode, with and without JavaScript: only the site
 * organization's admins get in; anyone else is told why, in the form, and gets no session. On a
 * server and database of its own: the suite's shared server must never go into maintenance under
 * the other specs.
 */
test.describe.configure({ mode: 'serial' })

let server: ServerProcess
let database: pg.Client
let dataDir: string
const admin = { email: `site-admin-${Date.now().toString(36)}@example.test`, password: 'a safe password' }
const dispatcher = { email: `dispatcher-${Date.now().toString(36)}@example.test`, password: 'a user password' }

test.beforeAll(async () => {
  test.setTimeout(180_000)
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fd-e2e-maintenance-'))
  // Run as root, the embedded PostgreSQL runs as `postgres`: it must reach its folder inside.
  fs.chmodSync(dataDir, 0o755)
  const pgPort = await freePort()
  server = await startServer(
    { DATA_DIR: dataDir, DATABASE_URL: undefined, EMBEDDED_PG_PORT: String(pgPort), EMBEDDED_PG_FSYNC: 'off', JOB_WORKER: 'off', INBOUND_SMTP_PORT: undefined },
    { compiled: true },
  )
  // The first organization made is the site organization: its admin may sign in during maintenance.
  const registered = await fetch(`${server.base}/api/account/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...admin, firstName: 'Sam', lastName: 'Site', organizationName: 'Site Freight' }),
  })
  expect(registered.status, await registered.clone().text()).toBe(201)
  const { accessToken } = (await registered.json()).data as { accessToken: string }
  const user = await fetch(`${server.base}/api/user`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ ...dispatcher, firstName: 'Dana', lastName: 'Reed', role: 'dispatcher' }),
  })
  expect(user.status, await user.clone().text()).toBe(201)
  // As `npm run maintenance -- on` writes it.
  database = new pg.Client({ connectionString: `postgresql://postgres:postgres@127.0.0.1:${pgPort}/freightdesk` })
  await database.connect()
  await database.query(`INSERT INTO "MaintenanceMode" (id, message) VALUES (1, 'Restoring last night''s backup')`)
  await expect.poll(async () => (await (await fetch(`${server.base}/health`)).json()).status, { timeout: 10_000 }).toBe('maintenance')
})

test.afterAll(async () => {
  await database?.end()
  await server?.stop()
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
})

test('refuses a dispatcher’s sign-in with the reason in the form, and lets the site admin in', async ({ page }) => {
  await page.goto(`${server.base}/auth/login`)
  await page.getByLabel('Email address').fill(dispatcher.email)
  await page.getByLabel('Password').fill(dispatcher.password)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByRole('alert')).toHaveText('Freightdesk is down for maintenance: only administrators can sign in now. Please try again later.')
  await expect(page).toHaveURL(/\/auth\/login/)
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('fd_session')
  await expect(page.getByLabel('Email address')).toHaveValue(dispatcher.email)

  await page.getByLabel('Email address').fill(admin.email)
  await page.getByLabel('Password').fill(admin.password)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(/\/dashboard\//)
  await expect(page.getByText('Welcome back, Sam.')).toBeVisible()
})
