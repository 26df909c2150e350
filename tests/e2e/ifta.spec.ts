import path from 'node:path'

import { apiTruck, expect, loginByRequest, signedInAs, test, type TestOrganization, toast } from './fixtures'
import { addTrip, importFuelCard } from './ifta-steps'

/** The quarter's fuel as the card company exports it: two fills in Texas, 100 gallons. */
const CARD_FILE = path.resolve('tests/fixtures/fuel-cards/wex-ifta-q2.csv')

// Each test works in an organization of its own, signed in as an accountant (who files the return);
// reopening a filed quarter is the admin's.
let org: TestOrganization
test.beforeEach(async ({ page, request }) => {
  ;({ org } = await signedInAs(page, request, 'accountant'))
})

test('an accountant imports the quarter’s fuel card file, adds a trip, types in the rates, reviews the return and files it; the admin reopens it with a reason', async ({
  page,
  request,
}) => {
  // 600 miles (400 in Texas, 200 in Oklahoma) on 100 gallons bought in Texas (60 and 40 on the card): 6.00 MPG.
  const truck = await apiTruck(request, org, { unitNumber: 'IFTA-1' })
  await importFuelCard(page, CARD_FILE, 'wex', {
    ready: '2 rows are ready to import',
    imported: '2 fuel purchases imported; 0 duplicates and 0 rows that are not fuel skipped',
  })
  await addTrip(
    page,
    {
      unit: 'IFTA-1',
      startedAt: '2026-04-02',
      endedAt: '2026-04-04',
      startOdometer: 10_000,
      endOdometer: 10_600,
      lines: [
        { jurisdiction: 'TX', miles: 400 },
        { jurisdiction: 'OK', miles: 200 },
      ],
    },
    'Trip of IFTA-1 ending Apr 4, 2026 added',
  )

  await page.goto('/dashboard/ifta')
  await page.getByTestId('ifta-quarters').getByRole('link', { name: '2026-Q2' }).click()
  await expect(page.getByRole('heading', { name: '2026-Q2 return' })).toBeVisible()
  await expect(page.getByTestId('ifta-warnings')).toContainText('No rate for OK this quarter')

  await page.getByRole('link', { name: 'Edit rates' }).click()
  await page.getByLabel('Interest per month (%)').fill('0.4167')
  await page.getByLabel('Rate for TX').fill('0.2000')
  await page.getByLabel('Rate for OK').fill('0.19')
  await page.getByRole('button', { name: 'Save rates' }).click()
  await expect(toast(page, 'Rates for 2026-Q2 saved', 'success')).toBeVisible()
  await expect(page.getByLabel('Rate for OK')).toHaveValue('0.1900')

  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: '2026-Q2' }).click()
  const lines = page.getByTestId('ifta-lines')
  // Oklahoma: 200 ÷ 6 = 33 gallons × $0.19 = $6.27; Texas: 67 − 100 gallons paid = −33 × $0.20, a credit of $6.60.
  await expect(lines.getByRole('row', { name: /^OK/ })).toContainText('$6.27')
  await expect(lines.getByRole('row', { name: /^TX/ })).toContainText('-$6.60')
  await expect(page.getByTestId('ifta-warnings')).toHaveCount(0)

  const file = page.getByTestId('ifta-file')
  await file.getByLabel('Filed on').fill('2026-07-20')
  await file.getByRole('button', { name: 'File the return' }).click()
  await expect(toast(page, 'The 2026-Q2 return is filed', 'success')).toBeVisible()
  await expect(page.getByTestId('ifta-summary')).toContainText('Filed on')
  // On time: no penalty, no interest; the credit and the tax net to −$0.33.
  await expect(page.getByTestId('ifta-total-due')).toHaveText('-$0.33')
  await expect(page.getByTestId('ifta-file')).toHaveCount(0)

  // The quarter is closed to every write, in the API too.
  const refused = await request.post('/api/fuel-purchases', {
    headers: { Authorization: `Bearer ${org.accessToken}` },
    data: { truckId: truck.id, purchasedAt: '2026-05-01', jurisdiction: 'OK', gallons: 20, totalCents: 8_000 },
  })
  expect([refused.status(), (await refused.json()).error.code]).toEqual([409, 'period_closed'])

  // Reopening is not the accountant's: no form; the admin signs in and reopens it.
  await expect(page.getByTestId('ifta-reopen')).toHaveCount(0)
  await page.context().clearCookies()
  await loginByRequest(page, org.email, org.password)
  await page.goto('/dashboard/ifta/2026-Q2')
  const reopen = page.getByTestId('ifta-reopen')
  await reopen.getByLabel('Reason').fill('A receipt came in late')
  await reopen.getByRole('button', { name: 'Reopen the quarter' }).click()
  await expect(toast(page, '2026-Q2 is open again', 'success')).toBeVisible()
  await expect(page.getByTestId('ifta-file')).toBeVisible()
})
