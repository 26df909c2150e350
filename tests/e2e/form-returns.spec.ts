/**
 * What a form gives back, with JavaScript and without: the load editor's row buttons return to
 * their section with the totals of what was typed, the payment form starts again from the new
 * balance, and a display setting or a language chosen with JavaScript is kept from the click on.
 */
import type { Page } from '@playwright/test'

import { expect, signedIn, test, whenHydrated } from './fixtures'
import { api } from './load-fixtures'

test('the load editor’s add buttons come back to their section, with the totals of what was typed', async ({ page, request }) => {
  const org = await signedIn(page, request)
  await api(request, org, '/api/brokers', { name: 'Prairie Line Logistics' })
  await page.goto('/dashboard/loads/new')
  await whenHydrated(page)
  await page.getByLabel('Linehaul ($)').fill('2,000')
  await page.getByLabel('Loaded miles').fill('400')

  await page.getByRole('button', { name: 'Add charge' }).click()
  await expect(page.getByTestId('charge-row')).toHaveCount(1)
  await expect(page).toHaveURL(/#load-charges$/)
  await expect(page.locator('#load-charges')).toBeInViewport()
  await page.getByLabel('Amount ($)').fill('150')
  // A second charge: the page that comes back counts the first one (the server's totals without JavaScript).
  await page.getByRole('button', { name: 'Add charge' }).click()
  await expect(page.getByTestId('charge-row')).toHaveCount(2)
  await expect(page.locator('#load-charges')).toBeInViewport()
  await expect(page.getByTestId('total-linehaul')).toHaveText('$2,000.00')
  await expect(page.getByTestId('total-charges')).toHaveText('$150.00')
  await expect(page.getByTestId('total-total')).toHaveText('$2,150.00')

  await page.getByRole('button', { name: 'Add delivery' }).click()
  await expect(page.getByTestId('stop-row')).toHaveCount(3)
  await expect(page).toHaveURL(/#load-stops$/)
  await expect(page.locator('#load-stops')).toBeInViewport()
  await expect(page.getByTestId('charge-row').nth(0).getByLabel('Amount ($)')).toHaveValue('150')
  await expect(page.getByTestId('total-total')).toHaveText('$2,150.00')
})

test('after a partial payment the payment form offers the new balance', async ({ page, request }) => {
  const org = await signedIn(page, request)
  const broker = await api(request, org, '/api/brokers', { name: 'Bluebonnet Shipping Solutions', billingEmail: 'ap@example.test' })
  const invoice = await api(request, org, '/api/invoice', { brokerId: broker.id, items: [{ title: 'Linehaul', quantity: 1, unitPriceCents: 250_000 }] })
  await api(request, org, `/api/invoice/${invoice.id}/send`, { version: invoice.version }, 200)
  await page.goto(`/dashboard/invoice/${invoice.id}`)
  await whenHydrated(page)
  const form = page.getByTestId('payment-form')
  await expect(form.getByLabel('Amount')).toHaveValue('2500')
  await form.getByLabel('Amount').fill('1000')
  await form.getByLabel('Reference').fill('CHK-1001')
  await form.getByRole('button', { name: 'Record payment' }).click()
  await expect(page.getByTestId('invoice-balance')).toHaveText('$1,500.00')
  // Not the $1,000 typed a moment ago: a second click would have recorded it twice.
  await expect(form.getByLabel('Amount')).toHaveValue('1500')
  await expect(form.getByLabel('Reference')).toHaveValue('')
})

const html = (page: Page) => page.locator('html')

test('a display setting chosen with JavaScript survives a reload before the server has answered @js-only', async ({ page, request }) => {
  await signedIn(page, request)
  await page.goto('/dashboard/trucks/list')
  await whenHydrated(page)
  await page.getByTestId('settings-button').click()
  const drawer = page.getByTestId('settings-drawer')
  await expect(drawer).toBeVisible()
  // The posts never get an answer (the reload cancels them): only what the browser kept can bring the choices back.
  await page.route('**/resources/settings*', () => {})
  await drawer.locator('form[data-setting="themeLayout"]').getByRole('button', { name: 'Horizontal', exact: true }).click()
  await expect(html(page)).toHaveAttribute('data-layout', 'horizontal')
  await drawer.locator('form[data-setting="themeMode"]').getByRole('button', { name: 'Dark', exact: true }).click()
  await expect(html(page)).toHaveClass(/\bdark\b/)
  await page.reload()
  await expect(html(page)).toHaveAttribute('data-layout', 'horizontal')
  await expect(html(page)).toHaveClass(/\bdark\b/)

  // Reset too.
  await whenHydrated(page)
  await page.getByTestId('settings-button').click()
  await page.getByTestId('settings-reset').click()
  await expect(html(page)).toHaveAttribute('data-layout', 'vertical')
  await page.reload()
  await expect(html(page)).toHaveAttribute('data-layout', 'vertical')
  await expect(html(page)).not.toHaveClass(/\bdark\b/)
})

test('a language chosen with JavaScript survives a reload before the server has answered @js-only', async ({ page, request }) => {
  await signedIn(page, request)
  await page.goto('/dashboard/trucks/list')
  await whenHydrated(page)
  // The posts never get an answer (the reload cancels them).
  await page.route('**/resources/language*', () => {})
  await page.getByTestId('language-menu').click()
  await page.getByRole('button', { name: 'Français' }).click()
  await page.reload()
  await expect(html(page)).toHaveAttribute('lang', 'fr')
  await whenHydrated(page)
  await page.getByTestId('language-menu').click()
  await page.getByRole('button', { name: 'العربية' }).click()
  await page.reload()
  await expect(html(page)).toHaveAttribute('lang', 'ar')
  await expect(html(page)).toHaveAttribute('dir', 'rtl')
})
