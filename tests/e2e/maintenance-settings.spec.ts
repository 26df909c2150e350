import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import type { Browser, Page } from '@playwright/test'

import { freePort, type ServerProcess, startServer } from '../server-process'
import { expect, test } from './fixtures'

/**
 * Maintenance mode from the settings page (ADR 104), with and without JavaScript: the
 * site organization's admin finds it in the navigation and switches it on with a message; a
 * dispatcher signed in before, navigating, sees the maintenance page with that message (with
 * JavaScript: a data request the dashboard's error boundary used to show as "cannot reach its
 * database"); the admin switches it off and the dispatcher works again. On a server and database
 * of its own: the suite's shared server must never go into maintenance under the other specs.
 */
test.describe.configure({ mode: 'serial' })

let server: ServerProcess
let dataDir: string
const stamp = Date.now().toString(36)
const admin = { email: `site-admin-${stamp}@example.test`, password: 'a safe password' }
const dispatcher = { email: `dispatcher-${stamp}@example.test`, password: 'a user password' }

test.beforeAll(async () => {
  test.setTimeout(180_000)
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fd-e2e-maintenance-settings-'))
  // Run as root, the embedded PostgreSQL runs as `postgres`: it must reach its folder inside.
  fs.chmodSync(dataDir, 0o755)
  server = await startServer(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: undefined,
      EMBEDDED_PG_PORT: String(await freePort()),
      EMBEDDED_PG_FSYNC: 'off',
      JOB_WORKER: 'off',
      INBOUND_SMTP_PORT: undefined,
    },
    { compiled: true },
  )
  // The first organization made is the site organization: its admin runs maintenance mode.
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
})

test.afterAll(async () => {
  await server?.stop()
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
})

/** A page of its own browser context (its own cookies), signed in as this user. */
async function signedIn(browser: Browser, javaScriptEnabled: boolean, who: { email: string; password: string }) {
  const context = await browser.newContext({ javaScriptEnabled })
  const page = await context.newPage()
  await page.goto(`${server.base}/auth/login`)
  await page.getByLabel('Email address').fill(who.email)
  await page.getByLabel('Password').fill(who.password)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(/\/dashboard\//)
  return page
}

async function navigateTo(page: Page, to: string) {
  await page.locator(`a[href="${to}"]`).first().click()
}

test('the site admin switches maintenance on from the page, a signed-in dispatcher sees the maintenance page, the admin switches it off', async ({
  browser,
}, testInfo) => {
  const javaScript = testInfo.project.use.javaScriptEnabled !== false
  // The dispatcher signs in before: during maintenance no one else can.
  const dispatcherPage = await signedIn(browser, javaScript, dispatcher)
  await dispatcherPage.goto(`${server.base}/dashboard/app`)
  await expect(dispatcherPage.locator('a[href="/dashboard/maintenance"]')).toHaveCount(0)

  const adminPage = await signedIn(browser, javaScript, admin)
  await adminPage.goto(`${server.base}/dashboard/app`)
  await navigateTo(adminPage, '/dashboard/maintenance')
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Maintenance mode' })).toBeVisible()
  await expect(adminPage.getByTestId('maintenance-status')).toHaveText('Off: everyone is using Freightdesk as usual.')

  // A bad end time is answered at its field, and the message typed stays.
  await adminPage.getByLabel('Message for everyone').fill('Restoring last night’s backup')
  await adminPage.getByLabel('Until').fill('soon')
  await adminPage.getByRole('button', { name: 'Turn maintenance on' }).click()
  await expect(adminPage.getByText('Give a duration such as 30m, 2h or 1d, or a date and time such as 2026-12-01T06:00Z.')).toBeVisible()
  await expect(adminPage.getByLabel('Message for everyone')).toHaveValue('Restoring last night’s backup')
  await adminPage.getByLabel('Until').fill('2h')
  await adminPage.getByRole('button', { name: 'Turn maintenance on' }).click()
  await expect(adminPage.getByTestId('maintenance-status')).toContainText('On since')
  await expect(adminPage.getByTestId('maintenance-state')).toContainText('Restoring last night’s backup')
  await expect.poll(async () => (await (await fetch(`${server.base}/health`)).json()).status, { timeout: 10_000 }).toBe('maintenance')

  // The dispatcher, already on a page, follows a link: with JavaScript a data request answered 503.
  await navigateTo(dispatcherPage, '/dashboard/kanban')
  await expect(dispatcherPage.getByRole('heading', { level: 1, name: 'Down for maintenance' })).toBeVisible()
  await expect(dispatcherPage.getByTestId('maintenance-message')).toHaveText('Restoring last night’s backup')
  await expect(dispatcherPage.getByText('Briefly unavailable')).toHaveCount(0)

  await adminPage.getByRole('button', { name: 'Turn maintenance off' }).click()
  await expect(adminPage.getByTestId('maintenance-status')).toHaveText('Off: everyone is using Freightdesk as usual.')
  await expect.poll(async () => (await (await fetch(`${server.base}/health`)).json()).status, { timeout: 10_000 }).not.toBe('maintenance')

  await dispatcherPage.goto(`${server.base}/dashboard/kanban`)
  await expect(dispatcherPage.getByTestId('maintenance')).toHaveCount(0)
  await expect(dispatcherPage).toHaveURL(/\/dashboard\/kanban/)
  await dispatcherPage.context().close()
  await adminPage.context().close()
})
