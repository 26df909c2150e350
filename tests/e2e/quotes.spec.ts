import type { Page } from '@playwright/test'

import { axe } from './axe'
import { apiUser, expect, js, loginByRequest, registerOrganization, test, toast, whenHydrated } from './fixtures'
import { api, day } from './load-fixtures'

/** axe on the page as it stands (with JavaScript: axe runs script in the page; accessibility.spec.ts covers the no-JS markup). */
async function expectNoSeriousViolations(page: Page) {
  if (!js(test.info())) return
  await page.waitForLoadState('networkidle')
  const { violations } = await axe(page).analyze()
  expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([])
}

/**
 * Quote requests (ADR 061): the spec's own organization's quote address
 * (/pricing/{handle}) takes a shipper's request signed out; a dispatcher of that organization
 * prices it and converts it to a load. /pricing itself (the demo carrier) is only read.
 */
test('a shipper asks for a quote and a dispatcher converts it to a load', async ({ page, request }) => {
  const org = await registerOrganization(request)
  const organization = await request.get('/api/organization', { headers: { Authorization: `Bearer ${org.accessToken}` } })
  const handle = ((await organization.json()).data.inboundEmail as string).split('@')[0]
  const broker = await api(request, org, '/api/brokers', { name: 'Lone Star Logistics' })
  const dispatcher = await apiUser(request, org, { role: 'dispatcher' })

  // The shipper, signed out.
  await page.goto(`/pricing/${handle}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Services and quotes')
  await expect(page).toHaveTitle(`Services and quotes | ${org.organizationName}`)
  await expectNoSeriousViolations(page)
  await whenHydrated(page)
  const form = page.getByTestId('quote-form')
  await form.getByLabel('Origin city').fill('Dallas')
  await form.getByLabel('Origin state').fill('TX')
  await form.getByLabel('Destination city').fill('Atlanta')
  await form.getByLabel('Destination state').fill('GA')
  await form.getByLabel('Equipment').selectOption({ label: 'Reefer' })
  await form.getByLabel('Pickup date').fill(day(7))
  await form.getByLabel('Weight (lb)').fill('38000')
  await form.getByLabel('Your name').fill('Maria Lopez')
  await form.getByLabel('Email').fill('maria@')
  await form.getByRole('button', { name: 'Send the request' }).click()
  // The browser's own check (type=email) or the server's: either way the request is not sent.
  if (js(test.info())) await expect(page.getByTestId('quote-sent')).toHaveCount(0)
  await form.getByLabel('Email').fill('maria@peachproduce.example')
  await form.getByRole('button', { name: 'Send the request' }).click()
  await expect(page.getByTestId('quote-sent')).toContainText('Your request number is Q-000001.')
  await expect(page).toHaveURL(new RegExp(`/pricing/${handle}\\?sent=1`))

  // The dispatcher: the dashboard counts it, the list opens it, a price is sent, then the load is made.
  await loginByRequest(page, dispatcher.email, dispatcher.password)
  await page.goto('/dashboard/booking')
  await expect(page.getByTestId('booking-total')).toContainText('1')
  await expect(page.getByTestId('count-new')).toHaveText('1')
  await expectNoSeriousViolations(page)
  await page.goto('/dashboard/booking/list')
  await page.getByTestId('quotes-table').getByRole('link', { name: 'Q-000001' }).click()
  await expect(page.getByRole('heading', { name: 'Quote request Q-000001' })).toBeVisible()
  await expect(page.getByTestId('quote-summary')).toContainText('Dallas, TX → Atlanta, GA')
  await expectNoSeriousViolations(page)
  await whenHydrated(page)
  const price = page.getByTestId('quote-price-form')
  await price.getByLabel('Price ($)').fill('2450')
  await price.getByLabel('Note for the requester').fill('Fuel included.')
  await price.getByRole('button', { name: 'Send the price' }).click()
  await expect(toast(page, 'Q-000001 quoted: the email is on its way', 'success')).toBeVisible()
  await expect(page.getByTestId('quote-price')).toHaveText('$2,450.00')

  const convert = page.getByTestId('quote-convert-form')
  await convert.getByLabel('Broker').selectOption({ label: 'Lone Star Logistics' })
  await convert.getByRole('button', { name: 'Convert to load' }).click()
  await expect(toast(page, /Load L-\d+ made from Q-000001/, 'success')).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard\/loads\/[^/]+\/edit$/)
  const loadId = page.url().split('/').at(-2)!

  const load = await (await request.get(`/api/loads/${loadId}`, { headers: { Authorization: `Bearer ${org.accessToken}` } })).json()
  expect(load.data).toMatchObject({
    status: 'booked',
    equipmentType: 'reefer',
    weightLb: 38_000,
    linehaulCents: 245_000,
    broker: { id: broker.id },
    driver: null,
  })
  expect(load.data.stops.map((stop: { type: string; city: string; state: string }) => `${stop.type} ${stop.city}, ${stop.state}`)).toEqual([
    'pickup Dallas, TX',
    'delivery Atlanta, GA',
  ])
  await page.goto(`/dashboard/loads/${loadId}`)
  await page.getByTestId('load-quote').click()
  await expect(page.getByTestId('quote-load')).toHaveText(`Converted to load ${load.data.loadNumber}.`)
  await expect(page.getByTestId('quote-summary')).toContainText('Won')
  await expect(page.getByTestId('quote-convert-form')).toHaveCount(0)
})

test('the site’s /pricing reads right to left in Arabic on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.context().addCookies([{ name: 'i18nextLng', value: 'ar', url: test.info().project.use.baseURL! }])
  await page.goto('/pricing')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('الخدمات وعروض الأسعار')
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /خدماتنا/)
  await expect(page.getByTestId('quote-form').getByLabel('مدينة الانطلاق')).toBeVisible()
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  await expectNoSeriousViolations(page)
})

test('a quote from a shipper who asked directly converts without a broker: the requester becomes the customer (ADR 098)', async ({ page, request }) => {
  const org = await registerOrganization(request)
  const organization = await request.get('/api/organization', { headers: { Authorization: `Bearer ${org.accessToken}` } })
  const handle = ((await organization.json()).data.inboundEmail as string).split('@')[0]
  const dispatcher = await apiUser(request, org, { role: 'dispatcher' })

  await page.goto(`/pricing/${handle}`)
  await whenHydrated(page)
  const form = page.getByTestId('quote-form')
  await form.getByLabel('Origin city').fill('Amarillo')
  await form.getByLabel('Origin state').fill('TX')
  await form.getByLabel('Destination city').fill('Memphis')
  await form.getByLabel('Destination state').fill('TN')
  await form.getByLabel('Pickup date').fill(day(5))
  await form.getByLabel('Your name').fill('Dana Whitfield')
  await form.getByLabel('Company').fill('Prairie Grain Co')
  await form.getByLabel('Email').fill('dana@prairiegrain.example')
  await form.getByRole('button', { name: 'Send the request' }).click()
  await expect(page.getByTestId('quote-sent')).toContainText('Q-000001')

  // The organization has no broker at all: the requester is offered as the customer.
  await loginByRequest(page, dispatcher.email, dispatcher.password)
  await page.goto('/dashboard/booking/list')
  await page.getByTestId('quotes-table').getByRole('link', { name: 'Q-000001' }).click()
  await whenHydrated(page)
  const price = page.getByTestId('quote-price-form')
  await price.getByLabel('Price ($)').fill('1875')
  await price.getByLabel('Note for the requester').fill('Hopper bottom, tarped.')
  await price.getByRole('button', { name: 'Send the price' }).click()
  await expect(page.getByTestId('quote-price')).toHaveText('$1,875.00')
  const convert = page.getByTestId('quote-convert-requester-form')
  await expect(convert).toContainText('Bills Prairie Grain Co directly')
  await convert.getByRole('button', { name: 'Convert for the requester' }).click()
  await expect(toast(page, /Load L-\d+ made from Q-000001/, 'success')).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard\/loads\/[^/]+\/edit$/)
  const loadId = page.url().split('/').at(-2)!
  const load = (await (await request.get(`/api/loads/${loadId}`, { headers: { Authorization: `Bearer ${org.accessToken}` } })).json()).data
  expect(load).toMatchObject({ linehaulCents: 187_500, notes: 'Q-000001\nHopper bottom, tarped.', broker: { name: 'Prairie Grain Co' } })
  await page.goto(`/dashboard/brokers/list?type=shipper`)
  await expect(page.getByTestId('brokers-table')).toContainText('Prairie Grain Co')
})
