import type { Page } from '@playwright/test'

import { apiTruck, expect, signedInAs, test, toast, uniqueId } from './fixtures'

// Accounting export (ADR 145): an accountant names the accounts, exports a month to each
// format and downloads each file; a second export of the same month leaves the first one's records out.

const MONTH = { from: '2026-10-01', to: '2026-10-31' }

async function startExport(page: Page, format: string, options: { includeExported?: boolean } = {}) {
  await page.goto('/dashboard/accounting')
  const form = page.getByTestId('accounting-export-form')
  await form.getByLabel('From', { exact: true }).fill(MONTH.from)
  await form.getByLabel('To', { exact: true }).fill(MONTH.to)
  await form.getByLabel('Format', { exact: true }).selectOption({ label: format })
  // Fuel purchases only: the month's records this spec made.
  for (const kind of ['Invoices', 'Payments received', 'Driver settlements', 'Work orders', 'Factoring']) await form.getByLabel(kind, { exact: true }).uncheck()
  if (options.includeExported) await form.getByLabel('Include records already exported').check()
  await form.getByRole('button', { name: 'Start the export' }).click()
  await expect(page.getByTestId('accounting-export')).toBeVisible()
}

/** Waits for the file (JavaScript revalidates; without it the page refreshes itself) and downloads it. */
async function download(page: Page) {
  await expect(page.getByTestId('accounting-export-status')).toHaveAttribute('data-status', 'ready', { timeout: 30_000 })
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('accounting-export-download').click()])
  return file
}

test('an accountant maps the accounts, exports a month to each format and downloads it; a second export leaves the first one’s records out', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const { org } = await signedInAs(page, request, 'accountant')
  const truck = await apiTruck(request, org, { unitNumber: uniqueId('T').slice(0, 20) })
  for (const [day, cents] of [
    ['2026-10-05', 41_287],
    ['2026-10-19', 38_810],
  ] as const) {
    const response = await request.post('/api/fuel-purchases', {
      headers: { Authorization: `Bearer ${org.accessToken}` },
      data: { truckId: truck.id, purchasedAt: day, jurisdiction: 'TX', gallons: 100.5, totalCents: cents, vendor: 'Love’s, "Travel" Stop' },
    })
    expect(response.status(), await response.text()).toBe(201)
  }

  // The mapping: the defaults are QuickBooks' chart of accounts; the accountant renames the fuel account.
  await page.goto('/dashboard/accounting')
  const settings = page.getByTestId('accounting-settings')
  await expect(settings.getByLabel('Accounts receivable')).toHaveValue('Accounts Receivable')
  await settings.getByLabel('Fuel expense', { exact: true }).fill('Truck Expenses:Fuel')
  await settings.getByRole('button', { name: 'Save the mapping' }).click()
  await expect(toast(page, 'Account mapping saved', 'success')).toBeVisible()
  await expect(page.getByTestId('accounting-settings').getByLabel('Fuel expense', { exact: true })).toHaveValue('Truck Expenses:Fuel')

  // QuickBooks Desktop: the month's two purchases.
  await startExport(page, 'QuickBooks Desktop (IIF)')
  await expect(page.getByTestId('accounting-export-count')).toHaveText('2')
  const iif = await download(page)
  expect(iif.suggestedFilename()).toBe('freightdesk-export-000001.iif')

  // QuickBooks Online, the same month: nothing left, the purchases went into the first batch.
  await startExport(page, 'QuickBooks Online (CSV)')
  await expect(page.getByTestId('accounting-export-count')).toHaveText('0')
  const qbo = await download(page)
  expect(qbo.suggestedFilename()).toBe('freightdesk-export-000002.zip')

  // Xero, asking for the exported records again.
  await startExport(page, 'Xero (CSV)', { includeExported: true })
  await expect(page.getByTestId('accounting-export-count')).toContainText('2')
  const xero = await download(page)
  expect(xero.suggestedFilename()).toBe('freightdesk-export-000003.zip')

  // The list: newest first, each with its count and file.
  await page.goto('/dashboard/accounting')
  const rows = page.getByTestId('accounting-exports-scroll').locator('tbody tr')
  await expect(rows).toHaveCount(3)
  await expect(rows.nth(0)).toContainText('Xero (CSV)')
  await expect(rows.nth(2)).toContainText('QuickBooks Desktop (IIF)')
  await expect(page.getByTestId('accounting-download-1')).toBeVisible()
})

test('a range that ends before it starts is refused at its field and starts nothing', async ({ page, request }) => {
  await signedInAs(page, request, 'accountant')
  await page.goto('/dashboard/accounting')
  const form = page.getByTestId('accounting-export-form')
  await form.getByLabel('From', { exact: true }).fill('2026-10-31')
  await form.getByLabel('To', { exact: true }).fill('2026-10-01')
  await form.getByRole('button', { name: 'Start the export' }).click()
  await expect(page.getByTestId('accounting-export-form')).toContainText('The end date is before the start date.')
  await expect(page.getByTestId('empty-state')).toContainText('No exports yet')
  // At phone width the page scrolls down, never sideways.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/dashboard/accounting')
  await expect(page.getByTestId('accounting-settings')).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0)
})
