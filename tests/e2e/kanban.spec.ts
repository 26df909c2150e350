import fs from 'node:fs'

import type { APIRequestContext, Page } from '@playwright/test'

import { apiTrailer, apiTruck, apiUser, expect, js, signedIn, signedInAs, test, type TestOrganization, toast, uniqueId, whenHydrated } from './fixtures'

const SHOTS = process.env.KANBAN_SHOTS_DIR

function day(offset: number) {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
}

async function api(request: APIRequestContext, org: TestOrganization, path: string, data: Record<string, unknown>, expected = 201) {
  const response = await request.post(path, { headers: { Authorization: `Bearer ${org.accessToken}` }, data })
  expect(response.status(), await response.text()).toBe(expected)
  return (await response.json()).data as { id: string; version: number; loadNumber: string; status: string }
}

async function apiGetLoad(request: APIRequestContext, org: TestOrganization, id: string) {
  const response = await request.get(`/api/loads/${id}`, { headers: { Authorization: `Bearer ${org.accessToken}` } })
  expect(response.status()).toBe(200)
  return (await response.json()).data as { status: string; version: number }
}

/** A booked load from Dallas to Tulsa with a driver, truck and trailer fit to dispatch. */
async function readyLoad(request: APIRequestContext, org: TestOrganization) {
  const broker = await api(request, org, '/api/brokers', { name: `${uniqueId('BR')} Logistics` })
  const truck = await apiTruck(request, org, { unitNumber: uniqueId('T'), status: 'available' })
  const trailer = await apiTrailer(request, org, { unitNumber: uniqueId('TR') })
  const driver = await apiUser(request, org, {
    role: 'driver',
    firstName: 'Dana',
    lastName: 'Wheeler',
    driverProfile: { licenseNumber: 'DL-5521', licenseExpiry: day(700), medicalCardExpiry: day(500) },
  })
  return api(request, org, '/api/loads', {
    brokerId: broker.id,
    driverId: driver.id,
    truckId: truck.id,
    trailerId: trailer.id,
    linehaulCents: 240_000,
    loadedMiles: 800,
    stops: [
      { type: 'pickup', facilityName: 'Trinity Cold Storage', city: 'Dallas', state: 'TX', windowStart: `${day(3)}T08:00` },
      { type: 'delivery', facilityName: 'Delta Grocers', city: 'Tulsa', state: 'OK', windowStart: `${day(4)}T14:00` },
    ],
  })
}

const column = (page: Page, status: string) => page.getByTestId(`kanban-column-${status}`)
/**
 * dnd-kit's keyboard sensor adds its arrow-key listener in a zero timer after the pick-up, and the
 * browser may deliver an input event before a timer: an arrow pressed at once was lost (1 run in 40).
 * Timers of equal delay run in the order they were set, so one set now runs after the sensor's.
 */
const arrowsListened = (page: Page) => page.evaluate(() => new Promise((resolve) => setTimeout(resolve)))
const card = (page: Page, status: string, loadNumber: string) => column(page, status).locator(`[data-testid="kanban-card"][data-load="${loadNumber}"]`)

async function shoot(page: Page, name: string) {
  if (!SHOTS || !js(test.info())) return
  fs.mkdirSync(SHOTS, { recursive: true })
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` })
  }
  await page.setViewportSize({ width: 1280, height: 720 })
}

test('moves a load with the “Move to” form and refuses a stale one with a toast', async ({ page, request }) => {
  const org = await signedIn(page, request)
  const load = await readyLoad(request, org)

  await page.goto('/dashboard/app')
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dispatch board' }).click()
  await expect(page).toHaveURL(/\/dashboard\/kanban$/)
  await expect(page.getByRole('heading', { name: 'Dispatch board', level: 1 })).toBeVisible()
  const booked = card(page, 'booked', load.loadNumber)
  await expect(booked).toContainText('Dallas, TX')
  await expect(booked).toContainText('Tulsa, OK')
  await expect(booked).toContainText('Dana Wheeler')
  await expect(column(page, 'booked').getByTestId('kanban-column-count')).toHaveText('Loads in this column: 1')
  await expect(column(page, 'in_transit')).toContainText('No loads here')
  await shoot(page, 'kanban')

  // Only the legal next steps are offered (cancel stays on the load page).
  const select = booked.getByLabel(`Move to (${load.loadNumber})`)
  await expect(select.locator('option')).toHaveText(['Dispatched'])
  await whenHydrated(page)
  await booked.getByRole('button', { name: 'Move' }).click()
  await expect(toast(page, `Load ${load.loadNumber}: Dispatched`, 'success')).toBeVisible()
  const dispatched = card(page, 'dispatched', load.loadNumber)
  await expect(dispatched).toBeVisible()
  await expect(card(page, 'booked', load.loadNumber)).toHaveCount(0)
  await expect(dispatched.getByLabel(`Move to (${load.loadNumber})`).locator('option')).toHaveText(['At pickup', 'Booked'])

  // Someone else moves it meanwhile: the form's version is stale, nothing is written, the toast says why.
  const current = await apiGetLoad(request, org, load.id)
  await api(request, org, `/api/loads/${load.id}/status`, { status: 'at_pickup', version: current.version }, 200)
  await dispatched.getByRole('button', { name: 'Move' }).click()
  await expect(toast(page, 'The load was not moved', 'error')).toContainText('Someone else saved this record')
  await expect(card(page, 'at_pickup', load.loadNumber)).toBeVisible()
  expect(await apiGetLoad(request, org, load.id)).toMatchObject({ status: 'at_pickup', version: current.version + 1 })
})

test('drags a card with the keyboard to the next column, and refuses an illegal drop @js-only', async ({ page, request }) => {
  const org = await signedIn(page, request)
  const load = await readyLoad(request, org)
  await page.goto('/dashboard/kanban')
  await whenHydrated(page)

  // Space picks the card up, the right arrow goes to the next column, Space drops it there.
  const handle = card(page, 'booked', load.loadNumber).getByRole('button', { name: `Drag load ${load.loadNumber}` })
  await handle.focus()
  await page.keyboard.press('Space')
  await expect(page.getByText(`Picked up load ${load.loadNumber} in Booked.`)).toBeAttached()
  await arrowsListened(page)
  await page.keyboard.press('ArrowRight')
  await expect(page.getByText(`Load ${load.loadNumber} is over Dispatched. Drop it to move it there.`)).toBeAttached()
  await page.keyboard.press('Space')
  await expect(toast(page, `Load ${load.loadNumber}: Dispatched`, 'success')).toBeVisible()
  await expect(card(page, 'dispatched', load.loadNumber)).toBeVisible()
  await expect(card(page, 'booked', load.loadNumber)).toHaveCount(0)
  expect(await apiGetLoad(request, org, load.id)).toMatchObject({ status: 'dispatched', version: 2 })

  // Two columns on (in transit) is not a next step of a dispatched load: refused, and the card stays.
  // Picked up while the board still reloads after the drop, the card would be dropped by the re-render.
  await expect(page.locator('[role="progressbar"]')).toHaveAttribute('data-state', 'idle')
  const again = card(page, 'dispatched', load.loadNumber).getByRole('button', { name: `Drag load ${load.loadNumber}` })
  await again.focus()
  await page.keyboard.press('Space')
  await expect(page.getByText(`Picked up load ${load.loadNumber} in Dispatched.`)).toBeAttached()
  await arrowsListened(page)
  await page.keyboard.press('ArrowRight')
  await expect(page.getByText(`Load ${load.loadNumber} is over At pickup. Drop it to move it there.`)).toBeAttached()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByText(`Load ${load.loadNumber} is over In transit, which is not one of its next steps.`)).toBeAttached()
  await page.keyboard.press('Space')
  await expect(page.getByTestId('kanban-announcement')).toHaveText(`Load ${load.loadNumber} dropped on In transit.`)
  await expect(toast(page, 'The load was not moved', 'error')).toContainText('A load that is Dispatched cannot become In transit.')
  await expect(card(page, 'dispatched', load.loadNumber)).toBeVisible()
  await expect(card(page, 'in_transit', load.loadNumber)).toHaveCount(0)
  expect(await apiGetLoad(request, org, load.id)).toMatchObject({ status: 'dispatched', version: 2 })
  // The live region said where it was dropped, then lets go of it: the old drag is not read again.
  await expect(page.getByTestId('kanban-announcement')).toHaveText('', { timeout: 15_000 })
  await expect(page.getByText(`Load ${load.loadNumber} dropped on In transit.`)).toHaveCount(0)
})

test('drags a card with the pointer to the next column @js-only', async ({ page, request }) => {
  const org = await signedIn(page, request)
  const load = await readyLoad(request, org)
  await page.goto('/dashboard/kanban')
  await whenHydrated(page)
  const handle = card(page, 'booked', load.loadNumber).getByRole('button', { name: `Drag load ${load.loadNumber}` })
  const from = (await handle.boundingBox())!
  const target = (await column(page, 'dispatched').boundingBox())!
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
  await page.mouse.down()
  // Several steps past dnd-kit's activation distance, then over the target column.
  await page.mouse.move(from.x + 20, from.y + 10, { steps: 4 })
  await page.mouse.move(target.x + target.width / 2, target.y + 80, { steps: 12 })
  await page.mouse.up()
  await expect(toast(page, `Load ${load.loadNumber}: Dispatched`, 'success')).toBeVisible()
  await expect(card(page, 'dispatched', load.loadNumber)).toBeVisible()
  expect(await apiGetLoad(request, org, load.id)).toMatchObject({ status: 'dispatched' })
})

test('shows viewers the board read-only and sends drivers to their own loads', async ({ page, request }) => {
  const { org } = await signedInAs(page, request, 'viewer')
  const load = await readyLoad(request, org)
  await page.goto('/dashboard/kanban')
  await whenHydrated(page)
  await expect(page.getByText('Your role can look at the board')).toBeVisible()
  await expect(card(page, 'booked', load.loadNumber)).toBeVisible()
  await expect(page.getByTestId('kanban-move-form')).toHaveCount(0)
  await expect(page.getByTestId('kanban-drag-handle')).toHaveCount(0)

  const driver = await apiUser(request, org, { role: 'driver' })
  await page.context().clearCookies()
  const response = await page.request.post('/auth/login', { form: { email: driver.email, password: driver.password! }, maxRedirects: 0 })
  expect(response.status()).toBe(302)
  await page.goto('/dashboard/kanban')
  await expect(page).toHaveURL(/\/dashboard\/loads\/mine$/)
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dispatch board' })).toHaveCount(0)
})

test('lays the board out right to left in Arabic @js-only', async ({ page, request }) => {
  const org = await signedIn(page, request)
  const load = await readyLoad(request, org)
  await page.context().addCookies([{ name: 'i18nextLng', value: 'ar', url: test.info().project.use.baseURL! }])
  await page.goto('/dashboard/kanban')
  await expect(page.getByRole('heading', { name: 'لوحة التوزيع', level: 1 })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  const booked = (await column(page, 'booked').boundingBox())!
  const dispatched = (await column(page, 'dispatched').boundingBox())!
  // The first status is on the right, the next one to its left.
  expect(dispatched.x).toBeLessThan(booked.x)
  await expect(card(page, 'booked', load.loadNumber)).toContainText('Dallas, TX')
  // The columns scroll inside the board; the page itself never gets wider than the screen.
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${width} px`).toBe(0)
  }
  await shoot(page, 'kanban-ar')
})
