/**
 * Rate confirmation → load (ADR 055), with JavaScript on and off: a broker's PDF uploaded on the
 * new-load page fills every field, each marked as read; saved, the load has the PDF as its rate
 * confirmation. And "Create load from this" on a load's rate confirmation opens the form prefilled.
 */
import type { APIRequestContext, Page } from '@playwright/test'

import { type ExpectedRateConfirmation, RATE_CONFIRMATION_LAYOUTS, scannedRateConfirmation } from '../rate-confirmations'
import { axe } from './axe'
import { expect, js, signedIn, test, type TestOrganization, toast, whenHydrated } from './fixtures'

const [colon, table] = RATE_CONFIRMATION_LAYOUTS

let org: TestOrganization
test.beforeEach(async ({ page, request }) => {
  org = await signedIn(page, request)
})

async function apiPost(request: APIRequestContext, path: string, data: Record<string, unknown>) {
  const response = await request.post(path, { headers: { Authorization: `Bearer ${org.accessToken}` }, data })
  expect(response.status(), await response.text()).toBe(201)
  return (await response.json()).data as { id: string; name: string }
}

/** Every field the document gave, as the form shows it, each marked as read from the document. */
async function expectPrefilled(page: Page, expected: ExpectedRateConfirmation, brokerId: string) {
  await expect(page.getByRole('combobox', { name: 'Broker', exact: true })).toHaveValue(brokerId)
  await expect(page.getByLabel('Broker reference')).toHaveValue(expected.brokerReference)
  // As the editor shows dollars: whole dollars bare, else with both cent digits.
  const dollars = expected.linehaulCents % 100 ? (expected.linehaulCents / 100).toFixed(2) : String(expected.linehaulCents / 100)
  await expect(page.getByLabel('Linehaul ($)')).toHaveValue(dollars)
  await expect(page.getByRole('combobox', { name: 'Equipment', exact: true })).toHaveValue(expected.equipmentType)
  await expect(page.getByLabel('Commodity')).toHaveValue(expected.commodity)
  await expect(page.getByLabel('Weight (lb)')).toHaveValue(String(expected.weightLb))
  const rows = page.getByTestId('stop-row')
  await expect(rows).toHaveCount(expected.stops.length)
  for (const [index, stop] of expected.stops.entries()) {
    const row = rows.nth(index)
    await expect(row.getByRole('combobox', { name: 'Type', exact: true })).toHaveValue(stop.type)
    await expect(row.getByLabel('Facility')).toHaveValue(stop.facilityName)
    await expect(row.getByLabel('Street address')).toHaveValue(stop.line1)
    await expect(row.getByLabel('City')).toHaveValue(stop.city)
    await expect(row.getByLabel('State')).toHaveValue(stop.state)
    await expect(row.getByLabel('Postal code')).toHaveValue(stop.postalCode)
    await expect(row.getByLabel('Window opens')).toHaveValue(stop.windowStart)
    await expect(row.getByLabel('Window closes')).toHaveValue(stop.windowEnd)
    await expect(row.locator('[data-mark="read"]')).toHaveCount(7)
  }
  // Broker, reference, linehaul, equipment, commodity, weight, and seven per stop.
  await expect(page.locator('[data-mark="read"]')).toHaveCount(6 + 7 * expected.stops.length)
  await expect(page.locator('[data-mark="not_found"]')).toHaveCount(0)
}

test('uploads a rate confirmation on the new-load page: every field prefilled and marked, saved with the PDF as its rate confirmation', async ({
  page,
  request,
}) => {
  const broker = await apiPost(request, '/api/brokers', { name: 'Acme Logistics (billing)', mcNumber: '123456' })
  await page.goto('/dashboard/loads/new')
  await whenHydrated(page)
  await page.getByLabel('Rate confirmation (PDF)').setInputFiles({ name: colon.fileName, mimeType: 'application/pdf', buffer: await colon.pdf() })
  await page.getByRole('button', { name: 'Read the PDF' }).click()
  await expect(page.getByTestId('rate-confirmation-summary')).toContainText(`Read from ${colon.fileName}: 21 of 21 fields found.`)
  await expect(page.getByTestId('rate-confirmation-attached')).toContainText(colon.fileName)
  await expectPrefilled(page, colon.expected, broker.id)

  await page.getByRole('button', { name: 'Create load' }).click()
  await expect(toast(page, /Load .+ created/, 'success')).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard\/loads\/[a-z0-9]+(\?|$)/)
  await expect(page.getByTestId('documents-rateConn')).toContainText(colon.fileName)
  await expect(page.getByText('AL-55821').first()).toBeVisible()
})

test('"Create load from this" on a load’s rate confirmation opens the new-load form prefilled, and saving files a copy', async ({ page, request }) => {
  const [summit, other] = await Promise.all([
    apiPost(request, '/api/brokers', { name: 'Summit Freight Brokerage', mcNumber: '765432' }),
    apiPost(request, '/api/brokers', { name: 'First Broker' }),
  ])
  const load = await apiPost(request, '/api/loads', {
    brokerId: other.id,
    stops: [
      { type: 'pickup', city: 'Dallas', state: 'TX' },
      { type: 'delivery', city: 'Memphis', state: 'TN' },
    ],
  })
  const uploaded = await request.post(`/api/loads/${load.id}/documents`, {
    headers: { Authorization: `Bearer ${org.accessToken}` },
    multipart: { kind: 'rateConn', file: { name: table.fileName, mimeType: 'application/pdf', buffer: await table.pdf() } },
  })
  expect(uploaded.status(), await uploaded.text()).toBe(201)

  await page.goto(`/dashboard/loads/${load.id}`)
  await page
    .getByTestId('documents-rateConn')
    .getByRole('link', { name: `Create a load from ${table.fileName}` })
    .click()
  await expect(page).toHaveURL(/\/dashboard\/loads\/new\?source=document&id=/)
  await whenHydrated(page)
  await expectPrefilled(page, table.expected, summit.id)

  await page.getByRole('button', { name: 'Create load' }).click()
  await expect(toast(page, /Load .+ created/, 'success')).toBeVisible()
  await expect(page.getByTestId('documents-rateConn')).toContainText(table.fileName)
  await expect(page.getByText('SF-9001').first()).toBeVisible()

  // Both ways (ADR 103): the new load names the load its document came from, and that document names the new load.
  const made = (await page.getByRole('heading', { level: 1 }).textContent())!.match(/L-\d+/)![0]
  const source = page.getByTestId('load-source')
  await expect(source).toHaveText(new RegExp(`^Read from rate confirmation ${table.fileName} of load L-\\d+$`))
  await source.click()
  await expect(page).toHaveURL(new RegExp(`/dashboard/loads/${load.id}$`))
  const documents = page.getByTestId('documents-rateConn')
  await expect(documents.getByTestId('document-made-into')).toHaveText(`Already made into ${made}`)
  await expect(documents.getByRole('link', { name: `Create a load from ${table.fileName}` })).toHaveCount(0)
  await documents.getByRole('link', { name: `Make another load from ${table.fileName}` }).click()
  await expect(page.getByTestId('rate-confirmation-already-made')).toContainText(made)
})

test('a scanned rate confirmation says so and opens the empty form with the file attached', async ({ page }) => {
  await page.goto('/dashboard/loads/new')
  await whenHydrated(page)
  await page.getByLabel('Rate confirmation (PDF)').setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: await scannedRateConfirmation() })
  await page.getByRole('button', { name: 'Read the PDF' }).click()
  await expect(page.getByTestId('rate-confirmation-scanned')).toContainText('scan.pdf is a scan')
  await expect(page.getByTestId('rate-confirmation-attached')).toContainText('scan.pdf')
  await expect(page.getByTestId('stop-row')).toHaveCount(2)
  await expect(page.getByLabel('Broker reference')).toHaveValue('')
})

test('a broker that is not on file is proposed, its mark says so, and the prefilled page passes axe', async ({ page }, testInfo) => {
  await page.goto('/dashboard/loads/new')
  await whenHydrated(page)
  await page.getByLabel('Rate confirmation (PDF)').setInputFiles({ name: table.fileName, mimeType: 'application/pdf', buffer: await table.pdf() })
  await page.getByRole('button', { name: 'Read the PDF' }).click()
  await expect(page.getByTestId('rate-confirmation-new-broker')).toContainText('Summit Freight Brokerage (MC 765432), is not one of your brokers yet')
  await expect(page.locator('[data-mark="new"]')).toHaveText('Read, but not one of your brokers')
  await expect(page.getByRole('combobox', { name: 'Broker', exact: true })).toHaveValue('')
  // axe runs script in the page: with JavaScript (the accessibility spec checks the no-JS markup of every page).
  if (js(testInfo)) {
    await page.waitForLoadState('networkidle')
    expect((await axe(page).analyze()).violations).toEqual([])
  }
})
