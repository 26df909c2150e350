import { apiUser, expect, loginByRequest, registerOrganization, test, uniqueId } from './fixtures'

// A driver buys in the company store themselves, charged to their own settlement, and
// "Add to cart" refuses more than the stock at the quantity (JavaScript on and off: both projects).

test('a driver is refused more than the stock at "Add to cart", then buys for themselves, charged to their settlement', async ({ page, request }) => {
  const org = await registerOrganization(request)
  const auth = { Authorization: `Bearer ${org.accessToken}` }
  const created = await request.post('/api/products', { headers: auth, data: { name: 'Hi-vis vest', sku: uniqueId('VST'), priceCents: 1250, stock: 3 } })
  expect(created.status(), await created.text()).toBe(201)
  const vest = (await created.json()).data as { id: string }
  const driver = await apiUser(request, org, { role: 'driver', firstName: 'Owen', lastName: 'Tate' })
  await loginByRequest(page, driver.email, driver.password)

  await page.goto(`/dashboard/e-commerce/product/${vest.id}`)
  await page.getByLabel('Quantity').fill('4')
  await page.getByRole('button', { name: 'Add to cart' }).click()
  // Refused at the quantity, the value typed kept; nothing in the cart.
  await expect(page.locator('#cart-quantity-error')).toHaveText('Only 3 in stock, counting what your cart already holds.')
  await expect(page.getByLabel('Quantity')).toHaveValue('4')
  await expect(page.getByLabel('Quantity')).toHaveAttribute('aria-invalid', 'true')

  await page.getByLabel('Quantity').fill('2')
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible()
  await expect(page.getByTestId('line-total')).toHaveText('$25.00')
  await expect(page.getByTestId('store-limit-note')).toContainText('$500.00')
  await page.getByTestId('checkout-continue').click()
  // Nothing to choose: the order is the driver's own.
  await expect(page.getByTestId('charge-to-self')).toHaveText('A driver’s order is charged to their own settlement.')
  await expect(page.getByLabel('Driver', { exact: true })).toHaveCount(0)
  await page.getByLabel('Name', { exact: true }).fill('Owen Tate')
  await page.getByLabel('Address', { exact: true }).fill('Yard pickup')
  await page.getByRole('radio', { name: /Pickup/ }).check()
  await page.getByTestId('checkout-continue').click()
  await expect(page.getByTestId('checkout-total')).toHaveText('$25.00')
  await page.getByTestId('checkout-place').click()
  await expect(page.getByRole('heading', { name: /^Order SO-\d{6}$/, level: 1 })).toBeVisible()

  // The office sees it charged to the driver, whose next settlement deducts it.
  const orders = await request.get('/api/orders', { headers: auth })
  expect((await orders.json()).data).toEqual([expect.objectContaining({ chargeTo: 'driver', driverId: driver.id, totalCents: 2500 })])
})
