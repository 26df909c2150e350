import { apiUser, expect, loginByRequest, signedIn, test, type TestOrganization, toast } from './fixtures'
import { api, apiLoad, day, fleet } from './load-fixtures'

// The store and driver pay as one flow: what the office buys for a driver in the shop is
// deducted on the driver's settlement, which the driver then reads under My pay.
let org: TestOrganization
test.beforeEach(async ({ page, request }) => {
  org = await signedIn(page, request)
})

test('shop → cart → checkout charged to a driver → the settlement deducts it → approve → pay → My pay at 390 px', async ({ page, request }) => {
  const { broker, truck, trailer } = await fleet(request, org)
  const driver = await apiUser(request, org, {
    role: 'driver',
    firstName: 'Owen',
    lastName: 'Tate',
    driverProfile: { licenseNumber: 'DL-5521', licenseExpiry: day(700), medicalCardExpiry: day(500), payType: 'per_load', payRateCents: 40_000 },
  })
  const load = await apiLoad(request, org, { brokerId: broker.id, driverId: driver.id, truckId: truck.id, trailerId: trailer.id })
  let version = load.version
  for (const status of ['dispatched', 'at_pickup', 'in_transit', 'at_delivery', 'delivered'])
    version = (await api(request, org, `/api/loads/${load.id}/status`, { status, version }, 200)).version
  const boots = await api(request, org, '/api/products', {
    name: 'Steel-toe boots',
    sku: `BOOT-${load.loadNumber}`,
    priceCents: 2_000,
    stock: 5,
    colors: ['Black'],
  })

  // The shop: the product's page, its colour and quantity, into the cart.
  await page.goto('/dashboard/e-commerce/shop')
  await page.getByTestId('shop-card').getByRole('link', { name: 'Steel-toe boots' }).first().click()
  await expect(page).toHaveURL(new RegExp(`/dashboard/e-commerce/product/${boots.id}(\\?|$)`))
  await page.getByLabel('Quantity').fill('2')
  await page.getByRole('button', { name: 'Add to cart' }).click()

  // Checkout, charged to the driver, picked up at the yard.
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible()
  await expect(page.getByTestId('line-total')).toHaveText('$40.00')
  await page.getByTestId('checkout-continue').click()
  await page.getByLabel('A driver (deducted from their settlement)').check()
  await page.getByLabel('Driver', { exact: true }).selectOption({ label: 'Owen Tate' })
  await page.getByLabel('Name', { exact: true }).fill('Owen Tate')
  await page.getByLabel('Address', { exact: true }).fill('Yard pickup')
  await page.getByRole('radio', { name: /Pickup/ }).check()
  await page.getByTestId('checkout-continue').click()
  await expect(page.getByTestId('checkout-total')).toHaveText('$40.00')
  await page.getByTestId('checkout-place').click()
  const heading = page.getByRole('heading', { name: /^Order SO-\d{6}$/, level: 1 })
  await expect(heading).toBeVisible()
  const orderNumber = (await heading.textContent())!.replace('Order ', '')

  // The driver's settlement for the week pays the load and deducts the order, once.
  await page.goto('/dashboard/settlements/new')
  const form = page.getByTestId('settlement-create')
  await form.getByLabel('Driver').selectOption({ label: 'Owen Tate' })
  await form.getByLabel('Period start').fill(day(-3))
  await form.getByLabel('Period end').fill(day(3))
  await form.getByRole('button', { name: 'Create draft' }).click()
  const lines = page.getByTestId('settlement-lines')
  await expect(lines).toContainText(load.loadNumber)
  await expect(lines).toContainText(orderNumber)
  await expect(page.getByTestId('settlement-net')).toHaveText('$360.00')

  await page.getByTestId('settlement-actions').getByRole('button', { name: 'Approve' }).click()
  await expect(toast(page, /approved/, 'success')).toBeVisible()
  const pay = page.getByTestId('settlement-pay-form')
  await pay.getByLabel('Method').selectOption({ label: 'Check' })
  await pay.getByLabel('Reference').fill('CHK 3301')
  await pay.getByRole('button', { name: 'Mark paid' }).click()
  await expect(page.getByTestId('settlement-summary')).toContainText('Paid')

  // The order is settled now: it can no longer be cancelled.
  await page.goto('/dashboard/e-commerce/orders')
  await page.getByRole('link', { name: orderNumber }).click()
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0)

  await page.context().clearCookies()
  await loginByRequest(page, driver.email, driver.password)
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/dashboard/pay')
  const mine = page.getByTestId('my-pay')
  await expect(mine).toContainText('$360.00')
  await expect(mine).toContainText('Paid')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
})
