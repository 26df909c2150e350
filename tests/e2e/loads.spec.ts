import fs from 'node:fs'

import type { Page } from '@playwright/test'

import { axe } from './axe'
import { expect, js, loginByRequest, signedIn, test, type TestOrganization, toast, uniqueId, whenHydrated } from './fixtures'
import { api, apiLoad, day, fleet } from './load-fixtures'

const SHOTS = process.env.LOAD_SHOTS_DIR

function table(page: Page) {
  return page.getByTestId('loads-table')
}

async function shoot(page: Page, name: string) {
  if (!SHOTS || !js(test.info())) return
  fs.mkdirSync(SHOTS, { recursive: true })
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true })
  await page.setViewportSize({ width: 1280, height: 720 })
}

let org: TestOrganization
test.beforeEach(async ({ page, request }) => {
  org = await signedIn(page, request)
})

test('lists loads under status tabs with counts, filters them by broker and finds none for a search', async ({ page, request }) => {
  const { broker, driver, truck, trailer } = await fleet(request, org)
  const other = await api(request, org, '/api/brokers', { name: `${uniqueId('OT')} Freight` })
  const first = await apiLoad(request, org, { brokerId: broker.id, brokerReference: 'PL-4471', driverId: driver.id, truckId: truck.id, trailerId: trailer.id })
  await apiLoad(request, org, { brokerId: other.id })
  const canceled = await apiLoad(request, org, { brokerId: broker.id })
  await api(request, org, `/api/loads/${canceled.id}/status`, { status: 'canceled', version: canceled.version }, 200)

  await page.goto('/dashboard/app')
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Loads' }).click()
  await expect(page).toHaveURL(/\/dashboard\/loads\/list$/)
  const tabs = page.getByTestId('load-status-tabs')
  await expect(tabs.getByRole('link', { name: 'All 3' })).toHaveAttribute('aria-current', 'page')
  await expect(tabs.getByRole('link', { name: 'Canceled 1' })).toBeVisible()
  await expect(table(page).getByRole('row')).toHaveCount(4)
  const row = table(page).getByRole('row').filter({ hasText: first.loadNumber })
  await expect(row).toContainText('PL-4471')
  await expect(row).toContainText('Dallas, TX')
  await expect(row).toContainText('Memphis, TN')
  await expect(row).toContainText('Dana Wheeler')
  await expect(row).toContainText('$2,400.00')
  await expect(row).toContainText('$3.00')
  await shoot(page, 'loads-list')

  await tabs.getByRole('link', { name: 'Booked 2' }).click()
  await expect(page).toHaveURL(/status=booked/)
  await expect(table(page).getByRole('row')).toHaveCount(3)
  await whenHydrated(page)
  await page.getByLabel('Broker').selectOption({ label: other.name as string })
  if (!js(test.info())) await page.getByRole('search').getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(new RegExp(`brokerId=${other.id}`))
  await expect(page).toHaveURL(/status=booked/)
  await expect(table(page).getByRole('row')).toHaveCount(2)
  // The tabs count what the broker filter leaves.
  await expect(tabs.getByRole('link', { name: 'All 1' })).toBeVisible()

  await page.goto('/dashboard/loads/list?q=nowhere-city')
  await expect(page.getByRole('heading', { name: 'No matching loads' })).toBeVisible()
  await page.getByRole('link', { name: 'Clear' }).first().click()
  await expect(table(page).getByRole('row')).toHaveCount(4)
  await page.goto('/dashboard/loads/list?q=trinity%20cold')
  await expect(table(page).getByRole('row')).toHaveCount(4)
})

test('dispatches and follows a load with the status buttons, refuses to delete it on the road, and cancels it after confirming', async ({ page, request }) => {
  const { broker, driver, truck, trailer } = await fleet(request, org)
  const load = await apiLoad(request, org, {
    brokerId: broker.id,
    driverId: driver.id,
    truckId: truck.id,
    trailerId: trailer.id,
    commodity: 'Frozen poultry',
    equipmentType: 'reefer',
    temperatureF: 34,
    charges: [{ type: 'fuel_surcharge', description: 'DOE average', amountCents: 33_600 }],
    notes: 'Call the receiver one hour out.',
  })
  await page.goto('/dashboard/loads/list')
  await table(page).getByRole('link', { name: load.loadNumber, exact: true }).click()
  await expect(page.getByRole('heading', { name: `Load ${load.loadNumber}` })).toBeVisible()
  await expect(page.getByTestId('load-details').getByRole('link', { name: broker.name as string })).toBeVisible()
  await expect(page.getByTestId('load-stops')).toContainText('Trinity Cold Storage')
  await expect(page.getByTestId('load-charges')).toContainText('Fuel surcharge')
  await expect(page.getByTestId('load-money')).toContainText('$2,736.00')
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/dashboard/loads/${load.id}/edit`)
  await shoot(page, 'loads-view')

  const actions = page.getByTestId('status-actions')
  await actions.getByRole('button', { name: 'Dispatch' }).click()
  await expect(toast(page, `Load ${load.loadNumber}: Dispatched`, 'success')).toBeVisible()
  await expect(page.getByTestId('load-status')).toContainText('Dispatched')
  await expect(actions.getByRole('button', { name: 'Take off assignment' })).toBeVisible()
  // The arrival happened yesterday morning: the move records it at the time given.
  await actions.getByText('At another time…').click()
  await actions.getByLabel('When it happened (not later than now)').fill(`${day(-1)}T08:15`)
  await actions.getByRole('button', { name: 'Arrived at pickup' }).click()
  await expect(page.getByTestId('load-status')).toContainText('At pickup')
  const arrived = await request.get(`/api/loads/${load.id}`, { headers: { Authorization: `Bearer ${org.accessToken}` } })
  expect((await arrived.json()).data.stops[0].actualArrival).toMatch(new RegExp(`^${day(-1)}T`))
  await actions.getByRole('button', { name: 'Loaded' }).click()
  await expect(page.getByTestId('load-status')).toContainText('In transit')
  await expect(actions.getByRole('button', { name: 'Arrived at delivery' })).toBeVisible()

  // On the road a load is kept: Delete is not offered. "Loaded" recorded the pickup's times, so the
  // stop action is the delivery's arrival, not "Arrived at" the pickup again.
  await expect(page.getByRole('link', { name: 'Delete' })).toHaveCount(0)
  await expect(page.getByTestId('stop-event')).toHaveText('Arrived at Delta Grocers')

  await whenHydrated(page)
  if (js(test.info())) {
    await actions.getByRole('button', { name: 'Cancel load' }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toContainText(`Cancel load ${load.loadNumber}?`)
    await dialog.getByRole('button', { name: 'Keep the load' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByTestId('load-status')).toContainText('In transit')
    await actions.getByRole('button', { name: 'Cancel load' }).click()
    await dialog.getByRole('button', { name: 'Cancel load' }).click()
  } else {
    await actions.getByRole('link', { name: 'Cancel load' }).click()
    const confirm = page.getByTestId('cancel-confirm')
    await expect(confirm).toContainText(`Cancel load ${load.loadNumber}?`)
    await confirm.getByRole('button', { name: 'Cancel load' }).click()
  }
  await expect(toast(page, `Load ${load.loadNumber}: Canceled`, 'warning')).toBeVisible()
  await expect(page.getByTestId('load-status')).toContainText('Canceled')
  await expect(page.getByTestId('status-actions')).toHaveCount(0)
  await expect(page.getByTestId('cancel-confirm')).toHaveCount(0)
  // Canceling gave the truck back.
  const truckNow = await request.get(`/api/trucks/${truck.id}`, { headers: { Authorization: `Bearer ${org.accessToken}` } })
  expect((await truckNow.json()).data.status).toBe('available')
})

test('offers neither cancel nor delete on a delivered load, and lets the admin reopen it after saying why', async ({ page, request }) => {
  const { broker, driver, truck, trailer } = await fleet(request, org)
  let load = await apiLoad(request, org, { brokerId: broker.id, driverId: driver.id, truckId: truck.id, trailerId: trailer.id })
  for (const status of ['dispatched', 'at_pickup', 'in_transit', 'at_delivery', 'delivered'])
    load = (await api(request, org, `/api/loads/${load.id}/status`, { status, version: load.version }, 200)) as typeof load
  await page.goto(`/dashboard/loads/${load.id}`)
  await expect(page.getByTestId('load-status')).toContainText('Delivered')
  const actions = page.getByTestId('status-actions')
  await expect(actions.getByRole('button', { name: 'Cancel load' })).toHaveCount(0)
  await expect(actions.getByRole('link', { name: 'Cancel load' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Delete' })).toHaveCount(0)
  await expect(page.getByTestId('stop-event')).toHaveCount(0)

  await whenHydrated(page)
  await actions.getByRole('link', { name: 'Reopen' }).click()
  const confirm = page.getByTestId('reopen-confirm')
  await expect(confirm).toContainText(`Reopen load ${load.loadNumber}?`)
  await confirm.getByRole('link', { name: 'Keep it delivered' }).click()
  await expect(confirm).toHaveCount(0)
  await expect(page.getByTestId('load-status')).toContainText('Delivered')
  await actions.getByRole('link', { name: 'Reopen' }).click()
  await expect(confirm).toBeVisible()
  // axe runs in the page, so with JavaScript only.
  if (js(test.info())) expect((await axe(page).analyze()).violations).toEqual([])
  await confirm.getByLabel('Reason (kept in the audit log)').fill('Driver tapped Delivered at the gate')
  await confirm.getByRole('button', { name: 'Reopen load' }).click()
  await expect(toast(page, `Load ${load.loadNumber} reopened: At delivery`, 'warning')).toBeVisible()
  await expect(page.getByTestId('load-status')).toContainText('At delivery')
  await expect(page.getByTestId('reopen-confirm')).toHaveCount(0)
  await expect(page.getByTestId('stop-event')).toHaveText('Departed Delta Grocers')
  await expect(actions.getByRole('button', { name: 'Delivered' })).toBeVisible()
})

test('shows why a dispatch is refused on the page, changing nothing', async ({ page, request }) => {
  const { broker, driver } = await fleet(request, org)
  const load = await apiLoad(request, org, { brokerId: broker.id, driverId: driver.id })
  await page.goto(`/dashboard/loads/${load.id}`)
  await page.getByTestId('status-actions').getByRole('button', { name: 'Dispatch' }).click()
  const alert = page.getByTestId('status-refusal')
  await expect(alert).toContainText('Assign a driver, a truck and a trailer before dispatching.')
  await expect(alert).toContainText('Choose a truck to dispatch.')
  await expect(page.getByTestId('load-status')).toContainText('Booked')
})

test('shows a driver only their own loads, without any action', async ({ page, request }) => {
  const { broker, driver, truck, trailer } = await fleet(request, org)
  const mine = await apiLoad(request, org, { brokerId: broker.id, driverId: driver.id, truckId: truck.id, trailerId: trailer.id })
  const notMine = await apiLoad(request, org, { brokerId: broker.id })
  await page.context().clearCookies()
  await loginByRequest(page, driver.email, driver.password)
  await page.goto('/dashboard/loads/list')
  await expect(page.getByRole('heading', { name: 'My loads' })).toBeVisible()
  await expect(table(page).getByRole('row')).toHaveCount(2)
  await expect(table(page)).toContainText(mine.loadNumber)
  await expect(page.getByRole('link', { name: 'New load' })).toHaveCount(0)
  await expect(page.locator('td:last-child').getByRole('link')).toHaveCount(0)
  await table(page).getByRole('link', { name: mine.loadNumber, exact: true }).click()
  await expect(page.getByRole('heading', { name: `Load ${mine.loadNumber}` })).toBeVisible()
  await expect(page.getByTestId('status-actions')).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0)
  const other = await page.goto(`/dashboard/loads/${notMine.id}`)
  expect(other?.status()).toBe(404)
})
