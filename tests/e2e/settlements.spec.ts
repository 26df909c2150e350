import { apiUser, expect, loginByRequest, signedIn, test, type TestOrganization, toast } from './fixtures'
import { api, apiLoad, day, fleet } from './load-fixtures'

// Each test works in an organization of its own, signed in as its admin.
let org: TestOrganization
test.beforeEach(async ({ page, request }) => {
  org = await signedIn(page, request)
})

/** A driver paid $400 a load with a $25 recurring deduction, and one of their loads delivered today. */
async function driverWithDeliveredLoad(request: Parameters<typeof fleet>[0]) {
  const { broker, truck, trailer } = await fleet(request, org)
  const driver = await apiUser(request, org, {
    role: 'driver',
    firstName: 'Rosa',
    lastName: 'Milner',
    driverProfile: {
      licenseNumber: 'DL-7781',
      licenseExpiry: day(700),
      medicalCardExpiry: day(500),
      payType: 'per_load',
      payRateCents: 40_000,
      recurringDeductions: [{ description: 'ELD lease', amountCents: 2_500 }],
    },
  })
  const load = await apiLoad(request, org, { brokerId: broker.id, driverId: driver.id, truckId: truck.id, trailerId: trailer.id })
  let version = load.version
  for (const status of ['dispatched', 'at_pickup', 'in_transit', 'at_delivery', 'delivered'])
    version = (await api(request, org, `/api/loads/${load.id}/status`, { status, version }, 200)).version
  return { driver, load }
}

test('settles a driver’s delivered load, approves and pays it, and the driver reads it under My pay at 390 px', async ({ page, request }) => {
  const { driver, load } = await driverWithDeliveredLoad(request)
  await page.goto('/dashboard/settlements/list')
  await page.getByRole('link', { name: 'New settlement' }).first().click()
  const form = page.getByTestId('settlement-create')
  await form.getByLabel('Driver').selectOption({ label: 'Rosa Milner' })
  await form.getByLabel('Period start').fill(day(-3))
  await form.getByLabel('Period end').fill(day(3))
  await form.getByRole('button', { name: 'Create draft' }).click()

  await expect(page.getByRole('heading', { name: /^Settlement STL-/ })).toBeVisible()
  await expect(page.getByTestId('settlement-lines')).toContainText(load.loadNumber)
  await expect(page.getByTestId('settlement-lines')).toContainText('ELD lease')
  await expect(page.getByTestId('settlement-net')).toHaveText('$375.00')

  // An advance added by hand on the draft.
  const line = page.getByTestId('settlement-line-form')
  await line.getByLabel('Amount').fill('50')
  await line.getByLabel('Description').fill('Fuel advance')
  await line.getByRole('button', { name: 'Add an advance or reimbursement' }).click()
  await expect(page.getByTestId('settlement-net')).toHaveText('$325.00')

  await page.getByTestId('settlement-actions').getByRole('button', { name: 'Approve' }).click()
  await expect(toast(page, /approved/, 'success')).toBeVisible()
  const pay = page.getByTestId('settlement-pay-form')
  await pay.getByLabel('Method').selectOption({ label: 'Check' })
  await pay.getByLabel('Reference').fill('CHK 2201')
  await pay.getByRole('button', { name: 'Mark paid' }).click()
  await expect(page.getByTestId('settlement-summary')).toContainText('Paid')
  await expect(page.getByTestId('settlement-summary')).toContainText('#CHK 2201')

  await page.context().clearCookies()
  await loginByRequest(page, driver.email, driver.password)
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/dashboard/pay')
  const mine = page.getByTestId('my-pay')
  await expect(mine).toContainText('$325.00')
  await expect(mine).toContainText('Paid')
  await expect(mine.getByRole('link', { name: 'Statement (PDF)' })).toHaveAttribute('href', /\/dashboard\/settlements\/.+\/pdf$/)
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width).toBeLessThanOrEqual(390)
})

test('the settlement page in Arabic is right-to-left', async ({ page, request }) => {
  const { driver } = await driverWithDeliveredLoad(request)
  const settlement = await api(request, org, '/api/settlements', { driverId: driver.id, periodStart: day(-3), periodEnd: day(3) })
  const url = test.info().project.use.baseURL!
  await page.context().addCookies([{ name: 'i18nextLng', value: 'ar', url }])
  await page.goto(`/dashboard/settlements/${settlement.id}`)
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`التسوية ${String(settlement.number)}`)
  await expect(page.getByTestId('settlement-actions').getByRole('button', { name: 'اعتماد' })).toBeVisible()
})
