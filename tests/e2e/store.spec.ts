import type { APIRequestContext, Page } from '@playwright/test'

import { expect, signedIn, test, type TestOrganization, toast, uniqueId } from './fixtures'

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')

async function apiProduct(request: APIRequestContext, org: TestOrganization, data: Record<string, unknown>) {
  const response = await request.post('/api/products', { headers: { Authorization: `Bearer ${org.accessToken}` }, data })
  expect(response.status(), await response.text()).toBe(201)
  return (await response.json()).data as { id: string; name: string; version: number }
}

async function fillProduct(page: Page, fields: { name: string; sku: string; price: string; stock: string; colors?: string }) {
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(fields.name)
  await page.getByLabel('SKU').fill(fields.sku)
  await page.getByLabel('Category').fill('Safety')
  await page.getByLabel('Price ($)').fill(fields.price)
  await page.getByLabel('Stock').fill(fields.stock)
  if (fields.colors) await page.getByLabel('Colours').fill(fields.colors)
}

// Every test works in an organization of its own, signed in as its admin.
let org: TestOrganization
test.beforeEach(async ({ page, request }) => {
  org = await signedIn(page, request)
})

test('creates a product with a photo, shows it on its page and in the shop, and refuses a stale edit', async ({ page, context }) => {
  const name = uniqueId('Vest')
  await page.goto('/dashboard/e-commerce/product/new')
  await fillProduct(page, { name, sku: uniqueId('VST'), price: '14.50', stock: '3', colors: 'High-vis yellow, Orange' })
  await page.getByLabel('Photos').setInputFiles({ name: 'vest.png', mimeType: 'image/png', buffer: PNG })
  await page.getByRole('button', { name: 'Create product' }).click()
  await expect(page).toHaveURL(/\/dashboard\/e-commerce\/list\?changed=\w+$/)
  await expect(toast(page, `Product ${name} created`, 'success')).toBeVisible()
  const row = page.getByTestId('products-table').getByRole('row').filter({ hasText: name })
  await expect(row).toContainText('$14.50')
  await expect(row).toContainText('Low stock')

  await row.getByRole('link', { name, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible()
  await expect(page.getByTestId('product-price')).toHaveText('$14.50')
  const photo = page.getByTestId('product-photos').getByRole('img').first()
  await expect(photo).toBeVisible()
  // Visible is not loaded: wait for the bytes (a photo that fails to load stays at 0 and fails here).
  await expect(photo).toHaveJSProperty('naturalWidth', 1)
  await expect(page.getByLabel('Colour')).toHaveValue('High-vis yellow')
  await expect(page.getByTestId('add-to-cart')).toHaveAttribute('action', /^\/dashboard\/e-commerce\/product\/\w+$/)

  await page.getByRole('link', { name: 'Edit' }).click()
  await expect(page.getByRole('heading', { name: `Edit product ${name}` })).toBeVisible()
  const other = await context.newPage()
  await other.goto(page.url())
  await page.getByLabel('Price ($)').fill('16')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(toast(page, `Product ${name} updated`, 'success')).toBeVisible()
  await other.getByLabel('Price ($)').fill('99')
  await other.getByRole('button', { name: 'Save changes' }).click()
  await expect(other.getByRole('alert')).toContainText('Someone else saved this record while you were editing it.')
  await other.close()

  await page.goto('/dashboard/e-commerce/shop')
  const card = page.getByTestId('shop-card').filter({ hasText: name })
  await expect(card.getByTestId('shop-card-price')).toHaveText('$16.00')
  await expect(card.locator('img')).toHaveAttribute('src', /\/photos\//)
})

test('filters the shop by category and colour, and an out-of-stock product cannot be added to the cart', async ({ page, request }) => {
  await apiProduct(request, org, { name: 'Hard hat', sku: uniqueId('HAT'), priceCents: 1899, stock: 10, category: 'Safety', colors: ['White'] })
  await apiProduct(request, org, { name: 'Ratchet strap', sku: uniqueId('STR'), priceCents: 2499, stock: 30, category: 'Cargo control', colors: ['Orange'] })
  const gloves = await apiProduct(request, org, { name: 'Work gloves', sku: uniqueId('GLV'), priceCents: 999, stock: 0, category: 'Safety', colors: ['Tan'] })
  await apiProduct(request, org, { name: 'Draft item', sku: uniqueId('DRF'), priceCents: 100, stock: 5, status: 'draft' })

  await page.goto('/dashboard/e-commerce/shop')
  const names = page.getByTestId('shop-card').getByRole('heading')
  await expect(names).toHaveText(['Hard hat', 'Ratchet strap', 'Work gloves'])
  await page.getByLabel('Category').selectOption('Safety')
  await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' })
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/category=Safety/)
  await expect(names).toHaveText(['Work gloves', 'Hard hat'])
  await page.getByLabel('Colour').selectOption('White')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(names).toHaveText(['Hard hat'])

  await page.goto(`/dashboard/e-commerce/product/${gloves.id}`)
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeDisabled()
  await expect(page.getByTestId('cart-blocked')).toHaveText('Out of stock: it cannot be ordered until it is restocked.')
})

test('the shop in Arabic is right-to-left and translated', async ({ page, request }) => {
  await apiProduct(request, org, { name: 'Dash camera', sku: uniqueId('CAM'), priceCents: 15_900, stock: 2, category: 'Electronics', colors: ['Black'] })
  const url = test.info().project.use.baseURL!
  await page.context().addCookies([{ name: 'i18nextLng', value: 'ar', url }])
  await page.goto('/dashboard/e-commerce/shop')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('المتجر')
  await expect(page.getByTestId('shop-card')).toContainText('Dash camera')
  await expect(page.getByTestId('shop-card')).toContainText('مخزون منخفض')
  await page.goto('/dashboard/ecommerce')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('لوحة معلومات المتجر')
  await expect(page.getByTestId('store-stock-alerts')).toContainText('Dash camera')
})

test('opens the Store item in the navigation on the sales dashboard (/dashboard/ecommerce), its Dashboard the current page', async ({ page }) => {
  await page.goto('/dashboard/ecommerce')
  const nav = page.getByTestId('nav-vertical')
  const store = nav.getByRole('link', { name: 'Store', exact: true })
  await expect(store).toHaveClass(/fd-nav-active/)
  // Open: its pages are listed under it, the one shown marked as current.
  const item = nav.locator('li').filter({ has: page.getByRole('link', { name: 'Store', exact: true }) })
  await expect(item.getByRole('link', { name: 'Shop', exact: true })).toBeVisible()
  await expect(item.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute('aria-current', 'page')
})
