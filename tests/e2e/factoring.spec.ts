import { expect, signedIn, test, type TestOrganization, toast, uniqueId, whenHydrated } from './fixtures'
import { api } from './load-fixtures'

// Each test works in an organization of its own, signed in as its admin.
let org: TestOrganization
test.beforeEach(async ({ page, request }) => {
  org = await signedIn(page, request)
})

/** A factor company with an email, a broker and two sent invoices of it ($1,000.00 and $500.00). */
async function factorAndInvoices(request: Parameters<typeof api>[0]) {
  const factor = await api(request, org, '/api/company', {
    name: `${uniqueId('Prime')} Factoring`,
    kind: 'factor',
    email: 'desk@prime-factor.test',
    city: 'Dallas',
    state: 'TX',
  })
  const broker = await api(request, org, '/api/brokers', { name: `${uniqueId('BR')} Logistics` })
  const invoices = []
  for (const unitPriceCents of [100_000, 50_000]) {
    const invoice = await api(request, org, '/api/invoice', { brokerId: broker.id, items: [{ title: 'Linehaul', unitPriceCents }] })
    invoices.push(await api(request, org, `/api/invoice/${invoice.id}/send`, {}, 200))
  }
  return { factor, broker, invoices: invoices as unknown as Array<{ id: string; invoiceNumber: string }> }
}

test('sets the agreement, builds a schedule of accounts, sends it to the factor and records the purchase', async ({ page, request }) => {
  const { factor, invoices } = await factorAndInvoices(request)
  await page.goto('/dashboard/factoring')
  await expect(page.getByTestId('factoring-agreement')).toContainText('No factoring agreement yet')
  await page.getByRole('link', { name: 'Edit agreement' }).click()
  const agreement = page.getByTestId('agreement-form')
  await agreement.getByLabel('Factor', { exact: true }).selectOption({ label: String(factor.name) })
  await agreement.getByLabel('Advance (%)').fill('90')
  await agreement.getByLabel('Fee (%)').fill('3')
  await agreement.getByLabel('Factor’s email').fill('desk@prime-factor.test')
  await agreement.getByRole('button', { name: 'Save agreement' }).click()
  await expect(toast(page, 'Factoring agreement saved', 'success')).toBeVisible()
  await expect(page.getByTestId('factoring-agreement')).toContainText(String(factor.name))

  await page.getByRole('link', { name: 'New schedule' }).first().click()
  const picker = page.getByTestId('factorable-invoices')
  for (const invoice of invoices) await picker.getByRole('checkbox', { name: new RegExp(invoice.invoiceNumber) }).check()
  await page.getByRole('button', { name: 'Create schedule' }).click()

  await expect(page.getByRole('heading', { name: /^Schedule SCH-/ })).toBeVisible()
  await expect(page.getByTestId('schedule-total')).toHaveText('$1,500.00')
  // 90 % and 3 % of each invoice, in cents.
  await expect(page.getByTestId('schedule-advance')).toContainText('$1,350.00')
  await expect(page.getByTestId('schedule-fee')).toContainText('$45.00')
  await expect(page.getByTestId('schedule-invoices')).toContainText(invoices[0].invoiceNumber)

  await page.getByTestId('schedule-actions').getByRole('button', { name: 'Send to factor' }).click()
  await expect(page.getByTestId('schedule-email')).toContainText('desk@prime-factor.test')
  await expect(page.getByTestId('schedule-summary')).toContainText('Sent to factor')

  await page.getByTestId('purchase-form').getByRole('button', { name: 'Purchased' }).click()
  await expect(toast(page, /Purchase of SCH-/, 'success')).toBeVisible()
  await expect(page.getByTestId('schedule-summary')).toContainText('Purchased')
  await expect(page.getByTestId('schedule-purchased')).toBeVisible()

  // The invoices are paid by the factor's payments.
  for (const invoice of invoices) {
    const read = await request.get(`/api/invoice/${invoice.id}`, { headers: { Authorization: `Bearer ${org.accessToken}` } })
    expect((await read.json()).data).toMatchObject({ status: 'paid', balanceCents: 0 })
  }
})

test('the schedule page in Arabic at 390 px is right-to-left and fits', async ({ page, request }) => {
  const { factor, invoices } = await factorAndInvoices(request)
  const put = await request.put('/api/factoring/agreement', {
    headers: { Authorization: `Bearer ${org.accessToken}` },
    data: { factorCompanyId: factor.id, advancePercent: 90, feePercent: 3, factorEmail: 'desk@prime-factor.test' },
  })
  expect(put.status(), await put.text()).toBe(200)
  const schedule = await api(request, org, '/api/factoring/schedules', { invoiceIds: invoices.map((invoice) => invoice.id) })
  const url = test.info().project.use.baseURL!
  await page.context().addCookies([{ name: 'i18nextLng', value: 'ar', url }])
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(`/dashboard/factoring/${schedule.id}`)
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`الكشف ${String(schedule.number)}`)
  await expect(page.getByTestId('schedule-actions').getByRole('button', { name: 'إرسال إلى شركة التخصيم' })).toBeVisible()
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width).toBeLessThanOrEqual(390)
})

test('the agreement offers factors only, says what one needs, and adds one on the spot, back with it picked', async ({ page, request }) => {
  // One of "your companies" that is a fleet: never offered as the factor.
  const fleet = await api(request, org, '/api/company', { name: `${uniqueId('Fleet')} Carriers` })
  const name = `${uniqueId('Prime')} Factoring`
  await page.goto('/dashboard/factoring/agreement')
  await expect(page.getByTestId('agreement-needs')).toContainText('the remit-to address brokers pay')
  await expect(page.getByTestId('agreement-no-factor')).toBeVisible()
  const agreement = page.getByTestId('agreement-form')
  const factorPicker = agreement.getByLabel('Factor', { exact: true })
  await expect(factorPicker.locator('option')).toHaveText(['Choose the factor…'])
  await expect(factorPicker).not.toContainText(String(fleet.name))

  const add = page.getByTestId('add-factor-form')
  await whenHydrated(page)
  await add.getByRole('button', { name: 'Add factor' }).click()
  await expect(add.getByTestId('add-factor-refusal')).toBeVisible()
  await expect(add).toContainText('This field is required.')
  await add.getByLabel('Factor’s name').fill(name)
  await add.getByLabel('Factor’s email').fill('desk@prime-factor.test')
  await add.getByLabel('Remit-to address').fill('PO Box 610028')
  await add.getByLabel('City').fill('Dallas')
  await add.getByRole('button', { name: 'Add factor' }).click()
  await expect(toast(page, `Factor ${name} added: choose it and save the agreement`, 'success')).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard\/factoring\/agreement\?factor=/)
  await expect(factorPicker.locator('option:checked')).toHaveText(name)
  await expect(page.getByTestId('agreement-no-factor')).toHaveCount(0)

  await agreement.getByLabel('Advance (%)').fill('90')
  await agreement.getByLabel('Fee (%)').fill('3')
  await agreement.getByRole('button', { name: 'Save agreement' }).click()
  await expect(toast(page, 'Factoring agreement saved', 'success')).toBeVisible()
  await expect(page.getByTestId('factoring-agreement')).toContainText(name)
})
