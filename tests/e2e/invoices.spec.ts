import fs from 'node:fs'

import type { APIRequestContext } from '@playwright/test'
import { PDFDocument } from 'pdf-lib'

import { formatDate } from '../../app/utils/format'
import { zonedWallClock } from '../../app/utils/time'
import { expect, js, signedIn, test, type TestOrganization, uniqueId } from './fixtures'
import { api, apiLoad, day, fleet } from './load-fixtures'

async function freeInvoice(request: APIRequestContext, org: TestOrganization, unitPriceCents: number) {
  const broker = await api(request, org, '/api/brokers', { name: `${uniqueId('BR')} Logistics`, billingEmail: 'ap@example.test' })
  return (await api(request, org, '/api/invoice', {
    brokerId: broker.id,
    items: [{ title: 'Detention, 4 hours', quantity: 4, unitPriceCents }],
  })) as unknown as {
    id: string
    invoiceNumber: string
  }
}

// Each test works in an organization of its own, signed in as its admin.
let org: TestOrganization
test.beforeEach(async ({ page, request }) => {
  org = await signedIn(page, request)
})

test('sends an invoice, records a partial and a full payment, and lists it as paid', async ({ page, request }) => {
  const invoice = await freeInvoice(request, org, 25_000)
  await page.goto('/dashboard/invoice/list')
  await expect(page.getByTestId('invoice-status-tabs')).toContainText('$1,000.00')
  await page.getByTestId('invoices-table').getByRole('link', { name: invoice.invoiceNumber }).click()
  await expect(page.getByRole('heading', { name: `Invoice ${invoice.invoiceNumber}` })).toBeVisible()
  await page.getByRole('button', { name: 'Send' }).click()
  const balance = page.getByTestId('invoice-balance')
  await expect(page.getByTestId('invoice-status')).toHaveText('Sent')
  // The email went to the job queue with the send; the server's worker delivers it.
  await expect(async () => {
    await page.reload()
    await expect(page.getByTestId('invoice-email')).toHaveText(/^Emailed to ap@example\.test on /, { timeout: 1_000 })
  }).toPass()

  const form = page.getByTestId('payment-form')
  await form.getByLabel('Amount').fill('400')
  await form.getByLabel('Method').selectOption({ label: 'Check' })
  await form.getByLabel('Reference').fill('10442')
  await form.getByRole('button', { name: 'Record payment' }).click()
  await expect(balance).toHaveText('$600.00')
  await expect(page.getByTestId('invoice-payments')).toContainText('#10442')

  // More than the balance is refused on the page, nothing recorded.
  await form.getByLabel('Amount').fill('600.01')
  await form.getByRole('button', { name: 'Record payment' }).click()
  await expect(form).toContainText('A payment can be at most the balance.')
  await expect(balance).toHaveText('$600.00')

  await form.getByLabel('Amount').fill('600')
  await form.getByRole('button', { name: 'Record payment' }).click()
  await expect(balance).toHaveText('$0.00')
  await expect(page.getByTestId('payment-form')).toHaveCount(0)
  await page.goto('/dashboard/invoice/list?status=paid')
  await expect(page.getByTestId('invoices-table')).toContainText(invoice.invoiceNumber)
})

test('voids a sent invoice after confirming, and deletes a draft', async ({ page, request }) => {
  const sent = await freeInvoice(request, org, 10_000)
  const read = await request.get(`/api/invoice/${sent.id}`, { headers: { Authorization: `Bearer ${org.accessToken}` } })
  const { version } = (await read.json()).data
  await api(request, org, `/api/invoice/${sent.id}/send`, { version }, 200)
  await page.goto(`/dashboard/invoice/${sent.id}`)
  await page.getByRole('link', { name: 'Void' }).click()
  const confirm = page.getByTestId('void-confirm')
  await expect(confirm).toContainText(`Void invoice ${sent.invoiceNumber}?`)
  await confirm.getByRole('button', { name: 'Void invoice' }).click()
  await expect(page.getByTestId('invoice-status')).toHaveText('Void')
  await expect(page.getByTestId('invoice-actions').getByRole('link', { name: 'Void' })).toHaveCount(0)

  const draft = await freeInvoice(request, org, 5_000)
  await page.goto(`/dashboard/invoice/${draft.id}`)
  await page.getByTestId('invoice-actions').getByRole('button', { name: 'Delete' }).click()
  await expect(page).toHaveURL(/\/dashboard\/invoice\/list/)
  // The void invoice stays listed; the deleted draft is gone.
  await expect(page.getByTestId('invoices-table')).toContainText(sent.invoiceNumber)
  await expect(page.getByTestId('invoices-table')).not.toContainText(draft.invoiceNumber)
})

test('makes a draft from a delivered load and a free line on the new invoice page', async ({ page, request }) => {
  const { broker, driver, truck, trailer } = await fleet(request, org)
  const load = await apiLoad(request, org, { brokerId: broker.id, driverId: driver.id, truckId: truck.id, trailerId: trailer.id, linehaulCents: 240_000 })
  let version = load.version
  for (const status of ['dispatched', 'at_pickup', 'in_transit', 'at_delivery', 'delivered'])
    version = (await api(request, org, `/api/loads/${load.id}/status`, { status, version }, 200)).version

  await page.goto('/dashboard/invoice/list')
  await page.getByRole('link', { name: 'New invoice' }).first().click()
  // The list has a Broker filter too: wait for the new page before choosing.
  await expect(page.getByRole('heading', { name: 'New invoice', level: 1 })).toBeVisible()
  await page
    .getByTestId('pick-broker')
    .getByLabel('Broker')
    .selectOption({ label: broker.name as string })
  await page.getByRole('button', { name: 'Show its loads' }).click()
  // Delivered when its last stop was left (today, by the status buttons), not on the planned day.
  const delivered = page.getByTestId('billable-loads').getByText(/^Delivered /)
  // Today in the organization's zone (a new organization's default), as the page shows dates: at 01:00 UTC it is still yesterday in Chicago.
  await expect(delivered).toHaveText(`Delivered ${formatDate('en', zonedWallClock(new Date(), 'America/Chicago').slice(0, 10))}`)
  await expect(delivered).not.toHaveText(`Delivered ${formatDate('en', day(11))}`)
  await page.getByTestId('billable-loads').getByText(load.loadNumber).click()
  await page.getByRole('button', { name: 'Add a line' }).click()
  const lines = page.getByTestId('invoice-lines')
  await expect(lines.getByRole('group')).toHaveCount(2)
  // The ticked load stays ticked across "Add a line", and the running total counts it, with or without JavaScript.
  await expect(page.getByTestId('billable-loads').getByRole('checkbox')).toBeChecked()
  await expect(page.getByTestId('running-total')).toHaveText('$2,400.00')
  await lines.getByLabel('Item').first().fill('Detention')
  await lines.getByLabel('Qty').first().fill('2')
  await lines.getByLabel('Unit price').first().fill('75')
  await page.getByLabel('Tax').fill('10')
  if (js(test.info())) {
    // As it is typed.
    await expect(page.getByTestId('running-lines')).toHaveText('$150.00')
    await expect(page.getByTestId('running-total')).toHaveText('$2,560.00')
  } else {
    // Without JavaScript, the next round trip shows it.
    await page.getByRole('button', { name: 'Add a line' }).click()
    await expect(page.getByTestId('running-total')).toHaveText('$2,560.00')
    await page.getByLabel('Tax').fill('')
  }
  if (js(test.info())) await page.getByLabel('Tax').fill('')
  await page.getByRole('button', { name: 'Create draft' }).click()

  await expect(page.getByRole('heading', { name: /^Invoice INV-/ })).toBeVisible()
  await expect(page.getByTestId('invoice-items')).toContainText(`Load ${load.loadNumber} linehaul`)
  await expect(page.getByTestId('invoice-items')).toContainText('Detention')
  await expect(page.getByTestId('invoice-balance')).toHaveText('$2,550.00')
})

test('edits a draft’s lines, then downloads its PDF', async ({ page, request }) => {
  const draft = await freeInvoice(request, org, 5_000)
  await page.goto(`/dashboard/invoice/${draft.id}`)
  await page.getByTestId('invoice-actions').getByRole('link', { name: 'Edit' }).click()
  await expect(page.getByRole('heading', { name: `Edit invoice ${draft.invoiceNumber}` })).toBeVisible()
  const lines = page.getByTestId('invoice-lines')
  await expect(lines.getByLabel('Item')).toHaveValue('Detention, 4 hours')
  await page.getByRole('button', { name: 'Add a line' }).click()
  await lines.getByLabel('Item').nth(1).fill('Lumper fee')
  await lines.getByLabel('Unit price').nth(1).fill('abc')
  await page.getByRole('button', { name: 'Save changes' }).click()
  // Refused at its field, the rest as typed.
  await expect(lines).toContainText('Enter a number.')
  await expect(lines.getByLabel('Item').nth(1)).toHaveValue('Lumper fee')
  await lines.getByLabel('Unit price').nth(1).fill('125')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('heading', { name: `Invoice ${draft.invoiceNumber}` })).toBeVisible()
  await expect(page.getByTestId('invoice-items')).toContainText('Lumper fee')
  await expect(page.getByTestId('invoice-balance')).toHaveText('$325.00')

  const href = await page.getByRole('link', { name: 'Download PDF' }).getAttribute('href')
  const pdf = await page.request.get(href!)
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  expect(pdf.headers()['content-disposition']).toContain(`${draft.invoiceNumber}.pdf`)
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-')
})

test('downloads the billing packet: one PDF, the invoice first', async ({ page, request }) => {
  const invoice = await freeInvoice(request, org, 7_500)
  await page.goto(`/dashboard/invoice/${invoice.id}`)
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download packet' }).click()])
  expect(download.suggestedFilename()).toBe(`${invoice.invoiceNumber}-packet.pdf`)
  const bytes = fs.readFileSync((await download.path())!)
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
  // A PDF that parses, with the invoice's page (the order of the papers is checked in invoice-packet.test.ts).
  expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThanOrEqual(1)
})

test('the broker page shows what the broker owes, against its credit limit, with its latest invoices and loads', async ({ page, request }) => {
  const broker = await api(request, org, '/api/brokers', { name: `${uniqueId('BR')} Freight`, creditLimitCents: 50_000 })
  const invoice = (await api(request, org, '/api/invoice', {
    brokerId: broker.id,
    items: [{ title: 'Detention, 4 hours', quantity: 4, unitPriceCents: 25_000 }],
  })) as { id: string; version: number; invoiceNumber: string }
  await api(request, org, `/api/invoice/${invoice.id}/send`, { version: invoice.version }, 200)
  const load = await apiLoad(request, org, { brokerId: broker.id })

  await page.goto(`/dashboard/brokers/${broker.id}`)
  const invoices = page.getByTestId('broker-invoices')
  await expect(invoices.getByTestId('broker-open-balance')).toContainText('$1,000.00')
  await expect(invoices.getByTestId('broker-days-to-pay')).toContainText('—')
  await expect(invoices.getByTestId('broker-credit-used')).toContainText('$1,000.00')
  await expect(invoices.getByTestId('broker-credit-used')).toContainText('of $500.00')
  await expect(invoices.getByTestId('broker-over-limit')).toHaveText('Over the credit limit by $500.00')
  const row = invoices.getByRole('row', { name: new RegExp(invoice.invoiceNumber) })
  await expect(row).toContainText('Sent')
  await expect(row).toContainText('$1,000.00')
  await expect(page.getByTestId('broker-loads')).toContainText(load.loadNumber)
  await expect(page.getByTestId('broker-loads').getByRole('link', { name: 'All loads' })).toHaveAttribute('href', `/dashboard/loads/list?brokerId=${broker.id}`)

  await invoices.getByRole('link', { name: 'All invoices' }).click()
  await expect(page).toHaveURL(new RegExp(`/dashboard/invoice/list\\?brokerId=${broker.id}$`))
  await expect(page.getByTestId('invoices-table')).toContainText(invoice.invoiceNumber)
  await page.goBack()
  await page.getByTestId('broker-invoices').getByRole('link', { name: invoice.invoiceNumber }).click()
  await expect(page.getByRole('heading', { name: `Invoice ${invoice.invoiceNumber}` })).toBeVisible()
})
