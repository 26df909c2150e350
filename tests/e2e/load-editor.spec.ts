/**
 * The load editor with JavaScript on and off: stops and charges are added and removed with real
 * submit buttons (Conform's list intents), the load is created and edited, and what was saved is
 * read back through the API. Each test uses its own organization.
 */
import type { APIRequestContext, Page } from '@playwright/test'

import { axe } from './axe'
import { expect, js, loginByRequest, registerOrganization, test, type TestOrganization, uniqueId, whenHydrated } from './fixtures'

async function apiBroker(request: APIRequestContext, org: TestOrganization, name: string) {
  const response = await request.post('/api/brokers', { headers: { Authorization: `Bearer ${org.accessToken}` }, data: { name } })
  expect(response.status(), await response.text()).toBe(201)
  return (await response.json()).data as { id: string }
}

type ApiLoad = {
  version: number
  totalCents: number
  linehaulCents: number
  stops: Array<{ type: string; city: string }>
  charges: Array<{ type: string; amountCents: number }>
}

async function apiLoad(request: APIRequestContext, org: TestOrganization, id: string) {
  const response = await request.get(`/api/loads/${id}`, { headers: { Authorization: `Bearer ${org.accessToken}` } })
  expect(response.status(), await response.text()).toBe(200)
  return (await response.json()).data as ApiLoad
}

const stopRow = (page: Page, index: number) => page.getByTestId('stop-row').nth(index)

test('a load is created with an added delivery and a charge, then edited by removing a stop', async ({ page, request }, testInfo) => {
  const org = await registerOrganization(request)
  const brokerName = `${uniqueId('BRK')} Logistics`
  await apiBroker(request, org, brokerName)
  await loginByRequest(page, org.email, org.password)

  await page.goto('/dashboard/loads/new')
  await whenHydrated(page)
  await expect(page.getByRole('heading', { name: 'New load' })).toBeVisible()
  // A new load starts with one pickup and one delivery.
  await expect(page.getByTestId('stop-row')).toHaveCount(2)
  await page.getByRole('combobox', { name: 'Broker', exact: true }).selectOption({ label: brokerName })
  await page.getByLabel('Linehaul ($)').fill('2,000')
  await page.getByLabel('Loaded miles').fill('400')
  await stopRow(page, 0).getByLabel('Facility').fill('Acme DC')
  await stopRow(page, 0).getByLabel('City').fill('Dallas')
  await stopRow(page, 0).getByLabel('Window opens').fill('2026-12-01T08:00')
  await stopRow(page, 1).getByLabel('City').fill('Tulsa')

  // A second delivery: a round trip to the server without JavaScript, what was typed is kept.
  await page.getByRole('button', { name: 'Add delivery' }).click()
  await expect(page.getByTestId('stop-row')).toHaveCount(3)
  await expect(stopRow(page, 0).getByLabel('City')).toHaveValue('Dallas')
  await expect(stopRow(page, 2).getByRole('combobox', { name: 'Type', exact: true })).toHaveValue('delivery')
  await stopRow(page, 2).getByLabel('City').fill('Wichita')

  await page.getByRole('button', { name: 'Add charge' }).click()
  await expect(page.getByTestId('charge-row')).toHaveCount(1)
  await page.getByRole('combobox', { name: 'Charge 1', exact: true }).selectOption('detention')
  await page.getByLabel('Amount ($)').fill('150')
  if (js(testInfo)) {
    // With JavaScript the totals follow the typing.
    await expect(page.getByTestId('total-total')).toHaveText('$2,150.00')
  } else {
    // Without, the server computed them for the page it sent back after "Add charge".
    await expect(page.getByTestId('total-linehaul')).toHaveText('$2,000.00')
  }
  await expect(page.getByTestId('total-rate')).toContainText('400')

  await page.getByRole('button', { name: 'Create load' }).click()
  await expect(page).toHaveURL(/\/dashboard\/loads\/(?!new$)[\w-]+$/)
  const id = new URL(page.url()).pathname.split('/').at(-1)!
  const created = await apiLoad(request, org, id)
  expect(created.stops.map((stop) => [stop.type, stop.city])).toEqual([
    ['pickup', 'Dallas'],
    ['delivery', 'Tulsa'],
    ['delivery', 'Wichita'],
  ])
  expect(created).toMatchObject({ linehaulCents: 200_000, totalCents: 215_000, charges: [{ type: 'detention', amountCents: 15_000 }], version: 1 })

  // Edit: remove the middle stop, save; the other stops keep their ids and order.
  await page.goto(`/dashboard/loads/${id}/edit`)
  await whenHydrated(page)
  await expect(stopRow(page, 1).getByLabel('City')).toHaveValue('Tulsa')
  await page.getByRole('button', { name: 'Remove stop 2' }).click()
  await expect(page.getByTestId('stop-row')).toHaveCount(2)
  await expect(stopRow(page, 1).getByLabel('City')).toHaveValue('Wichita')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page).toHaveURL(new RegExp(`/dashboard/loads/${id}$`))
  const edited = await apiLoad(request, org, id)
  expect(edited.stops.map((stop) => stop.city)).toEqual(['Dallas', 'Wichita'])
  expect(edited.version).toBe(2)
})

test('a stop window that closes before it opens is refused at its field, and nothing is created', async ({ page, request }) => {
  const org = await registerOrganization(request)
  const brokerName = `${uniqueId('BRK')} Freight`
  await apiBroker(request, org, brokerName)
  await loginByRequest(page, org.email, org.password)

  await page.goto('/dashboard/loads/new')
  await whenHydrated(page)
  await page.getByRole('combobox', { name: 'Broker', exact: true }).selectOption({ label: brokerName })
  await stopRow(page, 0).getByLabel('City').fill('Dallas')
  await stopRow(page, 1).getByLabel('City').fill('Tulsa')
  // The window closes before it opens: the server's rule, shown at the stop's field.
  await stopRow(page, 1).getByLabel('Window opens').fill('2026-12-02T10:00')
  await stopRow(page, 1).getByLabel('Window closes').fill('2026-12-02T09:00')
  await page.getByRole('button', { name: 'Create load' }).click()
  await expect(stopRow(page, 1).getByText('The window ends before it starts.')).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard\/loads\/new$/)
  const list = await request.get('/api/loads', { headers: { Authorization: `Bearer ${org.accessToken}` } })
  expect((await list.json()).data).toEqual([])
})

test('the new and edit pages have no serious accessibility violation @js-only', async ({ page, request }) => {
  const org = await registerOrganization(request)
  const broker = await apiBroker(request, org, `${uniqueId('BRK')} Carriers`)
  const response = await request.post('/api/loads', {
    headers: { Authorization: `Bearer ${org.accessToken}` },
    data: {
      brokerId: broker.id,
      stops: [
        { type: 'pickup', city: 'Dallas', windowStart: '2026-12-01T08:00' },
        { type: 'delivery', city: 'Tulsa' },
      ],
      charges: [{ type: 'lumper', amountCents: 15_000 }],
    },
  })
  expect(response.status(), await response.text()).toBe(201)
  const { id } = (await response.json()).data as { id: string }
  await loginByRequest(page, org.email, org.password)
  const found: string[] = []
  for (const path of ['/dashboard/loads/new', `/dashboard/loads/${id}/edit`]) {
    await page.goto(path)
    await whenHydrated(page)
    const results = await axe(page).analyze()
    found.push(
      ...results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .flatMap((violation) => violation.nodes.map((node) => `${path} ${violation.id}: ${node.target.join(' ')}`)),
    )
  }
  expect(found).toEqual([])
})

test('a truck past its annual inspection is listed as out of service and refused on a new load, saying why', async ({ page, request }) => {
  const org = await registerOrganization(request)
  const brokerName = `${uniqueId('BRK')} Freight`
  await apiBroker(request, org, brokerName)
  const truck = await request.post('/api/trucks', {
    headers: { Authorization: `Bearer ${org.accessToken}` },
    data: { unitNumber: 'OOS-1', inspectionDue: '2026-01-31' },
  })
  expect(truck.status()).toBe(201)
  await loginByRequest(page, org.email, org.password)

  await page.goto('/dashboard/loads/new')
  await whenHydrated(page)
  await page.getByRole('combobox', { name: 'Broker', exact: true }).selectOption({ label: brokerName })
  await page.getByLabel('Linehaul ($)').fill('1,200')
  await stopRow(page, 0).getByLabel('City').fill('Dallas')
  await stopRow(page, 0).getByLabel('Window opens').fill('2026-12-10T08:00')
  await stopRow(page, 1).getByLabel('City').fill('Tulsa')
  const truckSelect = page.getByRole('combobox', { name: 'Truck', exact: true })
  const option = truckSelect.locator('option', { hasText: 'OOS-1' })
  await expect(option).toHaveText('OOS-1 — out of service: inspection due Jan 31, 2026')
  await truckSelect.selectOption({ label: 'OOS-1 — out of service: inspection due Jan 31, 2026' })
  await page.getByRole('button', { name: 'Create load' }).click()
  await expect(page.getByText('Truck OOS-1 is out of service: its annual inspection was due 2026-01-31.').first()).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard\/loads\/new$/)
  // Nothing was written.
  const loads = await request.get('/api/loads', { headers: { Authorization: `Bearer ${org.accessToken}` } })
  expect((await loads.json()).data).toEqual([])
})
