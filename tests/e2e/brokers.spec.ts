import type { APIRequestContext, Page } from '@playwright/test'

import { expect, js, signedIn, test, type TestOrganization, toast, uniqueId, whenHydrated } from './fixtures'

/** A broker made through the API in the spec's own organization. */
async function apiBroker(request: APIRequestContext, org: TestOrganization, data: Record<string, unknown>) {
  const response = await request.post('/api/brokers', { headers: { Authorization: `Bearer ${org.accessToken}` }, data })
  expect(response.status(), await response.text()).toBe(201)
  return (await response.json()).data as { id: string; name: string; version: number } & Record<string, unknown>
}

async function createBroker(
  page: Page,
  name: string,
  options: { mc?: string; email?: string; creditLimit?: string; terms?: string; status?: string; type?: string } = {},
) {
  await page.goto('/dashboard/brokers/new')
  await page.getByLabel('Customer name').fill(name)
  if (options.type) await page.getByLabel('Type', { exact: true }).selectOption({ label: options.type })
  if (options.mc) await page.getByLabel('MC number').fill(options.mc)
  await page.getByLabel('Contact name').fill('Heather Collins')
  if (options.email) await page.getByLabel('Email', { exact: true }).fill(options.email)
  await page.getByLabel('City').fill('Dallas')
  await page.getByLabel('State / province').fill('TX')
  if (options.terms) await page.getByLabel('Payment terms').selectOption({ label: options.terms })
  if (options.status) await page.getByLabel('Status').selectOption({ label: options.status })
  if (options.creditLimit) await page.getByLabel('Credit limit (USD)').fill(options.creditLimit)
  await page.getByRole('button', { name: 'Create customer' }).click()
}

function table(page: Page) {
  return page.getByTestId('brokers-table')
}

async function findRow(page: Page, name: string) {
  await page.goto(`/dashboard/brokers/list?q=${encodeURIComponent(name)}`)
  return table(page).getByRole('row').filter({ hasText: name })
}

// Every test works in an organization of its own, signed in as its admin.
let org: TestOrganization
test.beforeEach(async ({ page, request }) => {
  org = await signedIn(page, request)
})

test('creates a broker from the navigation; the toast takes its variant from the status, the list shows dollars', async ({ page }) => {
  const name = uniqueId('Prairie ')
  await page.goto('/dashboard/app')
  await page.getByRole('navigation').getByRole('link', { name: 'Customers' }).click()
  await expect(page.getByRole('heading', { name: 'Customers', exact: true })).toBeVisible()
  await expect(page.getByTestId('empty-state')).toContainText('No customers yet')
  await createBroker(page, name, { mc: 'MC-482193', email: 'heather@prairie.test', creditLimit: '25,000.50', terms: 'Net 45', status: 'On hold' })
  await expect(page).toHaveURL(/\/dashboard\/brokers\/list\?changed=\w+$/)
  await expect(toast(page, `Customer ${name} created`, 'warning')).toBeVisible()
  await expect(toast(page, 'Status: On hold')).toBeVisible()
  const marked = table(page).locator('tr[aria-current="true"]')
  await expect(marked).toContainText(name)
  await expect(marked).toContainText('MC-482193')
  await expect(marked).toContainText('heather@prairie.test')
  await expect(marked).toContainText('Dallas, TX')
  await expect(marked).toContainText('Net 45')
  await expect(marked).toContainText('$25,000.50')
  await expect(marked).toContainText('On hold')
})

test('shows field errors for a bad MC number, email and amount, and for a name taken in another case, saving nothing', async ({ page, request }) => {
  const name = uniqueId('Errant ')
  await createBroker(page, name, { mc: 'MC-12', email: 'heather@', creditLimit: '12.345' })
  await expect(page.getByText('Enter an MC number of 3 to 8 digits.')).toBeVisible()
  await expect(page.getByLabel('MC number')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('Enter a valid email address.')).toBeVisible()
  await expect(page.getByText('Enter an amount in dollars, such as 25000 or 25000.50.')).toBeVisible()
  await expect(page.getByLabel('Customer name')).toHaveValue(name)

  await apiBroker(request, org, { name: 'Gulf Coast Freight' })
  await createBroker(page, 'GULF COAST freight')
  await expect(page.getByText('Another customer already has this name.')).toBeVisible()
  await expect(page.getByLabel('Customer name')).toHaveAttribute('aria-invalid', 'true')
  await page.goto('/dashboard/brokers/list')
  await expect(page.getByTestId('pagination-range')).toHaveText('1–1 of 1')
  await expect(table(page)).toContainText('Gulf Coast Freight')
})

test('edits a broker, and refuses a second edit made from a stale page', async ({ page, context, request }) => {
  const name = uniqueId('Edit ')
  await apiBroker(request, org, { name, creditLimitCents: 1_000_000 })
  const row = await findRow(page, name)
  await row.getByRole('link', { name: `Edit customer ${name}` }).click()
  await expect(page.getByRole('heading', { name: `Edit customer ${name}` })).toBeVisible()
  await expect(page.getByLabel('Credit limit (USD)')).toHaveValue('10000')
  const editUrl = page.url()

  const other = await context.newPage()
  await other.goto(editUrl)

  await page.getByLabel('Credit limit (USD)').fill('30000')
  await page.getByLabel('Payment terms').selectOption({ label: 'Quick pay' })
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(toast(page, `Customer ${name} updated`, 'success')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/dashboard/brokers/list\\?q=${encodeURIComponent(name).replace(/%20/g, '\\+')}&changed=\\w+$`))
  await expect(table(page).locator('tr[aria-current="true"]')).toContainText('$30,000.00')
  await expect(table(page).locator('tr[aria-current="true"]')).toContainText('Quick pay')

  await other.getByLabel('Credit limit (USD)').fill('1')
  await other.getByRole('button', { name: 'Save changes' }).click()
  await expect(other.getByRole('alert')).toContainText('Someone else saved this record while you were editing it.')
  await expect(other.getByLabel('Credit limit (USD)')).toHaveValue('1')
  await expect(await findRow(page, name)).toContainText('$30,000.00')
  await other.close()
})

test('shows a broker read-only: contact, billing, the on-hold note and the empty loads and invoices', async ({ page, request }) => {
  const name = uniqueId('View ')
  await apiBroker(request, org, {
    name,
    mcNumber: '615204',
    dotNumber: '2281937',
    contactName: 'Ray Thibodeaux',
    email: 'ray@gulfcoast.test',
    phone: '(713) 555-0187',
    billingEmail: 'billing@gulfcoast.test',
    addressLine1: '1001 Fannin St',
    city: 'Houston',
    state: 'TX',
    postalCode: '77002',
    country: 'US',
    paymentTerms: 'net_60',
    creditLimitCents: 2_500_000_000,
    status: 'on_hold',
    notes: 'Wants PODs within 24 hours',
  })
  const row = await findRow(page, name)
  await row.getByRole('link', { name, exact: true }).click()
  await expect(page.getByRole('heading', { name: `Customer ${name}` })).toBeVisible()
  await expect(page.getByTestId('broker-on-hold')).toContainText('On hold: new loads are refused')
  const identity = page.getByTestId('broker-identity')
  await expect(identity).toContainText('MC-615204')
  await expect(identity).toContainText('2281937')
  const contact = page.getByTestId('broker-contact')
  await expect(contact).toContainText('Ray Thibodeaux')
  await expect(contact.getByRole('link', { name: 'ray@gulfcoast.test' })).toHaveAttribute('href', 'mailto:ray@gulfcoast.test')
  await expect(contact).toContainText('(713) 555-0187')
  await expect(contact).toContainText('1001 Fannin St')
  await expect(contact).toContainText('Houston, TX 77002')
  const billing = page.getByTestId('broker-billing')
  await expect(billing).toContainText('Net 60')
  await expect(billing).toContainText('$25,000,000.00')
  await expect(billing).toContainText('billing@gulfcoast.test')
  await expect(billing).toContainText('Wants PODs within 24 hours')
  await expect(page.getByRole('region', { name: 'Loads' })).toContainText('No loads yet')
  const invoices = page.getByRole('region', { name: 'Invoices' })
  await expect(invoices).toContainText('No invoices yet')
  await expect(invoices.getByTestId('broker-open-balance')).toContainText('$0.00')
  await expect(invoices.getByTestId('broker-credit-used')).toContainText('of $25,000,000.00')
  await expect(invoices.getByRole('link', { name: 'All invoices' })).toHaveCount(0)
  await expect(page.getByRole('textbox')).toHaveCount(0)

  await page.getByRole('link', { name: 'Edit' }).click()
  await expect(page.getByRole('heading', { name: `Edit customer ${name}` })).toBeVisible()
  await page.getByRole('link', { name: 'Cancel' }).click()
  await expect(page).toHaveURL(/\/dashboard\/brokers\/list\?q=/)
})

test('deletes a broker after confirming (dialog with JavaScript, confirm page without)', async ({ page, request }, testInfo) => {
  const name = uniqueId('Gone ')
  await apiBroker(request, org, { name })
  await apiBroker(request, org, { name: `${name} Keep` })
  const row = (await findRow(page, name)).filter({ hasNotText: 'Keep' })
  if (js(testInfo)) {
    await row.getByRole('button', { name: `Delete customer ${name}` }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toContainText(`Delete customer ${name}?`)
    await dialog.getByRole('button', { name: 'Delete' }).click()
  } else {
    await row.getByRole('link', { name: `Delete customer ${name}` }).click()
    await expect(page).toHaveURL(/\/delete\?returnTo=/)
    await expect(page.getByRole('heading', { name: `Delete customer ${name}?` })).toBeVisible()
    await page.getByRole('button', { name: 'Delete' }).click()
  }
  await expect(toast(page, `Customer ${name} deleted`, 'success')).toBeVisible()
  // Back on the list as it was (the search kept), with only the other broker left.
  await expect(page).toHaveURL(/\/dashboard\/brokers\/list\?q=[^&]+$/)
  await expect(page.getByTestId('pagination-range')).toHaveText('1–1 of 1')
  await expect(table(page)).toContainText(`${name} Keep`)
})

test('refuses to delete a broker changed since the confirm page was shown', { tag: '@no-js-only' }, async ({ page, request }) => {
  // the confirm page is where the list sends a browser without JavaScript (@no-js-only: the other project never runs it).
  const name = uniqueId('Changed ')
  const broker = await apiBroker(request, org, { name })
  await page.goto(`/dashboard/brokers/${broker.id}/delete?returnTo=${encodeURIComponent(`/dashboard/brokers/list?q=${name}`)}`)
  const changed = await request.put(`/api/brokers/${broker.id}`, {
    headers: { Authorization: `Bearer ${org.accessToken}` },
    data: { ...broker, notes: 'changed meanwhile' },
  })
  expect(changed.status()).toBe(200)
  await page.getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page, `Customer ${name} was not deleted`, 'error')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/dashboard/brokers/list\\?q=.+&changed=${broker.id}$`))
  await expect(table(page).locator('tr[aria-current="true"]')).toContainText(name)
})

test('searches, filters, sorts and pages through the list, all in the URL', async ({ page, request }) => {
  // Twelve brokers B-01 … B-12; every fourth on hold, every third on quick pay, in three cities.
  const cities = ['Dallas', 'Houston', 'Austin']
  await Promise.all(
    Array.from({ length: 12 }, (_, i) =>
      apiBroker(request, org, {
        name: `B-${String(i + 1).padStart(2, '0')} Logistics`,
        mcNumber: String(700101 + i),
        city: cities[i % 3],
        status: (i + 1) % 4 === 0 ? 'on_hold' : 'active',
        paymentTerms: (i + 1) % 3 === 0 ? 'quick_pay' : 'net_30',
        creditLimitCents: (i + 1) * 100_000,
      }),
    ),
  )
  await page.goto('/dashboard/brokers/list')
  await expect(page.getByTestId('pagination-range')).toHaveText('1–12 of 12')

  await page.getByRole('searchbox').fill('MC-700105')
  await page.getByRole('search').getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/q=MC-700105/)
  await expect(table(page).locator('tbody tr')).toHaveCount(1)
  await expect(table(page)).toContainText('B-05 Logistics')

  await page.goto('/dashboard/brokers/list?q=houston')
  await expect(page.getByTestId('pagination-range')).toHaveText('1–4 of 4')

  await page.goto('/dashboard/brokers/list')
  await whenHydrated(page)
  await page.getByLabel('Status').selectOption({ label: 'On hold' })
  if (!js(test.info())) await page.getByRole('search').getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/status=on_hold/)
  await expect(page.getByTestId('pagination-range')).toHaveText('1–3 of 3')
  await page.getByLabel('Payment terms').selectOption({ label: 'Quick pay' })
  if (!js(test.info())) await page.getByRole('search').getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/paymentTerms=quick_pay/)
  await expect(table(page).locator('tbody tr')).toHaveCount(1)
  await expect(table(page)).toContainText('B-12 Logistics')

  await page.goto('/dashboard/brokers/list?pageSize=10')
  await whenHydrated(page)
  await page.getByRole('link', { name: 'Credit limit' }).click()
  await expect(page).toHaveURL(/sort=creditLimitCents&dir=asc/)
  // The name order puts B-01 first too: the header's sort state says the new page is shown.
  await expect(table(page).getByRole('columnheader', { name: 'Credit limit' })).toHaveAttribute('aria-sort', 'ascending')
  await expect(table(page).locator('tbody tr').first()).toContainText('B-01 Logistics')
  await page.getByRole('link', { name: 'Credit limit' }).click()
  await expect(page).toHaveURL(/sort=creditLimitCents&dir=desc/)
  await expect(table(page).locator('tbody tr').first()).toContainText('B-12 Logistics')
  await page.getByRole('link', { name: 'Next page' }).click()
  await expect(page).toHaveURL(/page=2/)
  await expect(page.getByTestId('pagination-range')).toHaveText('11–12 of 12')
  await expect(table(page).locator('tbody tr').last()).toContainText('B-01 Logistics')
})

test('the broker table fits a 1280 px screen in every language, every column in view', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await apiBroker(request, org, {
    name: 'Rio Grande Cross-Border Logistics and Warehousing',
    mcNumber: '12345678',
    contactName: 'Maximiliano Salinas-Villarreal',
    email: 'accounts.receivable.department@riogrande-crossborder.test',
    city: 'San Juan de los Lagos',
    state: 'Jalisco',
    paymentTerms: 'due_on_receipt',
    creditLimitCents: 10_000_000_000,
    status: 'on_hold',
  })
  await apiBroker(request, org, { name: 'Short', paymentTerms: 'quick_pay', status: 'inactive' })
  const scroll = page.getByTestId('brokers-scroll')
  // French has long headers and amounts, Vietnamese long terms and statuses: those wrap instead.
  for (const [lang, terms] of [
    ['en', 'Due on receipt'],
    ['fr', 'À réception'],
    ['vi', 'Thanh toán khi nhận'],
    ['cn', '见票即付'],
    ['ar', 'مستحق عند الاستلام'],
  ]) {
    await page.context().addCookies([{ name: 'i18nextLng', value: lang, url: test.info().project.use.baseURL! }])
    await page.goto('/dashboard/brokers/list')
    await expect(table(page)).toContainText(terms)
    expect(await scroll.evaluate((element) => element.scrollWidth - element.clientWidth), lang).toBeLessThanOrEqual(1)
  }
})

test('keeps brokers and shippers in one list of customers: the type is chosen in the form, shown and filtered (ADR 098)', async ({ page, request }) => {
  const broker = uniqueId('Lone Star Logistics ')
  await apiBroker(request, org, { name: broker })
  const shipper = uniqueId('Prairie Grain ')
  await page.goto('/dashboard/brokers/new')
  // A new customer is a broker unless told otherwise.
  await expect(page.getByLabel('Type', { exact: true })).toHaveValue('broker')
  await createBroker(page, shipper, { type: 'Shipper' })
  await expect(toast(page, `Customer ${shipper} created`, 'success')).toBeVisible()
  await expect(table(page).locator('tr[aria-current="true"]')).toContainText('Shipper')
  await expect(table(page).getByRole('row').filter({ hasText: broker })).toContainText('Broker')

  await page.goto('/dashboard/brokers/list?type=shipper')
  await expect(page.getByTestId('pagination-range')).toHaveText('1–1 of 1')
  await expect(table(page)).toContainText(shipper)
  await table(page).getByRole('link', { name: shipper, exact: true }).click()
  await expect(page.getByRole('heading', { name: `Customer ${shipper}` })).toBeVisible()
  await expect(page.getByTestId('broker-identity')).toContainText('Shipper')
  await page.getByRole('link', { name: 'Edit' }).click()
  await expect(page.getByLabel('Type', { exact: true })).toHaveValue('shipper')
})
