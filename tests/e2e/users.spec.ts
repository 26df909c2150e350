import type { Browser, Page } from '@playwright/test'

import { apiUser, expect, js, lastEmailTo, login, signedIn, test, type TestOrganization, toast, uniqueId, whenHydrated } from './fixtures'

// A 1×1 PNG: a real image, recognised by its first bytes.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')

function table(page: Page) {
  return page.getByTestId('users-table')
}

/** A second browser, signed in as someone else, with the same JavaScript setting as the test. */
async function otherBrowser(browser: Browser, testInfo: { project: { name: string } }) {
  const context = await browser.newContext({ javaScriptEnabled: js(testInfo) })
  return context.newPage()
}

let org: TestOrganization
test.beforeEach(async ({ page, request }) => {
  org = await signedIn(page, request)
})

test('the admin adds a dispatcher with a password from the Users menu, and the dispatcher signs in', async ({ page, browser }, testInfo) => {
  const email = `${uniqueId('disp')}@example.test`.toLowerCase()
  await page.goto('/dashboard/app')
  await page.getByRole('navigation').getByRole('link', { name: 'Users' }).first().click()
  await expect(page).toHaveURL(/\/dashboard\/user\/list$/)
  await expect(table(page)).toContainText(org.email)
  await page.getByRole('link', { name: 'New user' }).click()
  await page.getByLabel('First name').fill('Dana')
  await page.getByLabel('Last name').fill('Spatch')
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Role').selectOption({ label: 'Dispatcher' })
  await page.getByLabel('Password').fill('dispatch password')
  await page.getByLabel('Phone', { exact: true }).fill('+1 512 555 0190')
  await page.getByRole('button', { name: 'Add user' }).click()
  await expect(toast(page, 'Dana Spatch added', 'success')).toBeVisible()
  const row = table(page).locator('tr[aria-current="true"]')
  await expect(row).toContainText('Dana Spatch')
  await expect(row).toContainText('Dispatcher')
  await expect(row).toContainText('Active')

  const dispatcher = await otherBrowser(browser, testInfo)
  await login(dispatcher, email, 'dispatch password')
  await expect(dispatcher.getByRole('navigation').getByRole('link', { name: 'Trucks' })).toBeVisible()
  await expect(dispatcher.getByRole('navigation').getByRole('link', { name: 'Users' })).toHaveCount(0)
  const forbidden = await dispatcher.goto('/dashboard/user/list')
  expect(forbidden?.status()).toBe(403)
  await dispatcher.context().close()
})

test('shows field errors and keeps what was typed: a taken email, a bad phone', async ({ page }) => {
  await page.goto('/dashboard/user/new')
  await page.getByLabel('First name').fill('Tess')
  await page.getByLabel('Last name').fill('Taken')
  await page.getByLabel('Email address').fill(org.email.toUpperCase())
  await page.getByLabel('Phone', { exact: true }).fill('call me')
  await page.getByRole('button', { name: 'Add user' }).click()
  await expect(page.getByText('Enter a phone number: digits, spaces and + ( ) . - only.')).toBeVisible()
  await page.getByLabel('Phone', { exact: true }).fill('')
  await page.getByRole('button', { name: 'Add user' }).click()
  await expect(page.getByText('Another account already uses this email address.')).toBeVisible()
  await expect(page.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('First name')).toHaveValue('Tess')
})

test('the admin invites a user, who chooses a password from the emailed link and signs in', async ({ page, browser }, testInfo) => {
  const email = `${uniqueId('invite')}@example.test`.toLowerCase()
  await page.goto('/dashboard/user/new')
  await page.getByLabel('First name').fill('Ina')
  await page.getByLabel('Last name').fill('Vited')
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Role').selectOption({ label: 'Accountant' })
  await page.getByRole('button', { name: 'Add user' }).click()
  await expect(toast(page, `Invitation sent to ${email}`)).toBeVisible()
  await expect(table(page).locator('tr[aria-current="true"]')).toContainText('Invited')

  const message = await lastEmailTo(email)
  expect(message.subject).toBe(`You are invited to ${org.organizationName} on Freightdesk`)
  const link = new URL(message.text.match(/https?:\/\/\S+/)![0])
  const invitee = await otherBrowser(browser, testInfo)
  await invitee.goto(`${link.pathname}${link.search}`)
  await expect(invitee.getByRole('heading', { name: `Welcome to ${org.organizationName}` })).toBeVisible()
  await invitee.getByRole('textbox', { name: 'Password', exact: true }).fill('my chosen password')
  await invitee.getByLabel('Confirm new password').fill('my chosen password')
  // Choosing the first password signs the person in.
  await invitee.getByRole('button', { name: 'Set password and sign in' }).click()
  await expect(invitee).toHaveURL(/\/dashboard\/app$/)
  await expect(invitee.getByRole('heading', { level: 1 })).toBeVisible()
  await invitee.context().clearCookies()
  await login(invitee, email, 'my chosen password')
  await invitee.context().close()

  await page.goto(`/dashboard/user/list?q=${encodeURIComponent(email)}`)
  await expect(table(page)).toContainText('Active')
})

test('the admin bans a signed-in user: their session stops working and they cannot sign in again', async ({ page, request, browser }, testInfo) => {
  const viewer = await apiUser(request, org, { role: 'viewer' })
  const other = await otherBrowser(browser, testInfo)
  await login(other, viewer.email, viewer.password)

  await page.goto(`/dashboard/user/list?q=${encodeURIComponent(viewer.email)}`)
  await table(page).getByRole('link', { name: 'Edit Sam Viewer' }).click()
  await expect(page.getByRole('heading', { name: 'Edit Sam Viewer' })).toBeVisible()
  await page.getByLabel('Status').selectOption({ label: 'Banned' })
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(toast(page, 'Sam Viewer updated', 'success')).toBeVisible()
  await expect(table(page).locator('tr[aria-current="true"]')).toContainText('Banned')

  await other.goto('/dashboard/trucks/list')
  await expect(other).toHaveURL(/\/auth\/login/)
  await other.getByLabel('Email address').fill(viewer.email)
  await other.getByLabel('Password').fill(viewer.password!)
  await other.getByRole('button', { name: 'Login' }).click()
  await expect(other.getByText('Failed to Login Please try again.')).toBeVisible()
  await other.context().close()
})

test('the last admin cannot demote themselves: the role field says why', async ({ page }) => {
  await page.goto('/dashboard/user/list')
  await table(page).getByRole('link', { name: 'Edit Casey Tester' }).click()
  await expect(page.getByRole('heading', { name: 'Edit Casey Tester' })).toBeVisible()
  await page.getByLabel('Role').selectOption({ label: 'Viewer' })
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('The organization needs at least one active admin.')).toBeVisible()
  await expect(page.getByLabel('Role')).toHaveAttribute('aria-invalid', 'true')
})

test('a driver’s profile is edited with the user, and the list warns of a license about to expire', async ({ page, request }) => {
  const driver = await apiUser(request, org, { role: 'driver', firstName: 'Drew' })
  await page.goto(`/dashboard/user/list?role=driver`)
  await table(page).getByRole('link', { name: 'Edit Drew Driver' }).click()
  await expect(page.getByRole('heading', { name: 'Edit Drew Driver' })).toBeVisible()
  await whenHydrated(page)
  const section = page.getByTestId('driver-profile')
  await expect(section).toBeVisible()
  // The spare deduction rows are dropped when left empty: neither marked nor enforced as required.
  for (const label of ['Deduction 1', 'Amount 1 (dollars)']) {
    await expect(section.getByLabel(label, { exact: true })).not.toHaveAttribute('required')
    await expect(section.locator('label', { hasText: label })).not.toContainText('*')
  }
  await section.getByLabel('License number').fill('D-4411')
  await section.getByLabel('CDL class').selectOption({ label: 'Class A' })
  const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10)
  await section.getByLabel('License expiry').fill(soon)
  await section.getByLabel('Pay method').selectOption({ label: 'Per mile' })
  await section.getByLabel('Pay rate').fill('0.65')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(toast(page, 'Drew Driver updated')).toBeVisible()
  await expect(table(page).locator('tr[aria-current="true"]')).toContainText('License expires')

  const api = await request.get(`/api/user/${driver.id}`, { headers: { Authorization: `Bearer ${org.accessToken}` } })
  expect((await api.json()).data.driverProfile).toMatchObject({
    licenseNumber: 'D-4411',
    cdlClass: 'A',
    licenseExpiry: soon,
    payMethod: 'per_mile',
    payRate: 65,
  })

  await page.goto(`/dashboard/user/${driver.id}/edit`)
  await expect(page.getByTestId('driver-profile').getByLabel('Pay rate')).toHaveValue('0.65')
  if (js(test.info())) {
    // With JavaScript the driver section shows only while the role is driver.
    await whenHydrated(page)
    await page.getByLabel('Role').selectOption({ label: 'Viewer' })
    await expect(page.getByTestId('driver-profile')).toBeHidden()
  }
})

test('any role edits their own profile and changes their password from the account menu', async ({ page, request }) => {
  const driver = await apiUser(request, org, { role: 'driver' })
  await page.context().clearCookies()
  await login(page, driver.email, driver.password)
  await page.getByTestId('account-menu').click()
  await page.getByRole('link', { name: 'Profile' }).click()
  await expect(page.getByRole('heading', { name: 'My profile' })).toBeVisible()
  await page.getByLabel('Phone', { exact: true }).fill('+1 405 555 0101')
  await page.getByLabel('City').fill('Tulsa')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(toast(page, 'Your profile was saved', 'success')).toBeVisible()
  await expect(page.getByLabel('City')).toHaveValue('Tulsa')

  await page.getByTestId('account-menu').click()
  await page.getByRole('link', { name: 'Account' }).click()
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible()
  const passwordCard = page.locator('form').filter({ has: page.getByRole('button', { name: 'Change password' }) })
  await passwordCard.getByLabel('Current password').fill('not my password')
  await passwordCard.getByRole('textbox', { name: 'New password', exact: true }).fill('a brand new password')
  await passwordCard.getByLabel('Confirm new password').fill('a brand new password')
  await passwordCard.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByText('The current password is not correct.')).toBeVisible()
  await passwordCard.getByLabel('Current password').fill(driver.password!)
  await passwordCard.getByRole('textbox', { name: 'New password', exact: true }).fill('a brand new password')
  await passwordCard.getByLabel('Confirm new password').fill('a brand new password')
  await passwordCard.getByRole('button', { name: 'Change password' }).click()
  await expect(toast(page, 'Your password was changed', 'success')).toBeVisible()

  await page.context().clearCookies()
  await login(page, driver.email, 'a brand new password')
})

test('uploads an avatar (checked by its bytes), and signs out every other session', async ({ page, browser }, testInfo) => {
  const second = await otherBrowser(browser, testInfo)
  await login(second, org.email, org.password)

  await page.goto('/dashboard/user/account')
  await expect(page.getByTestId('sessions').getByRole('listitem')).toHaveCount(3) // this browser, the other one, the spec's API token
  await page.getByLabel('Picture file').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just text, not a picture') })
  await page.getByRole('button', { name: 'Upload' }).click()
  await expect(page.getByText('Upload a PNG, JPEG or WebP image.')).toBeVisible()
  await page.getByLabel('Picture file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG })
  await page.getByRole('button', { name: 'Upload' }).click()
  await expect(toast(page, 'Your picture was updated', 'success')).toBeVisible()
  const avatar = page.locator('img[src^="/resources/avatar/"]').first()
  await expect(avatar).toBeVisible()
  await expect(page.getByTestId('account-menu').locator('img')).toHaveAttribute('src', (await avatar.getAttribute('src'))!)
  const image = await page.request.get((await avatar.getAttribute('src'))!)
  expect(image.headers()['content-type']).toBe('image/png')

  await page.getByRole('button', { name: 'Sign out everywhere else' }).click()
  await expect(toast(page, 'Other sessions signed out: 2', 'success')).toBeVisible()
  await expect(page.getByTestId('sessions').getByRole('listitem')).toHaveCount(1)
  await second.goto('/dashboard/app')
  await expect(second).toHaveURL(/\/auth\/login/)
  await second.context().close()
})

test('lists, searches and filters users; the cards show each one', async ({ page, request }) => {
  await apiUser(request, org, { role: 'accountant', firstName: 'Ada' })
  await apiUser(request, org, { role: 'viewer', firstName: 'Vic', password: null })
  await page.goto('/dashboard/user/list?status=invited')
  await expect(table(page).getByRole('row')).toHaveCount(2)
  await expect(table(page)).toContainText('Vic Viewer')
  await page.goto('/dashboard/user/list')
  await whenHydrated(page)
  await page.getByLabel('Search users').fill('ada')
  await page.getByLabel('Search users').press('Enter')
  await expect(page).toHaveURL(/q=ada/)
  await expect(table(page).getByRole('row')).toHaveCount(2)
  await expect(table(page)).toContainText('Ada Accountant')

  await page.goto('/dashboard/user/cards')
  const cards = page.getByTestId('user-cards').getByRole('listitem')
  await expect(cards).toHaveCount(3)
  await expect(cards.filter({ hasText: 'Vic Viewer' })).toContainText('Invited')
})

test('the admin sends an invitation again: only the newest link works', async ({ page, request, browser }, testInfo) => {
  const invited = await apiUser(request, org, { role: 'viewer', firstName: 'Rhea', password: null })
  const first = new URL((await lastEmailTo(invited.email)).text.match(/https?:\/\/\S+/)![0])
  await page.goto(`/dashboard/user/${invited.id}/edit`)
  await whenHydrated(page)
  await page.getByRole('button', { name: 'Send the invitation again' }).click()
  await expect(toast(page, `Invitation sent to ${invited.email}`, 'success')).toBeVisible()
  let second = first
  await expect.poll(async () => (second = new URL((await lastEmailTo(invited.email)).text.match(/https?:\/\/\S+/)![0])).href).not.toBe(first.href)

  const invitee = await otherBrowser(browser, testInfo)
  await invitee.goto(`${first.pathname}${first.search}`)
  await expect(invitee.getByRole('heading', { name: 'Link invalid or expired' })).toBeVisible()
  await invitee.goto(`${second.pathname}${second.search}`)
  await expect(invitee.getByRole('textbox', { name: 'Password', exact: true })).toBeVisible()
  await invitee.context().close()
})

test('changes the sign-in email with the current password, then signs in with the new address', async ({ page }) => {
  const email = `${uniqueId('moved')}@example.test`.toLowerCase()
  await page.goto('/dashboard/user/account')
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Change email' }) })
  await form.getByLabel('Email address').fill(email)
  await form.getByLabel('Current password').fill('not it')
  await form.getByRole('button', { name: 'Change email' }).click()
  await expect(page.getByText('The current password is not correct.')).toBeVisible()
  await form.getByLabel('Current password').fill(org.password)
  await form.getByRole('button', { name: 'Change email' }).click()
  await expect(toast(page, 'Your email address was changed', 'success')).toBeVisible()
  await expect(page.getByText('Not verified yet')).toBeVisible()
  expect((await lastEmailTo(email)).subject).toBe('Confirm your Freightdesk email address')
  await page.context().clearCookies()
  await login(page, email, org.password)
})

test('the users table fits a 1280 px screen in English and French, every column in view', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await apiUser(request, org, {
    role: 'driver',
    firstName: 'Maximiliana-Theodora',
    lastName: 'Vandenberghe-Oyelaran',
    phone: '+1 (512) 555-0100',
    driverProfile: { licenseExpiry: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10) },
  })
  await page.goto('/dashboard/user/list')
  await expect(table(page)).toContainText('License expires')
  const scroll = page.getByTestId('users-scroll')
  expect(await scroll.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(1)
  await page.context().addCookies([{ name: 'i18nextLng', value: 'fr', url: test.info().project.use.baseURL! }])
  await page.goto('/dashboard/user/list')
  await expect(table(page)).toContainText('Permis expirant')
  expect(await scroll.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(1)
})
