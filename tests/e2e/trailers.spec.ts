import type { Page } from '@playwright/test'

import { apiTrailer, expect, js, signedIn, test, type TestOrganization, toast, uniqueId, vin, whenHydrated } from './fixtures'

async function createTrailer(page: Page, unit: string, options: { status?: string; type?: string; vinNumber?: string; length?: string } = {}) {
  await page.goto('/dashboard/trailers/new')
  await page.getByLabel('Unit number').fill(unit)
  if (options.type) await page.getByLabel('Trailer type').selectOption({ label: options.type })
  if (options.status) await page.getByLabel('Status').selectOption({ label: options.status })
  if (options.vinNumber) await page.getByLabel('VIN').fill(options.vinNumber)
  await page.getByLabel('Length (ft)').fill(options.length ?? '53')
  await page.getByLabel('Inspection due').fill('2027-02-15')
  await page.getByRole('button', { name: 'Create trailer' }).click()
}

function table(page: Page) {
  return page.getByTestId('trailers-table')
}

async function findRow(page: Page, unit: string) {
  await page.goto(`/dashboard/trailers/list?q=${encodeURIComponent(unit)}`)
  return table(page).getByRole('row').filter({ hasText: unit })
}

// Every test works in an organization of its own, signed in as its admin.
let org: TestOrganization
test.beforeEach(async ({ page, request }) => {
  org = await signedIn(page, request)
})

test('creates a trailer from the navigation; the toast takes its variant from the new status', async ({ page }) => {
  const unit = uniqueId('TE')
  await page.goto('/dashboard/app')
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Trailers' })).toBeVisible()
  await createTrailer(page, unit, { type: 'Reefer', status: 'Maintenance', vinNumber: vin(Date.now()) })
  await expect(page).toHaveURL(/\/dashboard\/trailers\/list\?changed=\w+$/)
  await expect(toast(page, `Trailer ${unit} created`, 'warning')).toBeVisible()
  await expect(toast(page, 'Status: Maintenance')).toBeVisible()
  await expect(table(page).locator('tr[aria-current="true"]')).toContainText(unit)
  const row = await findRow(page, unit)
  await expect(row).toContainText('Reefer')
  await expect(row).toContainText('53 ft')
  await expect(row).toContainText('Maintenance')
})

test('shows field errors for a bad VIN and a unit number taken in another case, saving nothing', async ({ page }) => {
  const unit = uniqueId('TV')
  await createTrailer(page, unit, { vinNumber: '1FUJGLDR6CLBP8834' })
  await expect(page.getByText('Enter a valid 17-character VIN.')).toBeVisible()
  await expect(page.getByLabel('VIN')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Unit number')).toHaveValue(unit)

  await apiTrailer(page.request, org, { unitNumber: 'TR-0101' })
  await createTrailer(page, 'tr-0101')
  await expect(page.getByText('Another trailer already uses this unit number.')).toBeVisible()
  await expect(page.getByLabel('Unit number')).toHaveAttribute('aria-invalid', 'true')
  await page.goto('/dashboard/trailers/list')
  await expect(page.getByTestId('pagination-range')).toHaveText('1–1 of 1')
  await expect(table(page)).toContainText('TR-0101')
})

test('edits a trailer, and refuses a second edit made from a stale page', async ({ page, context }) => {
  const unit = uniqueId('TD')
  await apiTrailer(page.request, org, { unitNumber: unit, lengthFt: 48 })
  const row = await findRow(page, unit)
  await row.getByRole('link', { name: `Edit trailer ${unit}` }).click()
  await expect(page.getByRole('heading', { name: `Edit trailer ${unit}` })).toBeVisible()
  const editUrl = page.url()

  const other = await context.newPage()
  await other.goto(editUrl)

  await page.getByLabel('Length (ft)').fill('53')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(toast(page, `Trailer ${unit} updated`, 'success')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/dashboard/trailers/list\\?q=${unit}&changed=\\w+$`))
  await expect(table(page).locator('tr[aria-current="true"]')).toContainText('53 ft')

  await other.getByLabel('Length (ft)').fill('28')
  await other.getByRole('button', { name: 'Save changes' }).click()
  await expect(other.getByRole('alert')).toContainText('Someone else saved this record while you were editing it.')
  await expect(other.getByLabel('Length (ft)')).toHaveValue('28')
  await expect(await findRow(page, unit)).toContainText('53 ft')
  await other.close()
})

test('deletes a trailer after confirming (dialog with JavaScript, confirm page without)', async ({ page }, testInfo) => {
  const unit = uniqueId('TL')
  await apiTrailer(page.request, org, { unitNumber: unit })
  await apiTrailer(page.request, org, { unitNumber: `${unit}-KEEP` })
  const row = (await findRow(page, unit)).filter({ hasNotText: 'KEEP' })
  if (js(testInfo)) {
    await row.getByRole('button', { name: `Delete trailer ${unit}` }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toContainText(`Delete trailer ${unit}?`)
    await dialog.getByRole('button', { name: 'Delete' }).click()
  } else {
    await row.getByRole('link', { name: `Delete trailer ${unit}` }).click()
    await expect(page).toHaveURL(/\/delete\?returnTo=/)
    await expect(page.getByRole('heading', { name: `Delete trailer ${unit}?` })).toBeVisible()
    await page.getByRole('button', { name: 'Delete' }).click()
  }
  await expect(toast(page, `Trailer ${unit} deleted`, 'success')).toBeVisible()
  // Back on the list as it was (the search kept), with only the other trailer left.
  await expect(page).toHaveURL(new RegExp(`/dashboard/trailers/list\\?q=${unit}$`))
  await expect(page.getByTestId('pagination-range')).toHaveText('1–1 of 1')
  await expect(table(page)).toContainText(`${unit}-KEEP`)
})

test('refuses to delete a trailer changed since the confirm page was shown', { tag: '@no-js-only' }, async ({ page, request }) => {
  // the confirm page is where the list sends a browser without JavaScript (@no-js-only: the other project never runs it).
  const unit = uniqueId('TC')
  const trailer = await apiTrailer(request, org, { unitNumber: unit })
  await page.goto(`/dashboard/trailers/${trailer.id}/delete?returnTo=${encodeURIComponent(`/dashboard/trailers/list?q=${unit}`)}`)
  const changed = await request.put(`/api/trailers/${trailer.id}`, {
    headers: { Authorization: `Bearer ${org.accessToken}` },
    data: { ...trailer, notes: 'changed meanwhile' },
  })
  expect(changed.status()).toBe(200)
  await page.getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page, `Trailer ${unit} was not deleted`, 'error')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/dashboard/trailers/list\\?q=${unit}&changed=${trailer.id}$`))
  await expect(table(page).locator('tr[aria-current="true"]')).toContainText(unit)
})

test('filters, sorts and pages through the list, all in the URL', async ({ page, request }) => {
  // Thirty trailers R-0101 … R-0130; every fifth one a flatbed out of service.
  await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      apiTrailer(request, org, {
        unitNumber: `R-${String(101 + i).padStart(4, '0')}`,
        ...((i + 1) % 5 === 0 ? { status: 'out_of_service', type: 'flatbed' } : { status: 'available', type: 'dry_van' }),
      }),
    ),
  )
  await apiTrailer(request, org, { unitNumber: 'OTHER-1', type: 'flatbed' })
  await page.goto('/dashboard/trailers/list')
  await expect(page.getByTestId('pagination-range')).toHaveText('1–25 of 31')

  await whenHydrated(page)
  await page.getByLabel('Trailer type').selectOption({ label: 'Flatbed' })
  if (!js(test.info())) await page.getByRole('search').getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/type=flatbed/)
  await expect(page.getByTestId('pagination-range')).toHaveText('1–7 of 7')
  await page.getByLabel('Status').selectOption({ label: 'Out of service' })
  if (!js(test.info())) await page.getByRole('search').getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/status=out_of_service/)
  await expect(page.getByTestId('pagination-range')).toHaveText('1–6 of 6')
  await expect(table(page).locator('tbody tr td:nth-child(6)')).toHaveText(Array.from({ length: 6 }, () => 'Out of service'))

  await page.goto('/dashboard/trailers/list?q=R-01')
  await expect(page.getByTestId('pagination-range')).toHaveText('1–25 of 30')
  await whenHydrated(page)
  await page.getByLabel('Rows per page:').selectOption('10')
  if (!js(test.info())) await page.locator('form:has(#pageSize)').getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/q=R-01&pageSize=10$/)
  await expect(page.getByTestId('pagination-range')).toHaveText('1–10 of 30')
  await page.getByRole('link', { name: 'Next page' }).click()
  await expect(page).toHaveURL(/page=2/)
  await expect(page.getByTestId('pagination-range')).toHaveText('11–20 of 30')
  await expect(table(page).locator('tbody tr').first()).toContainText('R-0111')

  await page.getByRole('link', { name: 'Unit number' }).click()
  await expect(page).toHaveURL(/sort=unitNumber&dir=desc/)
  await expect(table(page).locator('tbody tr').first()).toContainText('R-0130')
  await expect(page.getByTestId('pagination-range')).toHaveText('1–10 of 30')

  // A page past the end shows the last page instead.
  await page.goto('/dashboard/trailers/list?q=R-01&pageSize=10&page=9')
  await expect(page).toHaveURL(/page=3/)
  await expect(page.getByTestId('pagination-range')).toHaveText('21–30 of 30')
})

test('shows a trailer read-only, with an edit link that returns to the list', async ({ page, request }) => {
  const unit = uniqueId('TW')
  await apiTrailer(request, org, {
    unitNumber: unit,
    type: 'step_deck',
    lengthFt: 48,
    vin: vin(4242),
    licensePlate: 'ab 1234',
    plateState: 'ok',
    status: 'in_use',
    registrationExpiry: '2030-01-31',
    notes: 'Ramps stored under the deck',
  })
  const row = await findRow(page, unit)
  await row.getByRole('link', { name: unit, exact: true }).click()
  await expect(page.getByRole('heading', { name: `Trailer ${unit}` })).toBeVisible()
  const identity = page.getByTestId('trailer-identity')
  await expect(identity).toContainText('Step deck')
  await expect(identity).toContainText('In use')
  const equipment = page.getByTestId('trailer-equipment')
  await expect(equipment).toContainText(vin(4242))
  await expect(equipment).toContainText('48 ft')
  await expect(equipment).toContainText('AB 1234 · OK')
  await expect(equipment).toContainText('Jan 31, 2030')
  await expect(equipment).toContainText('Ramps stored under the deck')
  // A date that was never entered reads as a dash, not as a blank.
  const inspection = equipment.locator('div').filter({ has: page.locator('dt', { hasText: 'Inspection due' }) })
  await expect(inspection.locator('dd')).toHaveText('—')
  await expect(page.getByRole('textbox')).toHaveCount(0)

  await page.getByRole('link', { name: 'Edit' }).click()
  await expect(page.getByRole('heading', { name: `Edit trailer ${unit}` })).toBeVisible()
  await page.getByRole('link', { name: 'Cancel' }).click()
  await expect(page).toHaveURL(new RegExp(`/dashboard/trailers/list\\?q=${unit}$`))
})

test('the trailer table fits a 1280 px screen in English and French, every column in view', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await apiTrailer(request, org, {
    unitNumber: 'LONG-UNIT-0001',
    type: 'power_only',
    lengthFt: 53,
    licensePlate: 'ABCD 123456',
    plateState: 'TX',
    status: 'out_of_service',
    inspectionDue: '2020-01-01',
    registrationExpiry: '2020-01-01',
  })
  await page.goto('/dashboard/trailers/list')
  await expect(table(page)).toContainText('Inspection overdue')
  const scroll = page.getByTestId('trailers-scroll')
  expect(await scroll.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(1)
  // French has the longest headers and compliance badges (which wrap): still every column in view.
  await page.context().addCookies([{ name: 'i18nextLng', value: 'fr', url: test.info().project.use.baseURL! }])
  await page.goto('/dashboard/trailers/list')
  await expect(table(page)).toContainText('LONG-UNIT-0001')
  expect(await scroll.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(1)
})
