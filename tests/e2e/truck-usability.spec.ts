import type { Page } from '@playwright/test'

import { apiTruck, expect, js, signedIn, signedInAs, test, toast, whenHydrated } from './fixtures'

/** YYYY-MM-DD, `days` from today (UTC). */
function day(days: number) {
  const now = new Date()
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + days * 86_400_000).toISOString().slice(0, 10)
}

async function setLanguage(page: Page, code: string) {
  await page.context().addCookies([{ name: 'i18nextLng', value: code, url: test.info().project.use.baseURL! }])
}

function rowOf(page: Page, unit: string) {
  return page.getByTestId('trucks-table').getByRole('row').filter({ hasText: unit })
}

test('the truck table fits a 1280 px screen in French, actions in view and a sticky header', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  const org = await signedIn(page, request)
  await apiTruck(request, org, {
    unitNumber: 'LONG-UNIT-0001',
    make: 'Freightliner',
    model: 'Cascadia 126 Sleeper',
    year: 2024,
    licensePlate: 'ABCD 123456',
    plateState: 'TX',
    status: 'out_of_service',
    inspectionDue: day(-3),
    odometerMiles: 1234567,
  })
  // In English every column is in view: the table does not scroll sideways at all.
  await page.goto('/dashboard/trucks/list')
  await expect(page.getByTestId('trucks-table')).toContainText('1,234,567')
  const scroll = page.getByTestId('trucks-scroll')
  expect(await scroll.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(1)
  await setLanguage(page, 'fr')
  await page.goto('/dashboard/trucks/list')
  const actions = rowOf(page, 'LONG-UNIT-0001').locator('td:last-child')
  await expect(actions.getByRole('link', { name: 'Modifier le camion LONG-UNIT-0001' })).toBeVisible()
  // In French too (long headers, long compliance badges that wrap), every column is in view.
  expect(await scroll.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(1)
  const box = await actions.boundingBox()
  expect(box).not.toBeNull()
  expect(box!.x).toBeGreaterThanOrEqual(0)
  expect(box!.x + box!.width).toBeLessThanOrEqual(1280)
  // The page itself does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280)
  expect(
    await page
      .getByTestId('trucks-table')
      .locator('thead')
      .evaluate((element) => getComputedStyle(element).position),
  ).toBe('sticky')
})

test('after editing, deleting or creating, the list comes back as it was with the changed row marked', async ({ page, request }, testInfo) => {
  const org = await signedIn(page, request)
  for (const n of [1, 2, 3]) await apiTruck(request, org, { unitNumber: `RET-${n}`, make: 'Volvo' })
  await apiTruck(request, org, { unitNumber: 'OTHER-9', make: 'Mack' })
  const listUrl = '/dashboard/trucks/list?q=RET&sort=unitNumber&dir=desc&pageSize=10'
  await page.goto(listUrl)

  // Edit from the filtered, sorted list.
  await rowOf(page, 'RET-2').getByRole('link', { name: 'Edit truck RET-2' }).click()
  await page.getByLabel('Make').fill('Kenworth')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(toast(page, 'Truck RET-2 updated')).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard\/trucks\/list\?q=RET&sort=unitNumber&dir=desc&pageSize=10&changed=/)
  await expect(page.getByTestId('trucks-table').getByRole('row').nth(1)).toContainText('RET-3')
  await expect(page.getByTestId('trucks-table')).not.toContainText('OTHER-9')
  await expect(rowOf(page, 'RET-2')).toHaveAttribute('aria-current', 'true')
  await expect(rowOf(page, 'RET-2')).toContainText('just changed')
  await expect(page.locator('tr[aria-current]')).toHaveCount(1)
  // Sorting moves on: the mark goes, the filters stay.
  await page.getByRole('link', { name: 'Unit number' }).click()
  await expect(page).toHaveURL(/\/dashboard\/trucks\/list\?q=RET&sort=unitNumber&dir=asc&pageSize=10$/)
  await expect(page.locator('tr[aria-current]')).toHaveCount(0)
  await page.goto(listUrl)

  // Delete from the same list.
  if (js(testInfo)) {
    await rowOf(page, 'RET-1').getByRole('button', { name: 'Delete truck RET-1' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
  } else {
    await rowOf(page, 'RET-1').getByRole('link', { name: 'Delete truck RET-1' }).click()
    await page.getByRole('button', { name: 'Delete' }).click()
  }
  await expect(toast(page, 'Truck RET-1 deleted')).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard\/trucks\/list\?q=RET&sort=unitNumber&dir=desc&pageSize=10$/)
  await expect(page.getByTestId('trucks-table').getByRole('row')).toHaveCount(3)

  // Create from it.
  await page.getByRole('link', { name: 'New truck' }).click()
  await page.getByLabel('Unit number').fill('RET-4')
  await page.getByRole('button', { name: 'Create truck' }).click()
  await expect(toast(page, 'Truck RET-4 created')).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard\/trucks\/list\?q=RET&sort=unitNumber&dir=desc&pageSize=10&changed=/)
  await expect(rowOf(page, 'RET-4')).toHaveAttribute('aria-current', 'true')
})

test('a delete refused for a stale version closes the confirmation and shows the current truck', async ({ page, request }, testInfo) => {
  const org = await signedIn(page, request)
  const truck = await apiTruck(request, org, { unitNumber: 'STALE-1', make: 'Volvo' })
  await page.goto('/dashboard/trucks/list?q=STALE')
  if (js(testInfo)) {
    await rowOf(page, 'STALE-1').getByRole('button', { name: 'Delete truck STALE-1' }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
  } else {
    await rowOf(page, 'STALE-1').getByRole('link', { name: 'Delete truck STALE-1' }).click()
  }
  // Someone else edits the truck while the confirmation is open.
  const put = await request.put(`/api/trucks/${truck.id}`, {
    headers: { Authorization: `Bearer ${org.accessToken}` },
    data: { unitNumber: 'STALE-1', make: 'Peterbilt', version: truck.version },
  })
  expect(put.status(), await put.text()).toBe(200)
  const confirm = js(testInfo) ? page.getByRole('dialog').getByRole('button', { name: 'Delete' }) : page.getByRole('button', { name: 'Delete' })
  await confirm.click()

  await expect(toast(page, 'Truck STALE-1 was not deleted', 'error')).toBeVisible()
  await expect(toast(page, 'Someone changed this truck after you asked to delete it.')).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page).toHaveURL(new RegExp(`/dashboard/trucks/list\\?q=STALE&changed=${truck.id}$`))
  await expect(rowOf(page, 'STALE-1')).toHaveAttribute('aria-current', 'true')
  await expect(rowOf(page, 'STALE-1')).toContainText('Peterbilt')
  const still = await request.get(`/api/trucks/${truck.id}`, { headers: { Authorization: `Bearer ${org.accessToken}` } })
  expect(still.status()).toBe(200)
})

test('search finds make and spaced plates; filter selects apply on change with JavaScript', async ({ page, request }, testInfo) => {
  const org = await signedIn(page, request)
  await apiTruck(request, org, { unitNumber: 'SR-1', make: 'Kenworth', licensePlate: 'ABC123', status: 'maintenance' })
  await apiTruck(request, org, { unitNumber: 'SR-2', make: 'Volvo', status: 'available' })
  await page.goto('/dashboard/trucks/list')
  await page.getByRole('searchbox').fill('ABC 123')
  await page.getByRole('search').getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByTestId('trucks-table').getByRole('row')).toHaveCount(2)
  await expect(rowOf(page, 'SR-1')).toBeVisible()

  await page.goto('/dashboard/trucks/list?q=volvo')
  await expect(page.getByTestId('trucks-table').getByRole('row')).toHaveCount(2)
  await expect(rowOf(page, 'SR-2')).toBeVisible()

  await page.goto('/dashboard/trucks/list')
  await whenHydrated(page)
  await page.getByLabel('Status').selectOption({ label: 'Maintenance' })
  if (!js(testInfo)) await page.getByRole('search').getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/status=maintenance/)
  await expect(page.getByTestId('trucks-table').getByRole('row')).toHaveCount(2)
  await expect(rowOf(page, 'SR-1')).toBeVisible()
})

test('compliance: badges in the list, a filter, and counts on the dashboard that link to it', async ({ page, request }, testInfo) => {
  const org = await signedIn(page, request)
  await apiTruck(request, org, { unitNumber: 'CP-LATE', inspectionDue: day(-2), registrationExpiry: day(10) })
  await apiTruck(request, org, { unitNumber: 'CP-SOON', inspectionDue: day(5) })
  await apiTruck(request, org, { unitNumber: 'CP-FINE', inspectionDue: day(90), registrationExpiry: day(300) })
  await page.goto('/dashboard/trucks/list')
  await expect(rowOf(page, 'CP-LATE').locator('.fd-badges')).toHaveText(/Inspection overdue\s*Registration expires soon/)
  await expect(rowOf(page, 'CP-SOON').locator('.fd-badges')).toHaveText('Inspection due soon')
  await expect(rowOf(page, 'CP-FINE').locator('.fd-badges')).toHaveCount(0)

  await page.goto('/dashboard/app')
  await whenHydrated(page)
  const counts = page.getByTestId('truck-compliance')
  await expect(counts.getByRole('link', { name: /Overdue/ })).toHaveText(/Overdue\s*1/)
  await expect(counts.getByRole('link', { name: /Due within 30 days/ })).toHaveText(/Due within 30 days\s*1/)
  await counts.getByRole('link', { name: /Overdue/ }).click()
  await expect(page).toHaveURL(/\/dashboard\/trucks\/list\?compliance=overdue$/)
  await expect(page.getByTestId('trucks-table').getByRole('row')).toHaveCount(2)
  await expect(rowOf(page, 'CP-LATE')).toBeVisible()
  await expect(page.getByLabel('Compliance')).toHaveValue('overdue')

  await whenHydrated(page)
  await page.getByLabel('Compliance').selectOption({ label: 'Due within 30 days' })
  if (!js(testInfo)) await page.getByRole('search').getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/compliance=due_soon/)
  await expect(page.getByTestId('trucks-table').getByRole('row')).toHaveCount(2)
  await expect(rowOf(page, 'CP-SOON')).toBeVisible()
})

test('an editor opens the read-only truck page from the list and finds the Edit link there', async ({ page, request }) => {
  const org = await signedIn(page, request)
  const truck = await apiTruck(request, org, { unitNumber: 'VW-1', make: 'Mack', model: 'Anthem', year: 2022, inspectionDue: day(-1) })
  await page.goto('/dashboard/trucks/list?q=VW')
  await rowOf(page, 'VW-1').getByRole('link', { name: 'VW-1', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/dashboard/trucks/${truck.id}\\?returnTo=`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Truck VW-1')
  await expect(page.getByTestId('truck-vehicle')).toContainText('2022 Mack Anthem')
  await expect(page.getByTestId('truck-vehicle')).toContainText('Inspection overdue')
  await page.getByRole('link', { name: 'Edit', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/dashboard/trucks/${truck.id}/edit\\?returnTo=`))
})

test('a viewer reads a truck on its read-only page, with no way to edit it', async ({ page, request }) => {
  const { org } = await signedInAs(page, request, 'viewer')
  await apiTruck(request, org, { unitNumber: 'RO-1', make: 'Volvo', model: 'VNL' })
  await page.goto('/dashboard/trucks/list')
  const firstRow = page.getByTestId('trucks-table').getByRole('row').nth(1)
  await expect(firstRow.locator('td:last-child').getByRole('link')).toHaveCount(0)
  const unitLink = firstRow.getByRole('link').first()
  const unit = (await unitLink.textContent())!.trim()
  await unitLink.click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Truck ${unit}`)
  await expect(page.getByTestId('truck-identity')).toContainText(unit)
  await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0)
  // The editor itself stays closed to the role.
  const id = new URL(page.url()).pathname.split('/').at(-1)
  const response = await page.goto(`/dashboard/trucks/${id}/edit`)
  expect(response?.status()).toBe(403)
})

test.describe('status chart', { tag: '@js-only' }, () => {
  // the chart is drawn by JavaScript; without it the server-rendered table carries the numbers (@js-only).

  test('its tooltip is translated and its numbers use the page language', async ({ page, request }) => {
    const org = await signedIn(page, request)
    for (let n = 1; n <= 3; n++) await apiTruck(request, org, { unitNumber: `CH-${n}`, status: 'available' })
    await setLanguage(page, 'fr')
    await page.goto('/dashboard/app')
    const chart = page.getByTestId('status-chart')
    await expect(chart.locator('.recharts-bar-rectangle').first()).toBeVisible()
    await chart.locator('.recharts-bar-rectangle path').first().hover()
    await expect(chart.locator('.recharts-tooltip-wrapper')).toContainText('Disponible')
    await expect(chart.locator('.recharts-tooltip-item')).toHaveText(/Camions\s*:\s*3/)
  })

  test('in Arabic it mirrors, with Arabic-Indic digits', async ({ page, request }) => {
    const org = await signedIn(page, request)
    for (let n = 1; n <= 2; n++) await apiTruck(request, org, { unitNumber: `AR-${n}`, status: 'maintenance' })
    await setLanguage(page, 'ar')
    await page.goto('/dashboard/app')
    const chart = page.getByTestId('status-chart')
    await expect(chart.locator('.recharts-bar-rectangle').first()).toBeVisible()
    await expect(chart).toHaveAttribute('data-direction', 'rtl')
    // The value axis stands on the right, and the first status (available) is drawn rightmost.
    await expect(chart.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value').first()).toHaveAttribute('orientation', 'right')
    await expect(chart.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value')).toContainText(['٠'])
    const ticks = chart.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value')
    const first = await ticks.filter({ hasText: 'متاحة' }).boundingBox()
    const last = await ticks.filter({ hasText: 'غير نشطة' }).boundingBox()
    expect(first!.x).toBeGreaterThan(last!.x)
  })
})
