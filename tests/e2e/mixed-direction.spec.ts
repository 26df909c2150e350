/**
 * Arabic pages with English data in them: an address typed or shown keeps its order ("8100 Clinton
 * Dr", not "Clinton Dr 8100"), data inside an Arabic sentence is isolated so the sentence stays
 * right to left, a sub-line lines up with its Arabic title, and numbers use one digit set.
 */
import type { Page } from '@playwright/test'

import { BOARD_DELIVERED_DAYS } from '../../app/schemas/kanban-options'
import { expect, signedIn, test } from './fixtures'
import { api, day, fleet } from './load-fixtures'

async function arabic(page: Page) {
  await page.context().addCookies([{ name: 'i18nextLng', value: 'ar', url: test.info().project.use.baseURL! }])
}

test('Arabic: addresses, references and descriptions keep their own direction in forms, pages and sentences', async ({ page, request }) => {
  const org = await signedIn(page, request)
  const { broker, driver, truck, trailer } = await fleet(request, org)
  const load = await api(request, org, '/api/loads', {
    brokerId: broker.id,
    driverId: driver.id,
    truckId: truck.id,
    trailerId: trailer.id,
    linehaulCents: 180_000,
    notes: 'Call the gate 30 min ahead.',
    stops: [
      { type: 'pickup', facilityName: 'Bayou Paper Mill', line1: '8100 Clinton Dr', city: 'Houston', state: 'TX', windowStart: `${day(2)}T08:00` },
      { type: 'delivery', facilityName: 'Delta Grocers', line1: '2400 Irving Blvd', city: 'Dallas', state: 'TX', windowStart: `${day(3)}T14:00` },
    ],
    charges: [{ type: 'fuel_surcharge', description: 'DOE average', amountCents: 15_550 }],
  })
  await api(request, org, `/api/loads/${load.id}/status`, { status: 'dispatched', version: load.version }, 200)
  await arabic(page)

  // The editor: typed text takes its direction from its first letters, not from the page.
  await page.goto(`/dashboard/loads/${load.id}/edit`)
  const line1 = page.locator('input[name="stops[0].line1"]')
  await expect(line1).toHaveValue('8100 Clinton Dr')
  await expect(line1).toHaveAttribute('dir', 'auto')
  await expect(line1).toHaveCSS('direction', 'ltr')
  await expect(page.locator('textarea[name="notes"]')).toHaveCSS('direction', 'ltr')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')

  // The load's page: the charge's description sits under its Arabic title, on the right.
  await page.goto(`/dashboard/loads/${load.id}`)
  const description = page.getByTestId('load-charges').locator('bdi', { hasText: 'DOE average' })
  await expect(description).toHaveCSS('text-align', 'right')
  const cell = await description.locator('xpath=..').boundingBox()
  const text = await description.evaluate((element) => {
    const range = document.createRange()
    range.selectNodeContents(element)
    return range.getBoundingClientRect().right
  })
  expect(Math.abs(text - (cell!.x + cell!.width))).toBeLessThanOrEqual(16)
  // "Arrived at Bayou Paper Mill" in Arabic: the name isolated inside the sentence.
  await expect(page.getByTestId('stop-event').locator('bdi')).toHaveText('Bayou Paper Mill')

  // The calendar: a pickup is an Arabic sentence (right to left) with the load and city isolated.
  await page.goto(`/dashboard/calendar?view=week&date=${day(2)}`)
  const entry = page
    .locator(`[data-testid="calendar-day"][data-day="${day(2)}"]`)
    .getByTestId('calendar-event')
    .first()
  await expect(entry.locator('bdi')).toHaveText([/^L-\d+$/, 'Houston'])
  // Its time and the day's number in the digits of the page's other numbers.
  await expect(entry).toContainText('٠٨:٠٠')
  await expect(page.locator(`[data-testid="calendar-day"][data-day="${day(2)}"]`)).toContainText(new Intl.NumberFormat('ar-SD').format(Number(day(2).slice(8))))
  await expect(entry).toHaveCSS('direction', 'rtl')

  // A number inside a sentence is written in the same digits too.
  await page.goto('/dashboard/kanban')
  await expect(page.getByTestId('kanban-column-delivered')).toContainText(new Intl.NumberFormat('ar-SD').format(BOARD_DELIVERED_DAYS))
})

test('Arabic: an invoice writes quantities and amounts in the same digits, its sub-lines on the right', async ({ page, request }) => {
  const org = await signedIn(page, request)
  const broker = await api(request, org, '/api/brokers', { name: 'Crescent City Brokerage' })
  const invoice = await api(request, org, '/api/invoice', {
    brokerId: broker.id,
    items: [{ title: 'Detention', description: '2 h at the receiver', quantity: 2.5, unitPriceCents: 7_500 }],
  })
  await arabic(page)
  await page.goto(`/dashboard/invoice/${invoice.id}`)
  const row = page.getByTestId('invoice-items').locator('tbody tr').first()
  // Arabic-Indic digits for both (٢٫٥ and ١٨٧٫٥٠), as formatNumber and formatMoney write them in Arabic.
  await expect(row.locator('td').nth(1)).toHaveText(/^[٠-٩]+[٫٬]?[٠-٩]*$/)
  await expect(row.locator('td').nth(3)).toContainText('١٨٧٫٥٠')
  await expect(row.locator('bdi', { hasText: '2 h at the receiver' })).toHaveCSS('text-align', 'right')
})
