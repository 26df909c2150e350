import path from 'node:path'

import { apiTruck, expect, signedInAs, test, type TestOrganization, toast, whenHydrated } from './fixtures'
import { importFuelCard } from './ifta-steps'

const WEX = path.resolve('tests/fixtures/fuel-cards/wex.csv')

// Each test works in an organization of its own, signed in as an accountant (who imports fuel purchases).
let org: TestOrganization
test.beforeEach(async ({ page, request }) => {
  ;({ org } = await signedInAs(page, request, 'accountant'))
  await apiTruck(request, org, { unitNumber: 'T-101' })
  await apiTruck(request, org, { unitNumber: 'T-102' })
})

test('imports a WEX export: the check counts the purchases and the rows that are not fuel, the import writes them, and the quarter’s return counts their gallons', async ({
  page,
  request,
}) => {
  await page.goto('/dashboard/fuel/import')
  await expect(page.getByRole('link', { name: 'Download the template' })).toHaveAttribute('href', '/dashboard/fuel/import/template')
  await importFuelCard(page, WEX, 'wex', {
    ready: '4 rows are ready to import',
    skipped: '2 rows that are not fuel skipped (DEF, oil, scale, cash advance, fees)',
    imported: '4 fuel purchases imported; 0 duplicates and 2 rows that are not fuel skipped',
  })

  const listed = await request.get('/api/fuel-purchases?quarter=2026-Q3&pageSize=50', { headers: { Authorization: `Bearer ${org.accessToken}` } })
  const purchases = (await listed.json()).data as Array<{ gallons: number; totalCents: number; cardLast4: string; fuelType: string }>
  expect(purchases.map((purchase) => [purchase.gallons, purchase.totalCents, purchase.cardLast4, purchase.fuelType]).sort()).toEqual(
    [
      [120.125, 45_635, '6789', 'diesel'],
      [15, 4_949, '6789', 'gasoline'],
      [287.5, 104_949, '4821', 'diesel'],
      [98.457, 35_937, '4821', 'diesel'],
    ].sort(),
  )
  await page.goto('/dashboard/ifta/2026-Q3')
  await expect(page.getByTestId('ifta-summary')).toContainText('506.082')

  // The same file again: every purchase is a duplicate.
  await page.goto('/dashboard/fuel/import')
  await page.getByLabel('CSV file').setInputFiles(WEX)
  await page.getByLabel('Export format').selectOption('wex')
  await page.getByRole('button', { name: 'Check (dry run)' }).click()
  await expect(page.getByTestId('import-result')).toContainText('0 rows are ready to import')
  await expect(page.getByTestId('import-skipped')).toContainText('4 duplicates skipped')
})

test('shows an import in progress while the request runs', { tag: '@js-only' }, async ({ page }) => {
  // The upload is held at the network until the progress has been seen, then let through.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/dashboard/fuel/import*', async (route) => {
    if (route.request().method() === 'POST') await held
    await route.continue()
  })
  await page.goto('/dashboard/fuel/import')
  // A click before hydration would post the form natively, and no progress would be drawn.
  await whenHydrated(page)
  await page.getByLabel('CSV file').setInputFiles(WEX)
  await page.getByLabel('Export format').selectOption('wex')
  await page.getByRole('button', { name: 'Import', exact: true }).click()
  const progress = page.getByTestId('import-progress')
  await expect(progress).toContainText('Importing: every row is checked and written in one go')
  await expect(progress.getByRole('progressbar')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled()
  release()
  await expect(toast(page, '4 fuel purchases imported; 0 duplicates and 2 rows that are not fuel skipped')).toBeVisible()
  await expect(progress).toHaveCount(0)
})
