import { expect, signedIn, signedInAs, test, whenHydrated } from './fixtures'
import { api, apiLoad, fleet } from './load-fixtures'

// A payment is never dated after today in the organization's zone (behind UTC in the evening).
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)

test('analytics and banking show what a delivered, invoiced and partly paid load earned and is owed', async ({ page, request }) => {
  const org = await signedIn(page, request)
  await page.goto('/dashboard/analytics')
  // A new organization: the empty states, not zeros dressed as charts.
  await expect(page.getByText('No delivered loads yet')).toBeVisible()
  await page.goto('/dashboard/banking')
  await expect(page.getByTestId('latest-payments')).toHaveCount(0)
  await expect(page.getByText('No payments recorded yet.')).toBeVisible()

  const { broker, driver, truck, trailer } = await fleet(request, org)
  const load = await apiLoad(request, org, { brokerId: broker.id, driverId: driver.id, truckId: truck.id, trailerId: trailer.id, linehaulCents: 240_000 })
  let version = load.version
  for (const status of ['dispatched', 'at_pickup', 'in_transit', 'at_delivery', 'delivered'])
    version = (await api(request, org, `/api/loads/${load.id}/status`, { status, version }, 200)).version
  const invoice = await api(request, org, '/api/invoice', { brokerId: broker.id, loadIds: [load.id] })
  const sent = await api(request, org, `/api/invoice/${invoice.id}/send`, { version: invoice.version }, 200)
  await api(request, org, `/api/invoice/${invoice.id}/payments`, { amountCents: 40_000, paidAt: yesterday(), version: sent.version })

  await page.goto('/dashboard/analytics')
  await expect(page.getByTestId('analytics-revenue')).toContainText('$2,400.00')
  // 800 loaded miles and the empty ones the fixture leaves out: $3.00 a mile.
  await expect(page.getByTestId('analytics-rpm')).toContainText('$3.00/mi')
  await expect(page.getByTestId('revenue-per-truck')).toContainText(truck.unitNumber as string)
  await expect(page.getByTestId('top-brokers')).toContainText(broker.name as string)
  await expect(page.getByTestId('loads-by-status')).toContainText('Invoiced')

  await page.goto('/dashboard/banking')
  await expect(page.getByTestId('banking-open')).toContainText('$2,000.00')
  await expect(page.getByTestId('receivables-aging').locator('[data-bucket="current"]')).toContainText('$2,000.00')
  await expect(page.getByTestId('latest-payments')).toContainText('$400.00')
  await whenHydrated(page)
  await page
    .getByTestId('latest-payments')
    .getByRole('link', { name: invoice.invoiceNumber as string })
    .click()
  await expect(page.getByRole('heading', { name: `Invoice ${invoice.invoiceNumber}` })).toBeVisible()
})

test('banking is not for dispatchers', async ({ page, request }) => {
  await signedInAs(page, request, 'dispatcher')
  const response = await page.goto('/dashboard/banking')
  expect(response?.status()).toBe(403)
  await expect(page.getByRole('heading', { name: 'No permission' })).toBeVisible()
  await page.goto('/dashboard/analytics')
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible()
})

test('analytics shows each unit’s miles, fuel, MPG and fuel cost per mile this month', async ({ page, request }) => {
  const org = await signedIn(page, request)
  await page.goto('/dashboard/analytics')
  await expect(page.getByText('No trips or fuel purchases in the last three months.')).toBeVisible()
  const { truck } = await fleet(request, org)
  // Yesterday is this month or last, both in the table's three months, whatever the organization's zone.
  const day = yesterday()
  await api(request, org, '/api/trips', {
    truckId: truck.id,
    startedAt: day,
    endedAt: day,
    startOdometer: 1_000,
    endOdometer: 2_234,
    jurisdictions: [{ jurisdiction: 'TX', miles: 1_234 }],
  })
  await api(request, org, '/api/fuel-purchases', { truckId: truck.id, purchasedAt: day, jurisdiction: 'TX', gallons: 201.375, totalCents: 80_550 })
  await page.goto('/dashboard/analytics')
  // 1,234 miles on 201.375 gallons: 6.13 MPG; $805.50 of fuel: 65 cents a mile.
  const row = page
    .getByTestId('fuel-economy')
    .getByRole('row')
    .filter({ hasText: String(truck.unitNumber) })
  await expect(row).toContainText('1,234')
  await expect(row).toContainText('201.375')
  await expect(row).toContainText('6.13')
  await expect(row).toContainText('$0.65/mi')
})
