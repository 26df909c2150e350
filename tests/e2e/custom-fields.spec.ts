import type { Page } from '@playwright/test'

import { apiTruck, expect, js, signedIn, test, type TestOrganization, toast, uniqueId, whenHydrated } from './fixtures'

// Every test works in an organization of its own, signed in as its admin.
let org: TestOrganization
test.beforeEach(async ({ page, request }) => {
  org = await signedIn(page, request)
})

async function defineEldProvider(page: Page, options: { required?: boolean } = {}) {
  await page.goto('/dashboard/customfields/list')
  await page.getByRole('link', { name: 'New field' }).first().click()
  // The URL changes before the new page renders (a transition): wait for the page itself, or
  // the list's own "List" filter would take the selection.
  await expect(page.getByRole('heading', { name: 'New custom field' })).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard\/customfields\/new/)
  await page.getByLabel('List').selectOption({ label: 'Trucks' })
  await page.getByLabel('Label').fill('ELD provider')
  await page.getByLabel('Key').fill('eld_provider')
  await page.getByLabel('Type').selectOption({ label: 'Choice from a list' })
  await page.getByLabel('Options').fill('Samsara\nMotive\nGeotab')
  if (options.required) await page.getByLabel('Required').check()
  await page.getByRole('button', { name: 'Create field' }).click()
  await expect(page).toHaveURL(/\/dashboard\/customfields\/list\?changed=\w+$/)
  await expect(toast(page, 'Field ELD provider created', 'success')).toBeVisible()
  await expect(page.getByTestId('customfields-trucks-table')).toContainText('eld_provider')
}

test('an admin defines a select field for trucks, fills it on a new truck, and sees it on the view page and as a list column', async ({ page }) => {
  await page.goto('/dashboard/app')
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Custom fields' })).toBeVisible()
  await defineEldProvider(page)

  const unit = uniqueId('CF')
  await page.goto('/dashboard/trucks/new')
  await page.getByLabel('Unit number').fill(unit)
  await page.getByLabel('ELD provider').selectOption('Motive')
  await page.getByRole('button', { name: 'Create truck' }).click()
  await expect(toast(page, `Truck ${unit} created`)).toBeVisible()

  await page.goto(`/dashboard/trucks/list?q=${unit}`)
  await page.getByRole('link', { name: unit, exact: true }).click()
  await expect(page.getByTestId('custom-field-values')).toContainText('ELD provider')
  await expect(page.getByTestId('custom-field-values')).toContainText('Motive')

  // The column is off until chosen in the Columns menu (the URL keeps it, and the user's choice is remembered).
  await page.goto(`/dashboard/trucks/list?q=${unit}`)
  const table = page.getByTestId('trucks-table')
  await expect(table.getByRole('columnheader', { name: 'ELD provider' })).toHaveCount(0)
  await whenHydrated(page)
  await page.getByTestId('columns-menu').getByText('Columns', { exact: true }).click()
  await page.getByRole('checkbox', { name: 'ELD provider' }).check()
  await page.getByTestId('columns-menu').getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/cols=eld_provider/)
  await expect(page).toHaveURL(new RegExp(`q=${unit}`))
  await expect(table.getByRole('columnheader', { name: 'ELD provider' })).toBeVisible()
  await expect(table.getByRole('row').filter({ hasText: unit })).toContainText('Motive')
  // A search keeps the chosen columns.
  await page.getByRole('searchbox').fill(unit.toLowerCase())
  await page.getByRole('search').getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/cols=eld_provider/)
  await expect(table.getByRole('columnheader', { name: 'ELD provider' })).toBeVisible()
  // The list opened from the navigation (no `cols` in its URL) shows the column chosen last.
  await page.goto('/dashboard/trucks/list')
  await expect(table.getByRole('columnheader', { name: 'ELD provider' })).toBeVisible()
  // Unticking every column is remembered too.
  await whenHydrated(page)
  await page.getByTestId('columns-menu').locator('summary').click()
  await page.getByRole('checkbox', { name: 'ELD provider' }).uncheck()
  await page.getByTestId('columns-menu').getByRole('button', { name: 'Apply' }).click()
  await expect(table.getByRole('columnheader', { name: 'ELD provider' })).toHaveCount(0)
  await page.goto('/dashboard/trucks/list')
  await expect(table.getByRole('columnheader', { name: 'ELD provider' })).toHaveCount(0)

  // The edit page shows the saved choice and can change it.
  await page.goto(`/dashboard/trucks/list?q=${unit}`)
  await page.getByRole('link', { name: `Edit truck ${unit}` }).click()
  await expect(page.getByLabel('ELD provider')).toHaveValue('Motive')
  await page.getByLabel('ELD provider').selectOption('Geotab')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(toast(page, `Truck ${unit} updated`)).toBeVisible()
  await page.goto(`/dashboard/trucks/list?q=${unit}&cols=eld_provider`)
  await expect(table.getByRole('row').filter({ hasText: unit })).toContainText('Geotab')
})

test('a required field left empty is refused at the field, and its key and type lock once a truck holds a value', async ({ page, request }) => {
  await defineEldProvider(page, { required: true })
  const unit = uniqueId('CR')
  await page.goto('/dashboard/trucks/new')
  await page.getByLabel('Unit number').fill(unit)
  await page.getByRole('button', { name: 'Create truck' }).click()
  await expect(page.getByText('This field is required.')).toBeVisible()
  await expect(page.getByLabel('ELD provider')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Unit number')).toHaveValue(unit)

  await apiTruck(request, org, { unitNumber: uniqueId('CA'), customFields: { eld_provider: 'Samsara' } })
  await page.goto('/dashboard/customfields/list')
  await page.getByRole('link', { name: 'Edit field ELD provider' }).click()
  await expect(page.getByTestId('locked-notice')).toBeVisible()
  await expect(page.getByLabel('Key')).toHaveAttribute('readonly', '')
  await expect(page.getByLabel('Type')).toHaveCount(0)
  // Deleting it is refused while the truck holds a value; deactivating keeps it out of the form.
  await page.goto('/dashboard/customfields/list')
  await whenHydrated(page)
  await page
    .getByRole('button', { name: 'Delete field ELD provider' })
    .or(page.getByRole('link', { name: 'Delete field ELD provider' }))
    .click()
  await page.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(toast(page, /cannot be deleted/, 'error')).toBeVisible()
  await expect(page.getByTestId('customfields-trucks-table')).toContainText('eld_provider')
})

test('the key is made from the label until it is typed by hand (as you type with JavaScript, on saving without)', async ({ page }) => {
  await page.goto('/dashboard/customfields/new?list=trucks')
  await whenHydrated(page)
  await page.getByLabel('Label').fill('Fuel card #')
  if (js(test.info())) {
    await expect(page.getByLabel('Key')).toHaveValue('fuel_card')
    // Typed by hand, the key stays as typed when the label changes.
    await page.getByLabel('Key').fill('card')
    await page.getByLabel('Label').fill('Fuel card number')
    await expect(page.getByLabel('Key')).toHaveValue('card')
    await page.getByLabel('Key').fill('')
    await page.getByLabel('Label').fill('Fuel card #')
    await expect(page.getByLabel('Key')).toHaveValue('fuel_card')
  } else {
    await expect(page.getByLabel('Key')).toHaveValue('')
  }
  await page.getByRole('button', { name: 'Create field' }).click()
  await expect(toast(page, 'Field Fuel card # created', 'success')).toBeVisible()
  await expect(page.getByTestId('customfields-trucks-table')).toContainText('fuel_card')
})
