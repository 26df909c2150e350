/**
 * The mechanic (ADR 134): an admin adds one from the users editor; the mechanic signs in to the
 * fleet and its inspections, reads a load without its rates and charges, and is refused an invoice.
 */
import { expect, login, signedIn, test, toast, uniqueId } from './fixtures'
import { api, apiLoad, fleet } from './load-fixtures'

test('an admin adds a mechanic, who reads a load without its money and is refused an invoice', async ({ page, request }) => {
  const org = await signedIn(page, request)
  const { broker, truck, trailer, driver } = await fleet(request, org)
  const load = await apiLoad(request, org, {
    brokerId: broker.id,
    driverId: driver.id,
    truckId: truck.id,
    trailerId: trailer.id,
    charges: [{ type: 'detention', amountCents: 12_345 }],
  })
  const invoice = await api(request, org, '/api/invoice', { brokerId: broker.id, items: [{ title: 'Linehaul', unitPriceCents: 3_000_000 }] })

  // The admin adds the mechanic with a password.
  const email = `${uniqueId('mech')}@example.test`.toLowerCase()
  await page.goto('/dashboard/user/new')
  await page.getByLabel('First name').fill('Gus')
  await page.getByLabel('Last name').fill('Wrench')
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Role').selectOption({ label: 'Mechanic' })
  await page.getByLabel('Password').fill('mechanic password')
  await page.getByRole('button', { name: 'Add user' }).click()
  await expect(toast(page, 'Gus Wrench added', 'success')).toBeVisible()
  await expect(page.getByTestId('users-table').locator('tr[aria-current="true"]')).toContainText('Mechanic')

  // The mechanic signs in: the fleet and its inspections, nothing of money.
  await page.context().clearCookies()
  await login(page, email, 'mechanic password')
  await expect(page.getByTestId('open-inspections')).toBeVisible()
  const nav = page.getByTestId('nav-vertical')
  for (const name of ['Loads', 'Trucks', 'Trailers', 'Inspections']) await expect(nav.getByRole('link', { name, exact: true }), name).toBeVisible()
  for (const name of ['Invoices', 'Banking', 'Settlements', 'Analytics', 'Factoring', 'Fuel tax', 'Users'])
    await expect(nav.getByRole('link', { name, exact: true }), name).toHaveCount(0)

  // A load, read-only: who and what moves it, not what it pays.
  await page.goto(`/dashboard/loads/${load.id}`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(load.loadNumber)
  await expect(page.getByTestId('load-assignment')).toContainText(truck.unitNumber)
  await expect(page.getByTestId('load-stops')).toContainText('Trinity Cold Storage')
  await expect(page.getByTestId('load-money')).toHaveCount(0)
  await expect(page.getByTestId('load-charges')).toHaveCount(0)
  await expect(page.getByText('$2,400.00')).toHaveCount(0)
  await expect(page.getByText('$123.45')).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0)

  // The list shows no totals either.
  await page.goto('/dashboard/loads/list')
  await expect(page.getByTestId('loads-table')).toContainText(load.loadNumber)
  await expect(page.getByTestId('loads-table')).not.toContainText('$')

  // An invoice is refused: the dashboard's permission-denied page.
  const refused = await page.goto(`/dashboard/invoice/${invoice.id}`)
  expect(refused?.status()).toBe(403)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('No permission')
})
