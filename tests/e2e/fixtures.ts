import fs from 'node:fs'
import path from 'node:path'

import { type APIRequestContext, expect, type Page, test as base } from '@playwright/test'

import { vinCheckDigit } from '../../app/schemas/vin'

export const DEMO_PASSWORD = 'freightdesk'
export const OUTBOX = path.resolve('.data/e2e/outbox')

/**
 * Every test fails on an uncaught page error or a console error (resource 4xx aside).
 * E2E_CPU_THROTTLE=4 slows each page's CPU fourfold (Chromium's DevTools emulation), as on a busy
 * CI machine: it shows the races a fast machine hides (a click before hydration, an action on the
 * previous page while the next one renders).
 */
export const test = base.extend<{ consoleGuard: void; cpuThrottle: void }>({
  cpuThrottle: [
    async ({ page }, use) => {
      const rate = Number(process.env.E2E_CPU_THROTTLE ?? 0)
      if (rate > 1) await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate })
      await use()
    },
    { auto: true },
  ],
  consoleGuard: [
    async ({ page }, use) => {
      const problems: string[] = []
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) problems.push(`console: ${message.text()}`)
      })
      await use()
      expect(problems).toEqual([])
    },
    { auto: true },
  ],
})
export { expect }

export const js = (testInfo: { project: { name: string } }) => testInfo.project.name === 'js'

/**
 * With JavaScript, waits until the page has hydrated: the settings link becomes a button then.
 * Before that, a select's change or a click that needs JavaScript is lost. Without JavaScript it
 * returns at once.
 */
export async function whenHydrated(page: Page) {
  if (js(base.info())) await expect(page.locator('button[data-testid="settings-button"]')).toBeVisible()
}

export function uniqueId(prefix: string) {
  return `${prefix}${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase()
}

export async function login(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/auth/login')
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(/\/dashboard\//)
}

/** A toast: sonner's with JavaScript, the server-rendered one without. */
export function toast(page: Page, text: string | RegExp, type?: 'info' | 'success' | 'warning' | 'error') {
  const selector = type ? `[data-sonner-toast][data-type="${type}"], [data-toast-type="${type}"]` : '[data-sonner-toast], [data-toast-type]'
  return page.locator(selector).filter({ hasText: text })
}

/** The newest message the app wrote to the outbox for this address. */
export async function lastEmailTo(address: string) {
  let found: { subject: string; text: string } | undefined
  await expect
    .poll(() => {
      const files = fs.existsSync(OUTBOX)
        ? fs
            .readdirSync(OUTBOX)
            .filter((file) => file.endsWith('.json'))
            .sort()
        : []
      found = files
        .map((file) => JSON.parse(fs.readFileSync(path.join(OUTBOX, file), 'utf8')))
        .filter((message) => message.to === address)
        .at(-1)
      return Boolean(found)
    })
    .toBe(true)
  return found!
}

/** A valid VIN (correct check digit) that differs with n. */
export function vin(n: number) {
  const body = `3AKJHHDR0NS${String(n % 1_000_000).padStart(6, '0')}`
  return `${body.slice(0, 8)}${vinCheckDigit(body)}${body.slice(9)}`
}

export type TestOrganization = { email: string; password: string; firstName: string; organizationName: string; accessToken: string }

/**
 * A fresh organization for one spec, made through the public API (its contract is stable), so a
 * spec never reads or writes the shared demo data. Its admin signs in with `login(page, org.email, org.password)`.
 */
export async function registerOrganization(request: APIRequestContext, name = uniqueId('org')): Promise<TestOrganization> {
  const email = `${name}@example.test`.toLowerCase()
  const password = 'a safe password'
  const response = await request.post('/api/account/register', {
    data: { email, password, firstName: 'Casey', lastName: 'Tester', organizationName: `${name} Freight` },
  })
  expect(response.status(), await response.text()).toBe(201)
  const body = await response.json()
  return { email, password, firstName: 'Casey', organizationName: `${name} Freight`, accessToken: body.data.accessToken }
}

/**
 * Signs the page's browser in by posting the sign-in form from its own request context (it shares
 * the cookies). The page stays blank: each test opens the page it is about, rather than every
 * test rendering the dashboard first. auth.spec.ts signs in through the form itself (`login`).
 */
export async function loginByRequest(page: Page, email: string, password = DEMO_PASSWORD) {
  const response = await page.request.post('/auth/login', { form: { email, password }, maxRedirects: 0 })
  expect(response.status(), await response.text()).toBe(302)
}

/** A fresh organization, its admin signed in on `page` (still blank: open the page next). */
export async function signedIn(page: Page, request: APIRequestContext) {
  const org = await registerOrganization(request)
  await loginByRequest(page, org.email, org.password)
  return org
}

/** A truck made through the API in the spec's own organization. */
export async function apiTruck(request: APIRequestContext, org: TestOrganization, data: Record<string, unknown>) {
  const response = await request.post('/api/trucks', { headers: { Authorization: `Bearer ${org.accessToken}` }, data })
  expect(response.status(), await response.text()).toBe(201)
  return (await response.json()).data as { id: string; unitNumber: string; version: number } & Record<string, unknown>
}

/** A trailer made through the API in the spec's own organization. */
export async function apiTrailer(request: APIRequestContext, org: TestOrganization, data: Record<string, unknown>) {
  const response = await request.post('/api/trailers', { headers: { Authorization: `Bearer ${org.accessToken}` }, data })
  expect(response.status(), await response.text()).toBe(201)
  return (await response.json()).data as { id: string; unitNumber: string; version: number } & Record<string, unknown>
}

export type TestUser = { id: string; email: string; password?: string; role: string; version: number } & Record<string, unknown>

/**
 * A user of any role made through the API in the spec's own organization; with a password (the
 * default) they can sign in at once, without one they are invited by email.
 */
export async function apiUser(request: APIRequestContext, org: TestOrganization, data: { role: string; password?: string | null } & Record<string, unknown>) {
  const email = `${uniqueId(data.role)}@example.test`.toLowerCase()
  const password = data.password === null ? undefined : (data.password ?? 'a user password')
  const response = await request.post('/api/user', {
    headers: { Authorization: `Bearer ${org.accessToken}` },
    data: { email, firstName: 'Sam', lastName: `${data.role[0].toUpperCase()}${data.role.slice(1)}`, ...data, password },
  })
  expect(response.status(), await response.text()).toBe(201)
  return { ...((await response.json()).data as TestUser), password }
}

/**
 * A fresh organization and a user of `role` in it, signed in on `page` (the organization's admin
 * token stays available for making records through the API).
 */
export async function signedInAs(page: Page, request: APIRequestContext, role: string) {
  const org = await registerOrganization(request)
  const user = await apiUser(request, org, { role })
  await loginByRequest(page, user.email, user.password)
  return { org, user }
}
