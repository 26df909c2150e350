import { apiTrailer, apiTruck, apiUser, expect, js, lastEmailTo, signedIn, signedInAs, test, toast, uniqueId, whenHydrated } from './fixtures'
import { api, apiLoad, fleet } from './load-fixtures'

// What a walk-through as a new dispatcher, driver and admin found. Each test works in an organization of its own.

test('a busy driver is offered as on their load, and a dispatch refused for it links to that load', async ({ page, request }) => {
  const org = await signedIn(page, request)
  const { broker, truck, trailer, driver } = await fleet(request, org)
  const first = await apiLoad(request, org, { brokerId: broker.id, driverId: driver.id, truckId: truck.id, trailerId: trailer.id })
  await api(request, org, `/api/loads/${first.id}/status`, { status: 'dispatched', version: first.version }, 200)
  const truck2 = await apiTruck(request, org, { unitNumber: uniqueId('T'), status: 'available' })
  const trailer2 = await apiTrailer(request, org, { unitNumber: uniqueId('TR') })
  const second = await apiLoad(request, org, { brokerId: broker.id, driverId: driver.id, truckId: truck2.id, trailerId: trailer2.id })

  await page.goto('/dashboard/loads/new')
  const driverSelect = page.getByRole('combobox', { name: 'Driver', exact: true })
  await expect(driverSelect.locator('option', { hasText: 'Dana Wheeler' })).toHaveText(`Dana Wheeler — on load ${first.loadNumber}`)

  await page.goto(`/dashboard/loads/${second.id}`)
  await whenHydrated(page)
  await page.getByTestId('status-actions').getByRole('button', { name: 'Dispatch' }).click()
  const alert = page.getByTestId('status-refusal')
  await expect(alert).toContainText(`The driver is on load ${first.loadNumber}.`)
  await alert.getByRole('link', { name: `Open load ${first.loadNumber}` }).click()
  await expect(page).toHaveURL(new RegExp(`/dashboard/loads/${first.id}$`))
  await expect(page.getByTestId('load-status')).toContainText('Dispatched')
})

test('a driver’s dashboard is their loads', async ({ page, request }) => {
  await signedInAs(page, request, 'driver')
  await page.goto('/dashboard/app')
  await expect(page).toHaveURL(/\/dashboard\/loads\/mine$/)
  await expect(page.getByRole('heading', { name: 'My loads' })).toBeVisible()
  await expect(page.getByText('Your role has nothing to show here yet')).toHaveCount(0)
})

test('a new API key can be copied with JavaScript, and stays selectable text without', async ({ page, request }) => {
  await signedIn(page, request)
  await page.goto('/dashboard/user/account')
  await whenHydrated(page)
  const keys = page.locator('#api-keys')
  await keys.getByLabel('Key name').fill(uniqueId('Sync'))
  await keys.getByRole('button', { name: 'Create key' }).click()
  const secret = page.getByTestId('new-api-key').getByRole('textbox', { name: 'API key' })
  await expect(secret).toHaveValue(/^fdk_/)
  await expect(secret).toHaveAttribute('readonly', '')
  if (js(test.info())) {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.getByRole('button', { name: 'Copy key' }).click()
    await expect(page.getByTestId('new-api-key').getByRole('status')).toHaveText('Copied')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await secret.inputValue())
  } else {
    await expect(page.getByRole('button', { name: 'Copy key' })).toHaveCount(0)
  }
})

test('the sessions list names the browser and system', async ({ page, request }) => {
  await signedIn(page, request)
  await page.goto('/dashboard/user/account')
  const sessions = page.getByTestId('sessions')
  await expect(sessions).toContainText('Chrome on Linux')
  await expect(sessions).not.toContainText('Mozilla/5.0')
})

test('the audit log shows roles and key scopes by their names', async ({ page, request }) => {
  const org = await signedIn(page, request)
  await apiUser(request, org, { role: 'dispatcher' })
  await page.goto('/dashboard/user/account')
  await whenHydrated(page)
  const keys = page.locator('#api-keys')
  await keys.getByLabel('Key name').fill(uniqueId('Sync'))
  await keys.getByLabel('Access').selectOption({ label: 'Read and write' })
  await keys.getByRole('button', { name: 'Create key' }).click()
  await expect(page.getByTestId('new-api-key')).toBeVisible()

  await page.goto('/dashboard/audit')
  const main = page.getByRole('main')
  await expect(main).toContainText('Dispatcher')
  await expect(main).toContainText('Read and write')
  await expect(main.locator('bdi').filter({ hasText: /^(dispatcher|read_write)$/ })).toHaveCount(0)
})

test('an invitation welcomes the person to the organization and signs them in once they choose a password', async ({ page, request }) => {
  const org = await signedIn(page, request)
  const invited = await apiUser(request, org, { role: 'dispatcher', password: null, firstName: 'Nora' })
  const email = await lastEmailTo(invited.email)
  const link = new URL(email.text.match(/https?:\/\/\S+token=[\w-]+/)![0])
  await page.context().clearCookies()
  await page.goto(`${link.pathname}${link.search}`)
  await expect(page.getByRole('heading', { name: `Welcome to ${org.organizationName}` })).toBeVisible()
  await expect(page.getByText('Hello Nora, choose a password')).toBeVisible()
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('a brand new password')
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill('a brand new password')
  await page.getByRole('button', { name: 'Set password and sign in' }).click()
  await expect(page).toHaveURL(/\/dashboard\/app$/)
  await expect(toast(page, 'Welcome, Nora! Your account is ready.', 'success')).toBeVisible()
})
