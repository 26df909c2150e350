import { expect, signedIn, test, type TestOrganization, toast, uniqueId } from './fixtures'
import { api } from './load-fixtures'

let org: TestOrganization
test.beforeEach(async ({ page, request }) => {
  org = await signedIn(page, request)
})

test('checks a CSV of loads, shows each problem by row and column, then imports the fixed file whole', async ({ page, request }) => {
  const broker = await api(request, org, '/api/brokers', { name: `${uniqueId('BR')} Logistics` })
  const name = broker.name as string
  const header = 'broker,brokerReference,pickupCity,pickupStart,deliveryCity,deliveryStart,linehaul'
  const good = (reference: string) => `${name},${reference},Dallas,2026-12-01 08:00,Memphis,2026-12-02 14:00,1800`
  const file = (rows: string[]) => ({ name: 'loads.csv', mimeType: 'text/csv', buffer: Buffer.from([header, ...rows].join('\n')) })

  await page.goto('/dashboard/loads/list')
  await page.getByRole('link', { name: 'Import CSV' }).click()
  await expect(page.getByRole('heading', { name: 'Import loads', level: 1 })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Download the template' })).toHaveAttribute('href', '/dashboard/loads/import/template')

  await page.getByLabel('CSV file').setInputFiles(file([good('IMP-1'), `Nobody Freight,IMP-2,Dallas,2026-12-01 08:00,,,1800`]))
  await page.getByRole('button', { name: 'Check (dry run)' }).click()
  const result = page.getByTestId('import-result')
  await expect(result).toContainText('2 problems in 2 rows')
  const errors = page.getByTestId('import-errors')
  await expect(errors.getByRole('row').nth(1)).toContainText('3broker')
  await expect(errors).toContainText('No broker by this name in your organization.')
  await expect(errors.getByRole('row').nth(2)).toContainText('3deliveryCity')

  // The real import of a file with a problem writes nothing.
  await page.getByLabel('CSV file').setInputFiles(file([good('IMP-1'), `Nobody Freight,IMP-2,Dallas,,Memphis,,1800`]))
  await page.getByRole('button', { name: 'Import' }).click()
  await expect(page.getByTestId('import-result')).toContainText('Nothing was imported')

  await page.getByLabel('CSV file').setInputFiles(file([good('IMP-1'), good('IMP-2'), good('IMP-3')]))
  await page.getByRole('button', { name: 'Import' }).click()
  await expect(page).toHaveURL(/\/dashboard\/loads\/list\?sort=createdAt&dir=desc/)
  await expect(toast(page, '3 loads imported (L-000001 to L-000003)')).toBeVisible()
  await expect(page.getByTestId('loads-table')).toContainText('IMP-3')
})
