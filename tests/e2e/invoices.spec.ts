import type { APIRequestContext } from '@playwright/test'
import { expect, signedIn, test, uniqueId, type TestOrganization } from './fixtures'
import { api } from './load-fixtures'

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
