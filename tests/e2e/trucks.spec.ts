import type { Page } from '@playwright/test'

import { apiTruck, expect, js, signedIn, test, type TestOrganization, toast, uniqueId, vin, whenHydrated } from './fixtures'

async function createTruck(page: Page, unit: string, options: { status?: string; make?: string; vinNumber?: string } = {}) {
  await page.goto('/dashboard/trucks/new')
  await page.getByLabel('Unit number').fill(unit)
  if (options.status) await page.getByLabel('Status').selectOption({ label: options.status })
  if (options.vinNumber) await page.getByLabel('VIN').fill(options.vinNumber)
  await page.getByLabel('Make').fill(options.make ?? 'Kenworth')
  await page.getByLabel('Year').fill('2023')
  await page.getByLabel('Inspection due').fill('2027-02-15')
  await page.getByRole('button', { name: 'Create truck' }).click()
}

async function findRow(page: Page, unit: string) {
  await page.goto(`/dashboard/trucks/list?q=${encodeURIComponent(unit)}`)
  return page.getByTestId('trucks-table').getByRole('row').filter({ hasText: unit })
}

// Every test works in an organization of its own, signed in as its admin.
let org: TestOrganization
test.beforeEach(async ({ page, request }) => {
  org = await signedIn(page, request)
})

test('creates a truck; the toast takes its variant from the new status', async ({ page }) => {
  const unit = uniqueId('E')
  await createTruck(page, unit, { status: 'Maintenance', vinNumber: vin(Date.now()) })
  await expect(page).toHaveURL(/\/dashboard\/trucks\/list\?changed=\w+$/)
  await expect(toast(page, `Truck ${unit} created`, 'warning')).toBeVisible()
  await expect(toast(page, 'Status: Maintenance')).toBeVisible()
  const row = await findRow(page, unit)
  await expect(row).toContainText('Maintenance')
  await expect(row).toContainText('2023 Kenworth')
})

test('shows field errors for a bad VIN and a duplicate unit number, saving nothing', async ({ page }) => {
  const unit = uniqueId('V')
  await createTruck(page, unit, { vinNumber: '1FUJGLDR6CLBP8834' })
  const vinInput = page.getByLabel('VIN')
  await expect(page.getByText('Enter a valid 17-character VIN.')).toBeVisible()
  await expect(vinInput).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Unit number')).toHaveValue(unit)

  await apiTruck(page.request, org, { unitNumber: 'T-0101' })
  await createTruck(page, 't-0101')
  await expect(page.getByText('Another truck already uses this unit number.')).toBeVisible()
  await expect(page.getByLabel('Unit number')).toHaveAttribute('aria-invalid', 'true')
  await page.goto(`/dashboard/trucks/list?q=${unit}`)
  await expect(page.getByTestId('empty-state')).toContainText('No trucks found')
})

test('edits a truck, and refuses a second edit made from a stale page', async ({ page, context }) => {
  const unit = uniqueId('ED')
  await createTruck(page, unit, { make: 'Volvo' })
  await expect(page).toHaveURL(/\/dashboard\/trucks\/list\?changed=\w+$/)
  const row = await findRow(page, unit)
  await row.getByRole('link', { name: `Edit truck ${unit}` }).click()
  await expect(page.getByRole('heading', { name: `Edit truck ${unit}` })).toBeVisible()
  const editUrl = page.url()

  const other = await context.newPage()
  await other.goto(editUrl)

  await page.getByLabel('Make').fill('Mack')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(toast(page, `Truck ${unit} updated`, 'success')).toBeVisible()
  await expect(await findRow(page, unit)).toContainText('2023 Mack')

  await other.getByLabel('Make').fill('Peterbilt')
  await other.getByRole('button', { name: 'Save changes' }).click()
  await expect(other.getByRole('alert')).toContainText('Someone else saved this record while you were editing it.')
  await expect(other.getByLabel('Make')).toHaveValue('Peterbilt')
  // Trying again from the same stale page still cannot overwrite the other edit.
  await other.getByRole('button', { name: 'Save changes' }).click()
  await expect(other.getByRole('alert')).toContainText('Someone else saved this record while you were editing it.')
  await expect(await findRow(page, unit)).toContainText('2023 Mack')
  await other.close()
})

test('deletes a truck after confirming (dialog with JavaScript, confirm page without)', async ({ page }, testInfo) => {
  const unit = uniqueId('DL')
  await createTruck(page, unit)
  await expect(page).toHaveURL(/\/dashboard\/trucks\/list\?changed=\w+$/)
  const row = await findRow(page, unit)
  if (js(testInfo)) {
    await row.getByRole('button', { name: `Delete truck ${unit}` }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toContainText(`Delete truck ${unit}?`)
    await dialog.getByRole('button', { name: 'Delete' }).click()
  } else {
    await row.getByRole('link', { name: `Delete truck ${unit}` }).click()
    await expect(page).toHaveURL(/\/delete\?returnTo=/)
    await expect(page.getByRole('heading', { name: `Delete truck ${unit}?` })).toBeVisible()
    await page.getByRole('button', { name: 'Delete' }).click()
  }
  await expect(toast(page, `Truck ${unit} deleted`, 'success')).toBeVisible()
  await page.goto(`/dashboard/trucks/list?q=${unit}`)
  await expect(page.getByTestId('empty-state')).toBeVisible()
})

test('filters, sorts and pages through the list, all in the URL', async ({ page, request }) => {
  // Forty trucks T-0101 … T-0140; every fifth one out of service.
  await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      apiTruck(request, org, { unitNumber: `T-${String(101 + i).padStart(4, '0')}`, status: (i + 1) % 5 === 0 ? 'out_of_service' : 'available' }),
    ),
  )
  await apiTruck(request, org, { unitNumber: 'OTHER-1' })
  await page.goto('/dashboard/trucks/list')
  await expect(page.getByTestId('pagination-range')).toHaveText('1–25 of 41')

  await whenHydrated(page)
  await page.getByLabel('Status').selectOption({ label: 'Out of service' })
  if (!js(test.info())) await page.getByRole('search').getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/status=out_of_service/)
  await expect(page.getByTestId('pagination-range')).toHaveText('1–8 of 8')
  const statusCells = page.getByTestId('trucks-table').locator('tbody tr td:nth-child(5)')
  await expect(statusCells).toHaveText(Array.from({ length: 8 }, () => 'Out of service'))

  await page.goto('/dashboard/trucks/list?q=T-01')
  await expect(page.getByTestId('pagination-range')).toHaveText('1–25 of 40')
  // Rows per page: submits on change with JavaScript, through its Apply button without.
  await whenHydrated(page)
  await page.getByLabel('Rows per page:').selectOption('10')
  if (!js(test.info())) await page.locator('form:has(#pageSize)').getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/q=T-01&pageSize=10$/)
  await expect(page.getByTestId('pagination-range')).toHaveText('1–10 of 40')
  await page.getByRole('link', { name: 'Next page' }).click()
  await expect(page).toHaveURL(/page=2/)
  await expect(page.getByTestId('pagination-range')).toHaveText('11–20 of 40')
  await expect(page.getByTestId('trucks-table').locator('tbody tr').first()).toContainText('T-0111')

  await page.getByRole('link', { name: 'Unit number' }).click()
  await expect(page).toHaveURL(/sort=unitNumber&dir=desc/)
  await expect(page.getByTestId('trucks-table').locator('tbody tr').first()).toContainText('T-0140')
  await expect(page.getByTestId('pagination-range')).toHaveText('1–10 of 40')
})

/**
 * The drawing an icon's mask shows: the mask is one sprite of every drawing in 24-unit cells
 * (ADR 118) and its position picks the cell.
 */
function drawingOf(mask: { image: string; position: string }) {
  const cells = [...decodeURIComponent(mask.image).matchAll(/<svg x='\d+'[^>]*><path d='([^']*)'/g)].map((cell) => cell[1])
  expect(cells.length, mask.image.slice(0, 80)).toBeGreaterThan(40)
  const percent = Number.parseFloat(mask.position.split(' ')[0])
  return cells[Math.round((percent / 100) * (cells.length - 1))]
}

test('draws the row action icons from the stylesheet: each an 18 px mask of its drawing in the text colour', async ({ page, request }) => {
  await apiTruck(request, org, { unitNumber: 'ICON-1' })
  const row = await findRow(page, 'ICON-1')
  // With JavaScript the delete link becomes the dialog's button once hydrated: read the settled row.
  await whenHydrated(page)
  // Each action draws its own icon (a ::before), so the row carries no icon element.
  const icons = row.locator('td:last-child > *')
  await expect(icons).toHaveCount(2)
  await expect(row.locator('td:last-child .fd-i')).toHaveCount(0)
  const drawn = await icons.evaluateAll((elements) =>
    elements.map((element) => {
      const style = getComputedStyle(element, '::before')
      return {
        size: `${style.width} ${style.height}`,
        mask: { image: style.maskImage || style.webkitMaskImage, position: style.maskPosition || style.webkitMaskPosition },
        paint: style.backgroundColor === getComputedStyle(element).color,
      }
    }),
  )
  expect(drawn.map(({ size, paint }) => ({ size, paint }))).toEqual([
    { size: '18px 18px', paint: true },
    { size: '18px 18px', paint: true },
  ])
  // The edit pencil and the bin, from app/components/ui/icon-paths.ts.
  expect(drawingOf(drawn[0].mask)).toBe('M4 20h4L19 9l-4-4L4 16zM14 6l4 4')
  expect(drawingOf(drawn[1].mask)).toBe('M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3')
  // The navigation's current item and the breadcrumbs' separators draw theirs the same way.
  const before = (element: Element) => {
    const style = getComputedStyle(element, '::before')
    return { image: style.maskImage || style.webkitMaskImage, position: style.maskPosition || style.webkitMaskPosition }
  }
  expect(drawingOf(await page.getByTestId('nav-vertical').getByRole('link', { name: 'Trucks' }).evaluate(before))).toMatch(/^M2 6h11v9H2z/)
  expect(drawingOf(await page.getByRole('navigation', { name: 'Breadcrumbs' }).locator('li').nth(1).evaluate(before))).toBe('M9 6l6 6-6 6')
  // The language menu's flag is a background from the stylesheet too.
  expect(
    await page
      .getByTestId('language-menu')
      .locator('.fd-flag')
      .evaluate((flag) => getComputedStyle(flag).backgroundImage),
  ).toContain('data:image/svg+xml')

  // Windows high contrast replaces backgrounds: an icon in a link is painted in the system's link colour.
  await page.emulateMedia({ forcedColors: 'active' })
  const forced = await icons.first().evaluate((link) => ({ paint: getComputedStyle(link, '::before').backgroundColor, link: getComputedStyle(link).color }))
  expect(forced.paint).toBe(forced.link)
})
