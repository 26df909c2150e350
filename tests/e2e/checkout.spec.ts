import { randomBytes } from 'node:crypto'

import type { Page } from '@playwright/test'
import pg from 'pg'

import { axe } from './axe'
import { apiUser, expect, js, signedIn, test, type TestOrganization, toast, uniqueId, whenHydrated } from './fixtures'

/** The e2e server's embedded database (playwright.config.ts): products are made here (faster than through the product editor). */
const DATABASE_URL = `postgresql://postgres:postgres@127.0.0.1:${process.env.E2E_PG_PORT ?? '54331'}/freightdesk`

/** An active product of the spec's organization. */
async function product(org: TestOrganization, fields: { name: string; priceCents: number; stock: number; colors: string[] }) {
  const client = new pg.Client({ connectionString: DATABASE_URL })
  await client.connect()
  try {
    const { rows } = await client.query<{ organizationId: string }>('SELECT "organizationId" FROM "User" WHERE email = $1', [org.email])
    const id = `p${randomBytes(12).toString('hex')}`
    await client.query(
      `INSERT INTO "Product" (id, "organizationId", name, sku, "priceCents", stock, colors, "updatedAt") VALUES ($1, $2, $3, $4, $5, $6, $7, now())`,
      [id, rows[0].organizationId, fields.name, uniqueId('SKU'), fields.priceCents, fields.stock, fields.colors],
    )
    return id
  } finally {
    await client.end()
  }
}

/** The shop's "Add to cart" form, posted as the product page posts it (the page shares the browser's cookies). */
async function addToCart(page: Page, productId: string, color: string, quantity: number) {
  const response = await page.request.post('/dashboard/e-commerce/cart', {
    form: { intent: 'add', productId, color, quantity: String(quantity) },
    maxRedirects: 0,
  })
  expect(response.status(), await response.text()).toBe(302)
}

/** Serious and critical accessibility problems of the page (with JavaScript: the toasts are the shared toaster's, left out). */
async function serious(page: Page) {
  if (!js(test.info())) return []
  const results = await axe(page).exclude('[data-sonner-toaster]').analyze()
  return results.violations.filter((found) => found.impact === 'serious' || found.impact === 'critical').map((found) => found.id)
}

let org: TestOrganization
test.beforeEach(async ({ page, request }) => {
  org = await signedIn(page, request)
})

test('cart → billing charged to a driver → review → place order → the order page', async ({ page, request }) => {
  await apiUser(request, org, { role: 'driver', firstName: 'Dana', lastName: 'Wheeler' })
  const vest = await product(org, { name: 'Hi-vis vest', priceCents: 1250, stock: 10, colors: ['orange', 'yellow'] })
  await addToCart(page, vest, 'orange', 2)

  await page.goto('/dashboard/e-commerce/checkout')
  await whenHydrated(page)
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible()
  const stepper = page.getByTestId('checkout-stepper')
  await expect(stepper.locator('[data-step="cart"]')).toHaveAttribute('data-state', 'current')
  await expect(page.getByTestId('cart-line')).toHaveCount(1)
  await page.getByLabel('Quantity of Hi-vis vest').fill('3')
  await page.getByRole('button', { name: 'Update' }).click()
  await expect(page.getByTestId('line-total')).toHaveText('$37.50')

  await page.getByTestId('checkout-continue').click()
  await expect(stepper.locator('[data-step="billing"]')).toHaveAttribute('data-state', 'current')
  await page.getByLabel('A driver (deducted from their settlement)').check()
  await page.getByLabel('Driver', { exact: true }).selectOption({ label: 'Dana Wheeler' })
  await page.getByLabel('Name', { exact: true }).fill('Dana Wheeler')
  await page.getByLabel('Address', { exact: true }).fill('12 Yard Road, Tulsa OK')
  await page.getByRole('radio', { name: /Standard/ }).check()
  await page.getByLabel('Discount code').fill('safety10')
  await expect(serious(page)).resolves.toEqual([])
  await page.getByTestId('checkout-continue').click()

  // Review: 3 × $12.50 = $37.50, less 10% ($3.75), plus standard shipping ($15.00).
  await expect(stepper.locator('[data-step="review"]')).toHaveAttribute('data-state', 'current')
  await expect(page.getByTestId('checkout-total')).toHaveText('$48.75')
  await expect(page.getByTestId('checkout-review')).toContainText('Driver: Dana Wheeler')
  await expect(serious(page)).resolves.toEqual([])
  // Back, then a jump forward to the completed review from the stepper.
  await page.getByTestId('checkout-back').click()
  await expect(stepper.locator('[data-step="billing"]')).toHaveAttribute('data-state', 'current')
  await stepper.getByRole('button', { name: /Review/ }).click()
  await expect(stepper.locator('[data-step="review"]')).toHaveAttribute('data-state', 'current')

  await page.getByTestId('checkout-place').click()
  await expect(page).toHaveURL(/\/dashboard\/e-commerce\/orders\/[^/]+$/)
  await expect(page.getByRole('heading', { name: /^Order SO-\d{6}$/, level: 1 })).toBeVisible()
  await expect(toast(page, /Order SO-\d{6} placed/)).toBeVisible()
  await expect(page.getByTestId('order-payer')).toHaveText('Driver: Dana Wheeler')
  await expect(page.getByTestId('checkout-total')).toHaveText('$48.75')
  await expect(serious(page)).resolves.toEqual([])

  await page.goto('/dashboard/e-commerce/orders')
  await expect(page.getByTestId('orders-table').locator('tbody tr')).toHaveCount(1)
  await expect(page.getByRole('link', { name: 'Cart (0)' })).toBeVisible()
})

test('a price changed after the review refuses the order and shows the new total; placed again, it is the new one', async ({ page }) => {
  const decal = await product(org, { name: 'Door decal', priceCents: 1, stock: 10, colors: [] })
  await addToCart(page, decal, '', 1)
  await page.goto('/dashboard/e-commerce/checkout')
  await whenHydrated(page)
  await page.getByTestId('checkout-continue').click()
  await page.getByLabel('The company').check()
  await page.getByLabel('Name', { exact: true }).fill('Yard office')
  await page.getByLabel('Address', { exact: true }).fill('12 Yard Road, Tulsa OK')
  await page.getByRole('radio', { name: /Pickup/ }).check()
  await page.getByTestId('checkout-continue').click()
  await expect(page.getByTestId('checkout-stepper').locator('[data-step="review"]')).toHaveAttribute('data-state', 'current')
  await expect(page.getByTestId('checkout-total')).toHaveText('$0.01')

  // Meanwhile the store's price becomes $99,999.99.
  const client = new pg.Client({ connectionString: DATABASE_URL })
  await client.connect()
  await client.query('UPDATE "Product" SET "priceCents" = 9999999 WHERE id = $1', [decal])
  await client.end()

  await page.getByTestId('checkout-place').click()
  await expect(page.getByTestId('checkout-refusal')).toContainText('The prices changed since you reviewed this order: the total is now $99,999.99.')
  await expect(page.getByTestId('checkout-total')).toHaveText('$99,999.99')
  await expect(page).toHaveURL(/\/dashboard\/e-commerce\/checkout$/)

  await page.getByTestId('checkout-place').click()
  await expect(page).toHaveURL(/\/dashboard\/e-commerce\/orders\/[^/]+$/)
  await expect(page.getByTestId('checkout-total')).toHaveText('$99,999.99')
})

test('reset empties the cart and returns to step 0', async ({ page }) => {
  const straps = await product(org, { name: 'Ratchet strap', priceCents: 2400, stock: 5, colors: [] })
  await addToCart(page, straps, '', 1)
  await page.goto('/dashboard/e-commerce/checkout')
  await whenHydrated(page)
  await page.getByTestId('checkout-continue').click()
  await expect(page.getByTestId('checkout-stepper').locator('[data-step="billing"]')).toHaveAttribute('data-state', 'current')
  await page.getByTestId('checkout-reset').click()
  await expect(page.getByText('Your cart is empty.')).toBeVisible()
  await expect(page.getByTestId('checkout-stepper').locator('[data-step="cart"]')).toHaveAttribute('data-state', 'current')
  await expect(page.getByTestId('checkout-total')).toHaveText('$0.00')
})

test('the checkout page in Arabic reads right to left', async ({ page, baseURL }) => {
  const gloves = await product(org, { name: 'Work gloves', priceCents: 995, stock: 5, colors: ['black'] })
  await addToCart(page, gloves, 'black', 1)
  await page.context().addCookies([{ name: 'i18nextLng', value: 'ar', url: baseURL! }])
  await page.goto('/dashboard/e-commerce/checkout')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.getByRole('heading', { name: 'إتمام الشراء', level: 1 })).toBeVisible()
  await expect(page.getByRole('button', { name: 'متابعة' })).toBeVisible()
  await page.setViewportSize({ width: 390, height: 844 })
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(overflow).toBeLessThanOrEqual(0)
})
