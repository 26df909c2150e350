import { axe } from './axe'
import { apiUser, expect, js, lastEmailTo, loginByRequest, signedIn, test, type TestOrganization, toast, uniqueId, whenHydrated } from './fixtures'
import { api, apiLoad, fleet } from './load-fixtures'

// Each test works in an organization of its own, signed in as its admin.
let org: TestOrganization
test.beforeEach(async ({ page, request }) => {
  org = await signedIn(page, request)
})

/** The path and query of an absolute link (the server's APP_URL may name another host than the test's base URL). */
const local = (link: string) => {
  const url = new URL(link)
  return `${url.pathname}${url.search}`
}

test('a broker opens the payment page from the email, says they paid, and the accountant confirms it', async ({ page, request }) => {
  const address = `ap-${uniqueId('pay').toLowerCase()}@example.test`
  const broker = await api(request, org, '/api/brokers', { name: `${uniqueId('BR')} Logistics`, billingEmail: address })
  const invoice = (await api(request, org, '/api/invoice', {
    brokerId: broker.id,
    items: [{ title: 'Linehaul Dallas to Memphis', quantity: 1, unitPriceCents: 100_000 }],
  })) as unknown as { id: string; invoiceNumber: string; version: number }
  await api(request, org, `/api/invoice/${invoice.id}/send`, { version: invoice.version }, 200)
  const accountant = await apiUser(request, org, { role: 'accountant', firstName: 'Avery', lastName: 'Ledger' })

  // The email the queue wrote carries the payment link.
  const email = await lastEmailTo(address)
  const link = /(https?:\/\/\S+\/payment\?invoice=\S+)/.exec(email.text)?.[1]
  expect(link, email.text).toBeTruthy()

  // The broker, signed out.
  await page.context().clearCookies()
  await page.goto(local(link!))
  await expect(page.getByRole('heading', { level: 1, name: 'Pay an invoice' })).toBeVisible()
  await expect(page.getByTestId('invoice-document')).toContainText(invoice.invoiceNumber)
  await expect(page.getByTestId('invoice-items')).toContainText('Linehaul Dallas to Memphis')
  await expect(page.getByTestId('payment-balance')).toHaveText('$1,000.00')
  await expect(page.getByTestId('payment-pdf')).toHaveAttribute('href', /^\/payment\/pdf\?invoice=/)
  // axe runs in the page: with JavaScript only (the markup is the same without), once hydrated.
  await whenHydrated(page)
  if (js(test.info())) expect((await axe(page).analyze()).violations).toEqual([])

  const form = page.getByTestId('remittance-form')
  await form.getByLabel('Amount paid').fill('5000')
  await form.getByRole('button', { name: 'Send remittance advice' }).click()
  await expect(form).toContainText('That is more than the balance due.')
  await form.getByLabel('Amount paid').fill('400')
  await form.getByLabel('Check or ACH reference').fill('ACH-5521')
  await form.getByLabel('Your name or company').fill('Broker AP desk')
  await form.getByRole('button', { name: 'Send remittance advice' }).click()
  await expect(page.getByTestId('payment-thanks')).toContainText('We have your remittance advice.')
  await expect(page.getByTestId('remittance-form')).toHaveCount(0)
  // It never pays the invoice by itself.
  await expect(page.getByTestId('payment-balance')).toHaveText('$1,000.00')

  // The accountant sees it on the invoice and confirms it: a payment of $400.
  await page.context().clearCookies()
  await loginByRequest(page, accountant.email, accountant.password)
  await page.goto(`/dashboard/invoice/${invoice.id}`)
  const advices = page.getByTestId('remittance-advices')
  await expect(advices).toContainText('Remittance advice to confirm')
  await expect(advices).toContainText('$400.00')
  await expect(advices).toContainText('ACH-5521')
  await advices.getByRole('button', { name: 'Confirm' }).click()
  await expect(toast(page, /Remittance advice confirmed/, 'success')).toBeVisible()
  await expect(page.getByTestId('invoice-balance')).toHaveText('$600.00')
  await expect(page.getByTestId('invoice-payments')).toContainText('#ACH-5521')
  await expect(advices).toContainText('Confirmed')
  await expect(advices.getByRole('button', { name: 'Confirm' })).toHaveCount(0)
})

test('the office revokes an invoice’s payment links: the emailed link is gone; Email again sends one that works', async ({ page, request }) => {
  const address = `ap-${uniqueId('rev').toLowerCase()}@example.test`
  const broker = await api(request, org, '/api/brokers', { name: `${uniqueId('BR')} Logistics`, billingEmail: address })
  const invoice = (await api(request, org, '/api/invoice', {
    brokerId: broker.id,
    items: [{ title: 'Linehaul Dallas to Memphis', quantity: 1, unitPriceCents: 100_000 }],
  })) as unknown as { id: string; invoiceNumber: string; version: number }
  await api(request, org, `/api/invoice/${invoice.id}/send`, { version: invoice.version }, 200)
  const linkIn = (text: string) => /(https?:\/\/\S+\/payment\?invoice=\S+)/.exec(text)?.[1]
  const first = linkIn((await lastEmailTo(address)).text)
  expect(first).toBeTruthy()
  expect((await page.request.get(local(first!), { maxRedirects: 0 })).status()).toBe(200)

  await page.goto(`/dashboard/invoice/${invoice.id}`)
  await whenHydrated(page)
  await page.getByRole('button', { name: 'Revoke payment links' }).click()
  await expect(toast(page, `The payment links of ${invoice.invoiceNumber} no longer work. Email it again to send a new one.`, 'warning')).toBeVisible()

  // The broker, signed out, with the old email: not found.
  await page.context().clearCookies()
  expect((await page.goto(local(first!)))?.status()).toBe(404)

  // A new link: Email again.
  await loginByRequest(page, org.email, org.password)
  await page.goto(`/dashboard/invoice/${invoice.id}`)
  await whenHydrated(page)
  await page.getByRole('button', { name: 'Email again' }).click()
  await expect(toast(page, `Email of ${invoice.invoiceNumber} queued`, 'success')).toBeVisible()
  let second: string | undefined
  await expect.poll(async () => (second = linkIn((await lastEmailTo(address)).text))).not.toBe(first)
  await page.context().clearCookies()
  await page.goto(local(second!))
  await expect(page.getByRole('heading', { level: 1, name: 'Pay an invoice' })).toBeVisible()
  await expect(page.getByTestId('payment-balance')).toHaveText('$1,000.00')
})

test('a customer opens a tracking link on a phone; revoked, it is gone', async ({ page, request }) => {
  const { broker, truck, trailer, driver } = await fleet(request, org)
  const load = await apiLoad(request, org, { brokerId: broker.id, driverId: driver.id, truckId: truck.id, trailerId: trailer.id })
  let version = load.version
  for (const status of ['dispatched', 'at_pickup', 'in_transit'])
    version = (await api(request, org, `/api/loads/${load.id}/status`, { status, version }, 200)).version

  await page.goto(`/dashboard/loads/${load.id}`)
  // A click while the page hydrates can be lost (fixtures.ts).
  await whenHydrated(page)
  const card = page.getByTestId('tracking-links')
  await card.getByRole('button', { name: 'Share tracking' }).click()
  await expect(card.getByTestId('tracking-created')).toContainText('it is shown only once')
  const link = await card.locator('#tracking-url').inputValue()
  expect(link).toMatch(/\/track\/[A-Za-z0-9_-]{43}$/)
  await expect(card.getByTestId('tracking-link')).toHaveCount(1)
  // The list scrolls inside its card on a phone; the page does not.
  await page.setViewportSize({ width: 390, height: 844 })
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

  // The customer, signed out, on a phone.
  await page.context().clearCookies()
  await page.goto(local(link))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Shipment ${load.loadNumber}`)
  await expect(page.getByTestId('tracking-status')).toHaveText('In transit')
  const stops = page.getByTestId('tracking-stops')
  await expect(stops).toContainText('Dallas, TX')
  await expect(stops).toContainText('Memphis, TN')
  const body = await page.locator('body').innerText()
  for (const hidden of ['Dana', 'Wheeler', String(broker.name), '$2,400', '2,400.00', String(truck.unitNumber), 'Trinity Cold Storage'])
    expect(body).not.toContain(hidden)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  // axe runs in the page: with JavaScript only (the markup is the same without), once hydrated.
  await whenHydrated(page)
  if (js(test.info())) expect((await axe(page).analyze()).violations).toEqual([])

  // Revoked from the load page: the link answers 404.
  await loginByRequest(page, org.email, org.password)
  await page.goto(`/dashboard/loads/${load.id}`)
  // A click before hydration can be lost with JavaScript on (the form is not yet the app's).
  await whenHydrated(page)
  await page.getByTestId('tracking-links').getByRole('button', { name: 'Revoke' }).click()
  await expect(toast(page, 'Tracking link revoked.', 'success')).toBeVisible()
  await expect(page.getByTestId('tracking-link')).toContainText('Revoked')
  await page.context().clearCookies()
  const gone = await page.goto(local(link))
  expect(gone?.status()).toBe(404)
})

test('the token pages in Arabic are right-to-left, with one h1, and pass axe', async ({ page, request }) => {
  const { broker } = await fleet(request, org)
  const load = await apiLoad(request, org, { brokerId: broker.id })
  const link = (await api(request, org, `/api/loads/${load.id}/tracking`, { expiresInDays: 3 })).url as string
  await page.context().clearCookies()
  await page.context().addCookies([{ name: 'i18nextLng', value: 'ar', url: test.info().project.use.baseURL! }])
  for (const path of ['/payment', local(link)]) {
    await page.goto(path)
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
    await expect(page.locator('h1')).toHaveCount(1)
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.+/)
    // The hydrated page: before it, the settings link is not yet the button in its landmark.
    await whenHydrated(page)
    if (js(test.info())) expect((await axe(page).analyze()).violations).toEqual([])
  }
  await expect(page.getByTestId('tracking-status')).toHaveText('محجوزة')
})

test('the payment page says whom to pay: the remit-to the invoice was sent with, the factor with a notice once the office assigns it', async ({
  page,
  request,
}) => {
  const auth = { Authorization: `Bearer ${org.accessToken}` }
  const organization = (await (await request.get('/api/organization', { headers: auth })).json()).data
  const bank = { bankName: 'First Prairie Bank', bankAccountName: 'Remit Haulers LLC', bankRoutingNumber: '111000025', bankAccountNumber: '987654321' }
  const put = await request.put('/api/organization', { headers: auth, data: { ...organization, ...bank } })
  expect(put.status(), await put.text()).toBe(200)
  /** A sent invoice to a broker of its own (so each email is found by its address), and its payment link. */
  const sentInvoice = async () => {
    const address = `ap-${uniqueId('remit').toLowerCase()}@example.test`
    const broker = await api(request, org, '/api/brokers', { name: `${uniqueId('BR')} Logistics`, billingEmail: address })
    const invoice = await api(request, org, '/api/invoice', { brokerId: broker.id, items: [{ title: 'Linehaul', unitPriceCents: 100_000 }] })
    await api(request, org, `/api/invoice/${invoice.id}/send`, { version: invoice.version }, 200)
    const link = /(https?:\/\/\S+\/payment\?invoice=\S+)/.exec((await lastEmailTo(address)).text)?.[1]
    expect(link).toBeTruthy()
    return { invoice: invoice as unknown as { id: string; invoiceNumber: string }, link: local(link!) }
  }
  const before = await sentInvoice()
  const factor = await api(request, org, '/api/company', {
    name: `${uniqueId('Prime')} Capital`,
    kind: 'factor',
    addressLine1: 'PO Box 610028',
    city: 'Dallas',
    state: 'TX',
  })
  const agreement = await request.put('/api/factoring/agreement', { headers: auth, data: { factorCompanyId: factor.id, advancePercent: 90, feePercent: 3 } })
  expect(agreement.status(), await agreement.text()).toBe(200)
  const sold = await sentInvoice()

  // The office assigns the second one to the factor from its page.
  await page.goto(`/dashboard/invoice/${sold.invoice.id}`)
  await whenHydrated(page)
  await page.getByTestId('invoice-actions').getByRole('button', { name: 'Assign to factor' }).click()
  await expect(toast(page, `Invoice ${sold.invoice.invoiceNumber} assigned to the factor`, 'success')).toBeVisible()
  await expect(page.getByTestId('invoice-remit-to')).toContainText(String(factor.name))
  await expect(page.getByTestId('invoice-assignment')).toContainText(`this invoice has been assigned to ${String(factor.name)}`)

  // The broker, signed out: the first still says to pay the carrier's bank, the second the factor, with the notice.
  await page.context().clearCookies()
  await page.goto(before.link)
  const payTo = page.getByTestId('payment-pay-to')
  await expect(payTo.getByTestId('payment-remit-to')).toContainText('Routing (ABA) 111000025')
  await expect(payTo).not.toContainText(String(factor.name))
  await expect(page.getByTestId('payment-assignment')).toHaveCount(0)
  await page.goto(sold.link)
  await expect(payTo.getByTestId('payment-remit-to')).toContainText(String(factor.name))
  await expect(payTo.getByTestId('payment-remit-to')).toContainText('PO Box 610028')
  await expect(payTo).not.toContainText('987654321')
  await expect(page.getByTestId('payment-assignment')).toContainText(`Pay ${String(factor.name)} only`)
})
