import { formatDateTime, formatZonedDate } from '../../app/utils/format'
import { expect, signedIn, test, type TestOrganization, uniqueId } from './fixtures'
import { api, apiLoad, fleet } from './load-fixtures'

/**
 * Every date a person reads is the organization's day, never UTC's. The spec puts its
 * organization in a time zone whose day is not UTC's day right now (UTC+14 or UTC−11: at any
 * moment one of the two is on another date than UTC), so a date shown in UTC is the wrong day.
 */
const dayIn = (zone: string, at = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, dateStyle: 'short' }).format(at)
function zoneOffUtcDay() {
  return dayIn('Pacific/Kiritimati') !== dayIn('UTC') ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago'
}

let org: TestOrganization
let zone: string
test.beforeEach(async ({ page, request }) => {
  org = await signedIn(page, request)
  zone = zoneOffUtcDay()
  const auth = { Authorization: `Bearer ${org.accessToken}` }
  const current = (await (await request.get('/api/organization', { headers: auth })).json()).data
  const saved = await request.put('/api/organization', { headers: auth, data: { ...current, timeZone: zone } })
  expect(saved.status(), await saved.text()).toBe(200)
})

test('store orders and the last sign-in show the organization’s day, not UTC’s', async ({ page, request }) => {
  const product = await api(request, org, '/api/products', { name: 'Work gloves', sku: uniqueId('GL'), priceCents: 995, stock: 10 })
  await api(request, org, '/api/cart/items', { productId: product.id, quantity: 1 })
  const auth = { Authorization: `Bearer ${org.accessToken}` }
  expect(
    (
      await request.put('/api/cart/billing', { headers: auth, data: { chargeTo: 'company', name: 'Yard', address: '1 Yard Rd', shippingMethod: 'pickup' } })
    ).status(),
  ).toBe(200)
  expect((await request.post('/api/cart/step', { headers: auth, data: { step: 2 } })).status()).toBe(200)
  const order = (await api(request, org, '/api/checkout', {})) as unknown as { id: string; orderNumber: string; createdAt: string }
  const officeDay = formatZonedDate('en', order.createdAt, zone)
  const utcDay = formatZonedDate('en', order.createdAt, 'UTC')
  expect(officeDay).not.toBe(utcDay)

  await page.goto('/dashboard/e-commerce/orders')
  const row = page.getByRole('row').filter({ hasText: order.orderNumber })
  await expect(row).toContainText(officeDay)
  await expect(row).not.toContainText(utcDay)
  await page.goto(`/dashboard/e-commerce/orders/${order.id}`)
  await expect(page.getByRole('main')).toContainText(officeDay)
  await expect(page.getByRole('main')).not.toContainText(utcDay)

  // The admin signed in moments ago: the users list says so on the organization's day.
  await page.goto('/dashboard/user/list')
  const me = page.getByRole('row').filter({ hasText: org.email })
  await expect(me).toContainText(formatZonedDate('en', new Date(), zone))
  await expect(me).not.toContainText(utcDay)
})

test('a tracking link expires at the same moment on the load page and on the customer’s page, whose zone is named', async ({ page, request }) => {
  const equipment = await fleet(request, org)
  const load = await apiLoad(request, org, { brokerId: equipment.broker.id })
  const link = (await api(request, org, `/api/loads/${load.id}/tracking`, { expiresInDays: 3 })) as unknown as { url: string; expiresAt: string }
  const office = formatDateTime('en', link.expiresAt, zone)
  expect(formatZonedDate('en', link.expiresAt, zone)).not.toBe(formatZonedDate('en', link.expiresAt, 'UTC'))

  await page.goto(`/dashboard/loads/${load.id}`)
  await expect(page.getByTestId('tracking-link')).toContainText(office)

  // The customer, signed out, on a first visit (the browser has not said its zone yet): the carrier's zone, named.
  await page.context().clearCookies()
  await page.goto(new URL(link.url).pathname)
  await expect(page.getByTestId('tracking-expires')).toContainText(office)
  await expect(page.getByTestId('tracking-expires')).toContainText(zone)
})
