import type { APIRequestContext, Page } from '@playwright/test'

import { apiTrailer, apiTruck, expect, js, signedIn, test, type TestOrganization, toast, uniqueId, whenHydrated } from './fixtures'

/** A company made through the API in the spec's own organization. */
async function apiCompany(request: APIRequestContext, org: TestOrganization, data: Record<string, unknown>) {
  const response = await request.post('/api/company', { headers: { Authorization: `Bearer ${org.accessToken}` }, data })
  expect(response.status(), await response.text()).toBe(201)
  return (await response.json()).data as { id: string; name: string; version: number } & Record<string, unknown>
}

function table(page: Page) {
  return page.getByTestId('companies-table')
}

async function findRow(page: Page, name: string) {
  await page.goto(`/dashboard/companies/list?q=${encodeURIComponent(name)}`)
  return table(page).getByRole('row').filter({ hasText: name })
}

// Every test works in an organization of its own, signed in as its admin.
let org: TestOrganization
test.beforeEach(async ({ page, request }) => {
  org = await signedIn(page, request)
})

test('creates a company from the navigation, finds it by MC number and city, and refuses its name again in another case', async ({ page }) => {
  const name = `Prairie ${uniqueId('PW')} Logistics`
  await page.goto('/dashboard/app')
  await page.getByRole('navigation').getByRole('link', { name: 'Companies' }).click()
  await expect(page.getByRole('heading', { name: 'No companies yet' })).toBeVisible()
  await page.getByRole('link', { name: 'New company' }).first().click()
  await page.getByLabel('Company name').fill(name)
  await page.getByLabel('Legal name').fill(`${name} LLC`)
  await page.getByLabel('MC number').fill('mc-812 345')
  await page.getByLabel('USDOT number').fill('2456789')
  await page.getByLabel('SCAC').fill('pwlg')
  await page.getByLabel('Phone').fill('(405) 555-0142')
  await page.getByLabel('City').fill('Guymon')
  await page.getByLabel('State').fill('ok')
  await page.getByLabel('Factoring company').fill('Triumph Business Capital')
  await page.getByLabel('Remit-to address').fill('PO Box 610028\nDallas, TX 75261')
  await page.getByRole('button', { name: 'Create company' }).click()

  await expect(page).toHaveURL(/\/dashboard\/companies\/list\?changed=\w+$/)
  await expect(toast(page, `Company ${name} created`, 'success')).toBeVisible()
  const marked = table(page).locator('tr[aria-current="true"]')
  await expect(marked).toContainText(name)
  await expect(marked).toContainText('MC-812345')
  await expect(marked).toContainText('USDOT 2456789')
  await expect(marked).toContainText('Guymon, OK')

  // The search box is a GET form: Enter submits it with or without JavaScript.
  for (const q of ['MC 812345', 'guymon']) {
    await page.getByLabel('Search companies').fill(q)
    await page.getByLabel('Search companies').press('Enter')
    await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(q).replace(/%20/g, '\\+')}`))
    await expect(page.getByTestId('pagination-range')).toHaveText('1–1 of 1')
    await expect(table(page)).toContainText(name)
  }
  await page.getByLabel('Search companies').fill('no such carrier')
  await page.getByLabel('Search companies').press('Enter')
  await expect(page.getByRole('heading', { name: 'No companies found' })).toBeVisible()

  await page.goto('/dashboard/companies/new')
  await page.getByLabel('Company name').fill(name.toUpperCase())
  await page.getByRole('button', { name: 'Create company' }).click()
  await expect(page.getByText('Another company already has this name.')).toBeVisible()
  await expect(page.getByLabel('Company name')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Company name')).toHaveValue(name.toUpperCase())
  await page.getByLabel('Company name').fill(`${name} Two`)
  await page.getByLabel('SCAC').fill('P1')
  await page.getByRole('button', { name: 'Create company' }).click()
  await expect(page.getByText('Use 2 to 4 letters.')).toBeVisible()
  await expect(page.getByLabel('SCAC')).toHaveAttribute('aria-invalid', 'true')
  await page.goto('/dashboard/companies/list')
  await expect(page.getByTestId('pagination-range')).toHaveText('1–1 of 1')
})

test('edits a company, and refuses a second edit made from a stale page', async ({ page, context, request }) => {
  const name = `Edit ${uniqueId('ED')} Freight`
  await apiCompany(request, org, { name, city: 'Tulsa', state: 'OK' })
  const row = await findRow(page, name)
  await row.getByRole('link', { name: `Edit company ${name}` }).click()
  await expect(page.getByRole('heading', { name: `Edit company ${name}` })).toBeVisible()
  const other = await context.newPage()
  await other.goto(page.url())

  await page.getByLabel('City').fill('Amarillo')
  await page.getByLabel('State').fill('TX')
  await page.getByLabel('Status').selectOption({ label: 'Inactive' })
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(toast(page, `Company ${name} updated`, 'success')).toBeVisible()
  await expect(toast(page, 'Status: Inactive')).toBeVisible()
  const marked = table(page).locator('tr[aria-current="true"]')
  await expect(marked).toContainText('Amarillo, TX')
  await expect(marked).toContainText('Inactive')

  await other.getByLabel('City').fill('Waco')
  await other.getByRole('button', { name: 'Save changes' }).click()
  await expect(other.getByRole('alert')).toContainText('Someone else saved this record while you were editing it.')
  await expect(other.getByLabel('City')).toHaveValue('Waco')
  await expect(await findRow(page, name)).toContainText('Amarillo, TX')
  await other.close()

  // An inactive company is not offered to a new truck.
  await page.goto('/dashboard/trucks/new')
  await expect(page.getByLabel('Company').locator('option', { hasText: name })).toHaveCount(0)
})

test('shows a company with its trucks and trailers, counts and links, and empty states for drivers, loads and money', async ({ page, request }) => {
  const name = `View ${uniqueId('VW')} Carriers`
  const company = await apiCompany(request, org, {
    name,
    mcNumber: '445566',
    dotNumber: '998877',
    email: 'ops@view.example',
    addressLine1: '4500 Harrisburg Blvd',
    city: 'Houston',
    state: 'TX',
    postalCode: '77011',
    factoringName: 'RTS Financial',
    factoringRemitTo: 'PO Box 840267\nDallas, TX 75284',
    notes: 'Reefer only',
  })
  const units = [uniqueId('VT'), uniqueId('VT')]
  for (const unitNumber of units) await apiTruck(request, org, { unitNumber, companyId: company.id, make: 'Volvo', model: 'VNL 760', year: 2024 })
  await apiTruck(request, org, { unitNumber: uniqueId('XX'), status: 'maintenance' })
  const trailer = uniqueId('VR')
  await apiTrailer(request, org, { unitNumber: trailer, companyId: company.id, type: 'reefer', lengthFt: 53 })

  const row = await findRow(page, name)
  await expect(row.locator('td').nth(4)).toHaveText('2')
  await expect(row.locator('td').nth(5)).toHaveText('1')
  await expect(row.locator('td').nth(6)).toHaveText('0')
  await row.getByRole('link', { name, exact: true }).click()

  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
  await expect(page.getByTestId('company-truck-count')).toContainText('2')
  await expect(page.getByTestId('company-trailer-count')).toContainText('1')
  await expect(page.getByTestId('company-details')).toContainText('MC-445566')
  await expect(page.getByTestId('company-details')).toContainText('USDOT 998877')
  await expect(page.getByTestId('company-contact')).toContainText('Houston, TX 77011')
  await expect(page.getByTestId('company-factoring')).toContainText('PO Box 840267')
  await expect(page.getByTestId('company-notes')).toContainText('Reefer only')
  const trucks = page.getByTestId('company-trucks')
  for (const unit of units) await expect(trucks).toContainText(unit)
  await expect(trucks).toContainText('2024 Volvo VNL 760')
  await expect(page.getByTestId('company-trailers')).toContainText('Reefer · 53 ft')
  await expect(page.getByTestId('company-drivers')).toContainText('No drivers belong to this company.')
  await expect(page.getByTestId('company-loads')).toContainText('will appear here once loads are recorded')
  await expect(page.getByTestId('company-revenue-amount')).toHaveText('$0.00')
  await expect(page.getByTestId('company-receivables-amount')).toHaveText('$0.00')

  await trucks.getByRole('link', { name: 'Show all trucks' }).click()
  await expect(page).toHaveURL(new RegExp(`/dashboard/trucks/list\\?companyId=${company.id}$`))
  await expect(page.getByTestId('pagination-range')).toHaveText('1–2 of 2')
  await page.goBack()
  await page.getByTestId('company-trucks').getByRole('link', { name: units[0] }).click()
  await expect(page.getByRole('heading', { name: `Truck ${units[0]}` })).toBeVisible()
})

test('refuses to delete a company while a truck uses it, naming what uses it; deletes it once free', async ({ page, request }, testInfo) => {
  const name = `Busy ${uniqueId('BZ')} Hauling`
  const company = await apiCompany(request, org, { name })
  const truck = await apiTruck(request, org, { unitNumber: uniqueId('BT'), companyId: company.id })

  async function deleteFromList() {
    const row = await findRow(page, name)
    if (js(testInfo)) {
      await whenHydrated(page)
      await row.getByRole('button', { name: `Delete company ${name}` }).click()
      const dialog = page.getByRole('dialog')
      await expect(dialog).toContainText(`Delete company ${name}?`)
      await dialog.getByRole('button', { name: 'Delete' }).click()
    } else {
      await row.getByRole('link', { name: `Delete company ${name}` }).click()
      await expect(page).toHaveURL(/\/delete\?returnTo=/)
      await expect(page.getByRole('heading', { name: `Delete company ${name}?` })).toBeVisible()
      await page.getByRole('button', { name: 'Delete' }).click()
    }
  }

  await deleteFromList()
  const refused = toast(page, `Company ${name} was not deleted`, 'error')
  await expect(refused).toBeVisible()
  await expect(refused).toContainText('is still in use (trucks: 1, trailers: 0, users: 0)')
  await expect(page).toHaveURL(new RegExp(`/dashboard/companies/list\\?q=.+&changed=${company.id}$`))
  await expect(table(page).locator('tr[aria-current="true"]')).toContainText(name)

  // The API says the same through the plural alias of /api/company.
  const headers = { Authorization: `Bearer ${org.accessToken}` }
  const viaApi = await request.delete(`/api/companies/${company.id}`, { headers })
  expect(viaApi.status()).toBe(409)
  expect((await viaApi.json()).error.code).toBe('in_use')

  const freed = await request.delete(`/api/trucks/${truck.id}`, { headers })
  expect(freed.status()).toBe(200)
  await deleteFromList()
  await expect(toast(page, `Company ${name} deleted`, 'success')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'No companies found' })).toBeVisible()
})

test('a company has a kind: the list shows and filters it, fleets’ pickers offer own fleets only, and the agreement’s factor keeps its kind', async ({
  page,
  request,
}) => {
  const fleet = `${uniqueId('KF')} Carriers`
  const factor = `${uniqueId('KC')} Capital`
  await apiCompany(request, org, { name: fleet })
  // A factor made from the form: its kind chosen there.
  await page.goto('/dashboard/companies/new')
  await page.getByLabel('Company name').fill(factor)
  await page.getByLabel('Kind').selectOption({ label: 'Factor' })
  await page.getByRole('button', { name: 'Create company' }).click()
  await expect(toast(page, `Company ${factor} created`, 'success')).toBeVisible()
  await expect(table(page).locator('tr[aria-current="true"]')).toContainText('Factor')
  await expect(table(page).getByRole('row').filter({ hasText: fleet })).toContainText('Own fleet')

  // The list's kind filter.
  await page.goto('/dashboard/companies/list?kind=factor')
  await expect(page.getByTestId('pagination-range')).toHaveText('1–1 of 1')
  await expect(table(page)).toContainText(factor)
  await page.goto('/dashboard/companies/list?kind=own_fleet')
  await expect(table(page)).toContainText(fleet)
  await expect(table(page)).not.toContainText(factor)

  // A truck belongs to one of your own fleets: the factor is not offered.
  await page.goto('/dashboard/trucks/new')
  const picker = page.getByLabel('Company')
  await expect(picker.locator('option', { hasText: fleet })).toHaveCount(1)
  await expect(picker.locator('option', { hasText: factor })).toHaveCount(0)

  // Named by the agreement, the factor stays a factor: the edit is refused at its field, what was chosen kept.
  const id = (await (await request.get(`/api/company?kind=factor`, { headers: { Authorization: `Bearer ${org.accessToken}` } })).json()).data[0].id
  const agreement = await request.put('/api/factoring/agreement', {
    headers: { Authorization: `Bearer ${org.accessToken}` },
    data: { factorCompanyId: id, advancePercent: 90, feePercent: 3 },
  })
  expect(agreement.status(), await agreement.text()).toBe(200)
  await page.goto(`/dashboard/companies/${id}/edit`)
  await page.getByLabel('Kind').selectOption({ label: 'Own fleet' })
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText(`${factor} is the factor of your factoring agreement: choose another factor before changing its kind.`)).toBeVisible()
  await expect(page.getByLabel('Kind')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Kind').locator('option:checked')).toHaveText('Own fleet')
  await page.goto('/dashboard/companies/list?kind=factor')
  await expect(table(page).getByRole('row').filter({ hasText: factor })).toContainText('Factor')
})
