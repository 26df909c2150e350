/**
 * The page-action protocol as a user meets it (ADR 049): a refused post shows its summary, its
 * reasons at their fields and, when someone saved first, a link to the latest version; with
 * JavaScript and without. Messages are the app's own, in the page's language.
 */
import ar from '../../app/locales/ar'
import fr from '../../app/locales/fr'
import { expect, signedIn, test, type TestOrganization, uniqueId, whenHydrated } from './fixtures'
import { api, apiLoad, fleet } from './load-fixtures'

let org: TestOrganization
test.beforeEach(async ({ page, request }) => {
  org = await signedIn(page, request)
})

const auth = () => ({ Authorization: `Bearer ${org.accessToken}` })

test('a load changed in another tab: the status button is refused with a link to the latest version', async ({ page, request }) => {
  const { broker, driver, truck, trailer } = await fleet(request, org)
  const load = await apiLoad(request, org, { brokerId: broker.id, driverId: driver.id, truckId: truck.id, trailerId: trailer.id })
  await page.goto(`/dashboard/loads/${load.id}`)
  await whenHydrated(page)
  // Someone else dispatches the load meanwhile.
  const moved = await request.post(`/api/loads/${load.id}/status`, { headers: auth(), data: { status: 'dispatched', version: load.version } })
  expect(moved.status(), await moved.text()).toBe(200)
  await page.getByTestId('status-actions').getByRole('button', { name: 'Dispatch' }).click()
  const alert = page.getByTestId('status-refusal')
  await expect(alert).toContainText('Someone else saved this record while you were editing it.')
  await alert.getByRole('link', { name: 'Load the latest version' }).click()
  await expect(page.getByTestId('load-status')).toContainText('Dispatched')
  await expect(page.getByTestId('status-refusal')).toHaveCount(0)
})

test('a payment is refused at its fields, and a stale send above the invoice with a link to the latest version', async ({ page, request }) => {
  const broker = await api(request, org, '/api/brokers', { name: `${uniqueId('BR')} Logistics`, billingEmail: 'ap@example.test' })
  const invoice = await api(request, org, '/api/invoice', { brokerId: broker.id, items: [{ title: 'Detention', quantity: 1, unitPriceCents: 40_000 }] })
  await page.goto(`/dashboard/invoice/${invoice.id}`)
  await whenHydrated(page)
  const changed = await request.put(`/api/invoice/${invoice.id}`, {
    headers: auth(),
    data: { version: invoice.version, brokerId: broker.id, items: [{ title: 'Detention', quantity: 1, unitPriceCents: 40_000 }], notes: 'Net 30' },
  })
  expect(changed.status(), await changed.text()).toBe(200)
  await page.getByRole('button', { name: 'Send' }).click()
  const alert = page.getByTestId('invoice-refusal')
  await expect(alert).toContainText('Someone else saved this record while you were editing it.')
  await alert.getByRole('link', { name: 'Load the latest version' }).click()
  await expect(page.getByTestId('invoice-refusal')).toHaveCount(0)
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByTestId('invoice-status')).toHaveText('Sent')

  const form = page.getByTestId('payment-form')
  await form.getByLabel('Amount').fill('')
  await form.getByLabel('Paid on').fill('')
  await form.getByRole('button', { name: 'Record payment' }).click()
  await expect(page.getByTestId('payment-refusal')).toContainText('Some fields need your attention.')
  // The schema's own messages for an amount and a day, at their fields.
  await expect(form.getByText('Enter a number.')).toBeVisible()
  await expect(form.getByText('Enter a valid date.')).toBeVisible()
  await expect(page.getByTestId('invoice-payments')).toHaveCount(0)

  // Refused by the model: more than the balance. What was typed stays typed, with JavaScript and without.
  await form.getByLabel('Amount').fill('500')
  await form.getByLabel('Paid on').fill('2026-11-30')
  await form.getByLabel('Method').selectOption('check')
  await form.getByLabel('Reference').fill('CHK-1042')
  await form.getByRole('button', { name: 'Record payment' }).click()
  await expect(page.getByTestId('payment-refusal')).toBeVisible()
  await expect(form.getByLabel('Amount')).toHaveValue('500')
  await expect(form.getByLabel('Paid on')).toHaveValue('2026-11-30')
  await expect(form.getByLabel('Method')).toHaveValue('check')
  await expect(form.getByLabel('Reference')).toHaveValue('CHK-1042')
  await expect(page.getByTestId('invoice-payments')).toHaveCount(0)
})

for (const [language, catalogue] of [
  ['ar', ar],
  ['fr', fr],
] as const) {
  test(`the new-load form sent empty shows the app's own messages in ${language}`, async ({ page }) => {
    await page.context().addCookies([{ name: 'i18nextLng', value: language, url: test.info().project.use.baseURL! }])
    await page.goto('/dashboard/loads/new')
    await whenHydrated(page)
    await page.getByRole('button', { name: catalogue.loadForm.new.submit }).click()
    const broker = page.getByRole('combobox', { name: catalogue.loads.fields.broker, exact: true })
    await expect(broker).toHaveAttribute('aria-invalid', 'true')
    const described = (await broker.getAttribute('aria-describedby')) ?? ''
    const message = page.locator(`#${described.split(' ').find((id) => id.endsWith('-error'))}`)
    await expect(message).toHaveText(catalogue.validation.required)
    await expect(page.locator('main')).not.toContainText('Invalid input')
    await expect(page.locator('main')).not.toContainText('expected')
  })
}
