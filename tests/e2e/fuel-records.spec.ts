import { apiTruck, expect, signedInAs, test, type TestOrganization, toast } from './fixtures'
import { addTrip } from './ifta-steps'

// Each test works in an organization of its own, signed in as an accountant (who keeps the fuel
// receipts and the trips); the organization's admin token makes the records the test starts from.
let org: TestOrganization
test.beforeEach(async ({ page, request }) => {
  ;({ org } = await signedInAs(page, request, 'accountant'))
})

test('types in a fuel receipt and a two-state trip, and the quarter’s return counts them', async ({ page, request }) => {
  await apiTruck(request, org, { unitNumber: 'FR-7' })

  await page.goto('/dashboard/fuel/list')
  await expect(page.getByRole('heading', { name: 'No fuel purchases yet' })).toBeVisible()
  await page.getByRole('link', { name: 'New fuel purchase' }).first().click()
  await expect(page.getByRole('heading', { name: 'New fuel purchase' })).toBeVisible()
  await page.getByLabel('Unit number').selectOption({ label: 'FR-7' })
  await page.getByLabel('Date').fill('2026-05-04')
  await page.getByLabel('State or province').selectOption('TX')
  await page.getByLabel('Gallons').fill('0')
  await page.getByLabel('Amount').fill('412.87')
  await page.getByRole('button', { name: 'Add the fuel purchase' }).click()
  // Refused at its field, with the rest of the form kept.
  await expect(page.getByText('Gallons must be more than 0.')).toBeVisible()
  await expect(page.getByLabel('Amount')).toHaveValue('412.87')
  await page.getByLabel('Gallons').fill('100.125')
  await page.getByRole('button', { name: 'Add the fuel purchase' }).click()
  await expect(toast(page, 'Fuel purchase for FR-7 on May 4, 2026 added', 'success')).toBeVisible()
  const purchases = page.getByTestId('fuel-table')
  await expect(purchases.getByRole('row', { name: /FR-7/ })).toContainText('100.125')
  await expect(purchases.getByRole('row', { name: /FR-7/ })).toContainText('$412.87')

  await addTrip(
    page,
    {
      unit: 'FR-7',
      startedAt: '2026-05-03',
      endedAt: '2026-05-05',
      startOdometer: 200_000,
      endOdometer: 200_600,
      lines: [
        { jurisdiction: 'TX', miles: 400 },
        { jurisdiction: 'OK', miles: 200 },
      ],
    },
    'Trip of FR-7 ending May 5, 2026 added',
  )
  await expect(page.getByTestId('trips-table').getByRole('row', { name: /May 3/ })).toContainText('TX · OK')

  // 600 miles on 100.125 gallons: the return counts both.
  await page.goto('/dashboard/ifta/2026-Q2')
  await expect(page.getByTestId('ifta-summary')).toContainText('600')
  await expect(page.getByTestId('ifta-summary')).toContainText('5.99')
})

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')

test('attaches a receipt’s photo to a purchase, refuses a file that is not one, and removes it', async ({ page, request }) => {
  const truck = await apiTruck(request, org, { unitNumber: 'FR-9' })
  const created = await request.post('/api/fuel-purchases', {
    headers: { Authorization: `Bearer ${org.accessToken}` },
    data: { truckId: truck.id, purchasedAt: '2026-06-02', jurisdiction: 'OK', gallons: 80, totalCents: 31_900 },
  })
  expect(created.status()).toBe(201)
  const { id } = (await created.json()).data as { id: string }

  await page.goto(`/dashboard/fuel/${id}`)
  const card = page.getByTestId('fuel-receipt-file')
  await expect(card.getByTestId('fuel-receipt-none')).toBeVisible()
  // A text file named like a picture: refused by its content, at the field.
  await card.getByLabel('Receipt photo or scan').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') })
  await card.getByRole('button', { name: 'Attach' }).click()
  await expect(page.getByTestId('fuel-receipt-refusal')).toHaveText('The receipt was not stored.')
  await expect(page.getByText('Only PDF, PNG, JPEG and WebP files are accepted')).toBeVisible()

  await page.getByTestId('fuel-receipt-file').getByLabel('Receipt photo or scan').setInputFiles({ name: 'pilot 4471.png', mimeType: 'image/png', buffer: PNG })
  await page.getByTestId('fuel-receipt-file').getByRole('button', { name: 'Attach' }).click()
  await expect(toast(page, 'Receipt stored', 'success')).toBeVisible()
  await expect(page.getByTestId('fuel-receipt-link')).toHaveText('pilot 4471.png')
  await expect(page.getByRole('img', { name: 'The receipt: pilot 4471.png' })).toBeVisible()
  const download = await request.get(`/api/fuel-purchases/${id}/receipt`, { headers: { Authorization: `Bearer ${org.accessToken}` } })
  expect([download.status(), download.headers()['content-type']]).toEqual([200, 'image/png'])

  // The files manager lists it with its purchase.
  await page.goto('/dashboard/files-manager?kind=fuel_receipt')
  await expect(page.getByRole('link', { name: /FR-9 · 2026-06-02 · OK/ })).toBeVisible()

  await page.goto(`/dashboard/fuel/${id}`)
  await page.getByRole('button', { name: 'Remove the receipt' }).click()
  await expect(toast(page, 'Receipt removed', 'success')).toBeVisible()
  await expect(page.getByTestId('fuel-receipt-none')).toBeVisible()
})
