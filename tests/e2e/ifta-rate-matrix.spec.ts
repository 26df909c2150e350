import { expect, signedIn, test, toast } from './fixtures'

test('imports the IFTA, Inc. rate matrix on the rates page, and a wrong cell is refused at its line with nothing changed', async ({ page, request }) => {
  await signedIn(page, request)
  await page.goto('/dashboard/ifta/2026-Q2/rates')
  await page.getByLabel('Rate matrix (CSV)').setInputFiles('tests/fixtures/ifta/rate-matrix.csv')
  await page.getByRole('button', { name: 'Import rates' }).click()
  await expect(toast(page, '50 rates for 2026-Q2 imported', 'success')).toBeVisible()
  // Diesel is the matrix's Special Diesel column; Indiana's surcharge row is its surcharge.
  await expect(page.getByLabel('Rate for IN')).toHaveValue('0.5700')
  await expect(page.getByLabel('Surcharge for IN')).toHaveValue('0.1100')

  await page
    .getByLabel('Rate matrix (CSV)')
    .setInputFiles({ name: 'matrix.csv', mimeType: 'text/csv', buffer: Buffer.from('Jurisdiction,Special Diesel\r\nTEXAS,0.2x\r\n') })
  await page.getByRole('button', { name: 'Import rates' }).click()
  await expect(page.getByTestId('ifta-matrix-refusal')).toContainText('Line 2, Special Diesel: “0.2x” is not a rate in dollars per gallon.')
  await expect(page.getByLabel('Rate for IN')).toHaveValue('0.5700')
})
