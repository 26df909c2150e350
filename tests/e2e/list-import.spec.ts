import { expect, signedIn, test, type TestOrganization, toast } from './fixtures'

let org: TestOrganization
test.beforeEach(async ({ page, request }) => {
  org = await signedIn(page, request)
})

test('imports trucks from the list: a header matched by hand, a dry run with a problem by row and column, then the whole file', async ({ page }) => {
  const file = (rows: string[]) => ({ name: 'trucks.csv', mimeType: 'text/csv', buffer: Buffer.from(['Unit #,Make,Status', ...rows].join('\n')) })
  void org

  await page.goto('/dashboard/trucks/list')
  await page.getByRole('link', { name: 'Import CSV' }).click()
  await expect(page.getByRole('heading', { name: 'Import trucks', level: 1 })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Download the template' })).toHaveAttribute('href', '/dashboard/trucks/import/template')

  // "Unit #" matches no column: the check says so and offers the mapping step.
  await page.getByLabel('CSV file').setInputFiles(file(['IMP-1,Volvo,available', 'IMP-2,Volvo,parked']))
  await page.getByRole('button', { name: 'Check (dry run)' }).click()
  const errors = page.getByTestId('import-errors')
  await expect(errors.getByRole('row').nth(1)).toContainText('1Unit #')
  await expect(errors).toContainText('This column is not part of the format')
  await page.getByTestId('import-mapping').getByLabel('Unit #').selectOption('unitNumber')

  // Without JavaScript the page reloaded: the file is chosen again (with it, the input kept it).
  await page.getByLabel('CSV file').setInputFiles(file(['IMP-1,Volvo,available', 'IMP-2,Volvo,parked']))
  await page.getByRole('button', { name: 'Check (dry run)' }).click()
  await expect(page.getByTestId('import-result')).toContainText('1 problems in 2 rows')
  await expect(errors.getByRole('row').nth(1)).toContainText('3status')

  // The import of a file with a problem writes nothing.
  await page.getByLabel('CSV file').setInputFiles(file(['IMP-1,Volvo,available', 'IMP-2,Volvo,parked']))
  await page.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(page.getByTestId('import-result')).toContainText('Nothing was imported')

  await page.getByLabel('CSV file').setInputFiles(file(['IMP-1,Volvo,available', 'IMP-2,Volvo,Maintenance']))
  await page.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(page).toHaveURL(/\/dashboard\/trucks\/list\?sort=createdAt&dir=desc/)
  await expect(toast(page, '2 trucks imported')).toBeVisible()
  await expect(page.getByRole('table')).toContainText('IMP-2')
})
