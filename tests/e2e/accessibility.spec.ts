import type { Page } from '@playwright/test'

import { axe } from './axe'
import { SECOND_LOOK_RULES } from './axe-page'
import { apiUser, expect, js, lastEmailTo, loginByRequest, registerOrganization, signedInAs, test, type TestOrganization, vin } from './fixtures'

/**
 * axe-core on every page, in light left-to-right (English) and dark right-to-left (Arabic):
 * no violation with impact serious or critical. The theme and language are the cookies the
 * settings drawer and the language menu write, so the server renders each look on the first byte.
 */
// Each theme once and each direction once: light left-to-right and dark right-to-left. Colours
// come from the theme and layout from the direction, so the two other pairings would mostly
// repeat these checks at twice the suite's time.
const LOOKS = [
  { mode: 'light', lang: 'en' },
  { mode: 'dark', lang: 'ar' },
] as const

async function useLook(page: Page, look: (typeof LOOKS)[number]) {
  const url = test.info().project.use.baseURL!
  await page.context().addCookies([
    { name: 'themeMode', value: look.mode, url },
    { name: 'i18nextLng', value: look.lang, url },
  ])
}

/**
 * axe runs script in the page, and with JavaScript off the browser runs none (not even timers).
 * So without JavaScript, axe checks the server's page as the no-JS browser built it (noscript
 * content included), shown in a page with JavaScript on but none of the app's scripts. With
 * JavaScript, the hydrated page is checked with its lazy chunks (catalogue, chart) in place.
 */
async function analyze(page: Page) {
  const builder = axe
  if (js(test.info())) {
    // Quiet network for 500 ms: a lazy chunk (the chart) arrives, and React reveals a Suspense
    // boundary up to 300 ms after it (tried: waiting for hydration and no request in flight
    // missed an unlabeled input in the lazy chart).
    await page.waitForLoadState('networkidle')
    // The dark right-to-left look repeats the light look's markup in other colours and another
    // direction and language: it runs the rules those can break, not the structural ones again.
    const second = await page.evaluate(() => document.documentElement.dir === 'rtl')
    return (second ? builder(page).withRules(SECOND_LOOK_RULES) : builder(page)).analyze()
  }
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, '').replace(/<(\/?)noscript\b[^>]*>/gi, '<$1div>')
  const copy = await copyOf(page)
  copy.html = html
  await copy.page.goto(page.url())
  // Colours come from the same stylesheet with or without JavaScript, and the JS project checks
  // contrast in both looks; the slowest rule is not run twice.
  return await builder(copy.page).disableRules(['color-contrast']).analyze()
}

/**
 * One page with JavaScript on but none of the app's scripts per test, reused for every page the
 * test checks: each navigation is answered with the HTML the no-JS browser built.
 */
const copies = new WeakMap<Page, { page: Page; html: string }>()
async function copyOf(page: Page) {
  let copy = copies.get(page)
  if (!copy) {
    const context = await page.context().browser()!.newContext({ javaScriptEnabled: true, viewport: page.viewportSize() })
    const created = { page: await context.newPage(), html: '' }
    await created.page.route('**/*', (route) =>
      route.request().resourceType() === 'script'
        ? route.abort()
        : route.request().isNavigationRequest()
          ? route.fulfill({ contentType: 'text/html', body: created.html })
          : route.continue(),
    )
    copies.set(page, created)
    copy = created
  }
  return copy
}
test.afterEach(async ({ page }) => {
  await copies.get(page)?.page.context().close()
})

/** The serious and critical violations of the page at `path`, one readable line per element. */
async function violations(page: Page, path: string, status = 200) {
  const response = await page.goto(path)
  expect(response?.status(), path).toBe(status)
  const results = await analyze(page)
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map((node) => `${path} ${violation.id}: ${node.target.join(' ')} ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`),
    )
}

let org: TestOrganization
let truckId: string
let trailerId: string
let companyId: string
let customFieldId: string
let newPasswordPath: string

test.beforeAll(async ({ request, baseURL }) => {
  org = await registerOrganization(request)
  // A real reset link, so the new-password page shows its form.
  const reset = await request.post('/auth/reset-password', { form: { email: org.email }, headers: { Origin: baseURL! }, maxRedirects: 0 })
  expect(reset.status(), await reset.text()).toBe(302)
  const link = new URL((await lastEmailTo(org.email)).text.match(/https?:\/\/\S+\/auth\/new-password\?token=\S+/)![0])
  newPasswordPath = `${link.pathname}${link.search}`
  const response = await request.post('/api/trucks', {
    headers: { Authorization: `Bearer ${org.accessToken}` },
    data: {
      unitNumber: 'AXE-1',
      vin: vin(4242),
      make: 'Kenworth',
      model: 'T680',
      year: 2021,
      licensePlate: 'AXE123',
      plateState: 'TX',
      status: 'maintenance',
      // One date past and one soon, so the compliance badges are on the pages too.
      inspectionDue: '2020-01-31',
      registrationExpiry: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
      odometerMiles: 123456,
      notes: 'Checked by axe',
    },
  })
  expect(response.status(), await response.text()).toBe(201)
  truckId = (await response.json()).data.id
  const post = async (path: string, data: Record<string, unknown>) => {
    const created = await request.post(path, { headers: { Authorization: `Bearer ${org.accessToken}` }, data })
    expect(created.status(), await created.text()).toBe(201)
    return (await created.json()).data.id as string
  }
  customFieldId = await post('/api/customfield', { listName: 'trailers', key: 'door_type', label: 'Door type', type: 'select', options: ['Swing', 'Roll-up'] })
  companyId = await post('/api/company', { name: 'Axe Carriers', mcNumber: '123456', city: 'Austin', state: 'TX', notes: 'Checked by axe' })
  trailerId = await post('/api/trailers', { unitNumber: 'AXE-T1', type: 'reefer', lengthFt: 53, companyId, customFields: { door_type: 'Swing' } })
  // A quarter with miles and fuel, so the return page shows its lines and a warning (no rate yet).
  await post('/api/trips', {
    truckId,
    startedAt: '2026-07-01',
    endedAt: '2026-07-02',
    startOdometer: 123_456,
    endOdometer: 124_056,
    jurisdictions: [
      { jurisdiction: 'TX', miles: 400 },
      { jurisdiction: 'OK', miles: 200 },
    ],
  })
  await post('/api/fuel-purchases', { truckId, purchasedAt: '2026-07-01', jurisdiction: 'TX', gallons: 98.5, totalCents: 39_400 })
})

// Each page template once: the trucks' new and delete pages stand for every entity's (the editors
// share their fields and form parts, the delete pages are one component), and the other entities
// check their list, view and edit pages, which differ in columns, sections and fields.
for (const look of LOOKS) {
  // Both looks run with JavaScript. Without it, the server's markup is the same markup the
  // JavaScript project checks, but for what only the no-JS page has: the `noscript` content (the
  // list filters' Apply button), the frame's menus before hydration, the confirm pages. The first
  // look checks those once, on the pages without a session and on the signed-in tour below (a list
  // with filters, a confirm page, the frame); the other groups repeat the same no-JS parts and
  // run with JavaScript only (`tag(false)`; the `no-js` project greps out `@js-only`).
  const tag = (bothModes: boolean) => (look.lang === 'ar' || !bothModes ? '@js-only' : [])
  test.describe(`${look.mode}, ${look.lang}`, () => {
    test('pages without a session have no serious accessibility violation', { tag: tag(true) }, async ({ page }) => {
      test.setTimeout(90_000)
      await useLook(page, look)
      const found = [
        ...(await violations(page, '/auth/login')),
        ...(await violations(page, '/auth/register')),
        ...(await violations(page, '/auth/reset-password')),
        ...(await violations(page, '/auth/reset-password?sent=1')),
        ...(await violations(page, newPasswordPath)),
        ...(await violations(page, '/no/such/page', 404)),
        ...(await violations(page, '/403', 403)),
        ...(await violations(page, '/500', 500)),
      ]
      expect(found).toEqual([])
    })

    test('signed-in pages have no serious accessibility violation', { tag: tag(true) }, async ({ page }) => {
      test.setTimeout(120_000)
      await loginByRequest(page, org.email, org.password)
      await useLook(page, look)
      const found = [
        ...(await violations(page, '/dashboard/app')),
        ...(await violations(page, '/dashboard/trucks/list')),
        ...(await violations(page, '/dashboard/trucks/new')),
        ...(await violations(page, `/dashboard/trucks/${truckId}`)),
        ...(await violations(page, `/dashboard/trucks/${truckId}/edit`)),
        ...(await violations(page, `/dashboard/trucks/${truckId}/delete`)),
        ...(await violations(page, '/dashboard/permission-denied')),
        ...(await violations(page, '/dashboard/no-such-page', 404)),
        ...(await violations(page, '/dashboard/audit')),
        ...(await violations(page, '/dashboard/analytics')),
        ...(await violations(page, '/dashboard/banking')),
        ...(await violations(page, '/dashboard/organization')),
      ]
      expect(found).toEqual([])
    })

    test('trailer, company and custom-field pages have no serious accessibility violation', { tag: tag(false) }, async ({ page }) => {
      test.setTimeout(120_000)
      await loginByRequest(page, org.email, org.password)
      await useLook(page, look)
      const found = [
        ...(await violations(page, '/dashboard/trailers/list?cols=door_type')),
        ...(await violations(page, `/dashboard/trailers/${trailerId}`)),
        ...(await violations(page, `/dashboard/trailers/${trailerId}/edit`)),
        ...(await violations(page, '/dashboard/companies/list')),
        ...(await violations(page, `/dashboard/companies/${companyId}`)),
        ...(await violations(page, `/dashboard/companies/${companyId}/edit`)),
        ...(await violations(page, '/dashboard/customfields/list')),
        ...(await violations(page, `/dashboard/customfields/${customFieldId}/edit`)),
      ]
      expect(found).toEqual([])
    })

    test('fuel tax pages have no serious accessibility violation', { tag: tag(false) }, async ({ page }) => {
      test.setTimeout(90_000)
      await loginByRequest(page, org.email, org.password)
      await useLook(page, look)
      const found = [
        ...(await violations(page, '/dashboard/ifta')),
        ...(await violations(page, '/dashboard/ifta/2026-Q3')),
        ...(await violations(page, '/dashboard/ifta/2026-Q3/rates')),
      ]
      expect(found).toEqual([])
    })

    test('the users pages have no serious accessibility violation', { tag: tag(false) }, async ({ page, request }) => {
      test.setTimeout(120_000)
      // A driver with a license about to expire, so the editor's driver section and the list's badge are checked too.
      const driver = await apiUser(request, org, {
        role: 'driver',
        driverProfile: { licenseNumber: 'AXE-L1', cdlClass: 'A', licenseExpiry: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10) },
      })
      await loginByRequest(page, org.email, org.password)
      await useLook(page, look)
      const found = [
        ...(await violations(page, '/dashboard/user/list')),
        ...(await violations(page, '/dashboard/user/cards')),
        ...(await violations(page, `/dashboard/user/${driver.id}/edit`)),
        ...(await violations(page, '/dashboard/user/profile')),
        ...(await violations(page, '/dashboard/user/account')),
      ]
      expect(found).toEqual([])
    })

    test('the permission-denied answer has no serious accessibility violation', { tag: tag(false) }, async ({ page, request }) => {
      // A viewer of the spec's own organization.
      await signedInAs(page, request, 'viewer')
      await useLook(page, look)
      const found = [...(await violations(page, '/dashboard/permission-denied', 403)), ...(await violations(page, '/dashboard/trucks/new', 403))]
      expect(found).toEqual([])
    })
  })
}

// The broker pages, in the same looks, in an organization of their own with a broker on hold (its notice shows).
for (const look of LOOKS) {
  test(
    `broker pages have no serious accessibility violation (${look.mode}, ${look.lang})`,
    // The broker pages' no-JS parts (the list's Apply button, the frame) are the signed-in tour's.
    { tag: '@js-only' },
    async ({ page, request }) => {
      test.setTimeout(90_000)
      const owner = await registerOrganization(request)
      const response = await request.post('/api/brokers', {
        headers: { Authorization: `Bearer ${owner.accessToken}` },
        data: {
          name: 'Axe Freight Brokers',
          mcNumber: '482193',
          contactName: 'Heather Collins',
          email: 'heather@axe.test',
          billingEmail: 'ap@axe.test',
          city: 'Dallas',
          state: 'TX',
          paymentTerms: 'net_45',
          creditLimitCents: 2_500_000,
          status: 'on_hold',
          notes: 'Checked by axe',
        },
      })
      expect(response.status(), await response.text()).toBe(201)
      const brokerId = (await response.json()).data.id
      // A sent invoice over the credit limit: the money section shows its table and the warning.
      const headers = { Authorization: `Bearer ${owner.accessToken}` }
      const invoice = await request.post('/api/invoice', { headers, data: { brokerId, items: [{ title: 'Linehaul', unitPriceCents: 3_000_000 }] } })
      expect(invoice.status(), await invoice.text()).toBe(201)
      const { id: invoiceId, version } = (await invoice.json()).data
      expect((await request.post(`/api/invoice/${invoiceId}/send`, { headers, data: { version } })).status()).toBe(200)
      await loginByRequest(page, owner.email, owner.password)
      await useLook(page, look)
      const found = [
        ...(await violations(page, '/dashboard/brokers/list')),
        ...(await violations(page, '/dashboard/brokers/list?q=nothing-matches')),
        ...(await violations(page, `/dashboard/brokers/${brokerId}`)),
        ...(await violations(page, `/dashboard/brokers/${brokerId}/edit`)),
      ]
      expect(found).toEqual([])
    },
  )
}
