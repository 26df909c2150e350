import { expect, lastEmailTo, login, registerOrganization, signedIn, test, toast, uniqueId } from './fixtures'

test('registers a new organization, then the emailed link signs its admin in', async ({ page }) => {
  const email = `${uniqueId('owner')}@example.test`.toLowerCase()
  await page.goto('/auth/register')
  await page.getByLabel('First name').fill('Rosa')
  await page.getByLabel('Last name').fill('Parks')
  await page.getByLabel('Company or dispatch service name').fill('Montgomery Freight')
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password').fill('a safe password')
  await page.getByRole('button', { name: 'Create account' }).click()
  // Not signed in yet: only someone who reads the mailbox gets in.
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
  await page.goto('/dashboard/app')
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=/)

  const message = await lastEmailTo(email)
  expect(message.subject).toBe('Confirm your Freightdesk email address')
  await page.goto(message.text.match(/https?:\/\/\S+/)![0])
  await expect(page).toHaveURL(/\/dashboard\/app\/?$/)
  await expect(page.getByText('Welcome back, Rosa.')).toBeVisible()
  await expect(toast(page, 'Your email address is verified.', 'success')).toBeVisible()
  // A new organization starts empty: its dashboard counts none of the demo trucks.
  await expect(page.getByTestId('trucks-by-status')).toContainText('Available')
  await page.getByTestId('account-menu').click()
  await expect(page.getByText(email)).toBeVisible()
  await expect(page.getByRole('banner').getByText('Admin', { exact: true })).toBeVisible()
})

test('answers a registration with a taken address like any other, and tells the owner by email', async ({ page, request }) => {
  const org = await registerOrganization(request)
  await page.goto('/auth/register')
  await page.getByLabel('First name').fill('Mallory')
  await page.getByLabel('Last name').fill('Probe')
  await page.getByLabel('Email address').fill(org.email)
  await page.getByLabel('Password').fill('a safe password')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
  await expect(page.getByText('An account with this email already exists.')).toHaveCount(0)
  expect((await lastEmailTo(org.email)).subject).toBe('Someone tried to create a Freightdesk account with your address')
})

test('shows the sign-in failure message without saying which part was wrong', async ({ page, request }) => {
  const org = await registerOrganization(request)
  await page.goto('/auth/login')
  await page.getByLabel('Email address').fill(org.email)
  await page.getByLabel('Password').fill('not the password')
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByRole('alert')).toHaveText('Failed to Login Please try again.')
  await expect(page.getByLabel('Email address')).toHaveValue(org.email)
  await expect(page.getByLabel('Password')).toHaveValue('')
  await expect(page).toHaveURL(/\/auth\/login/)
})

test('sends a signed-out visitor to sign in and back to the page they wanted', async ({ page, request }) => {
  const org = await registerOrganization(request)
  await page.goto('/dashboard/trucks/list?status=maintenance')
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=/)
  await page.getByLabel('Email address').fill(org.email)
  await page.getByLabel('Password').fill(org.password)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(/\/dashboard\/trucks\/list\?status=maintenance$/)
  await expect(page.getByRole('heading', { name: 'Trucks', level: 1 })).toBeVisible()
})

test('signs in to /dashboard/app/ and signs out', async ({ page, request }) => {
  const org = await registerOrganization(request)
  await login(page, org.email, org.password)
  await expect(page).toHaveURL(/\/dashboard\/app\/$/)
  await page.getByTestId('account-menu').click()
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/auth\/login$/)
  await page.goto('/dashboard/app')
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fdashboard%2Fapp/)
})

test('resets a forgotten password with the emailed link, once', async ({ page, request }) => {
  const email = `${uniqueId('reset')}@example.test`.toLowerCase()
  const registered = await request.post('/api/account/register', { data: { email, password: 'old password 1', firstName: 'Reset', lastName: 'Me' } })
  expect(registered.status()).toBe(201)

  await page.goto('/auth/login')
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  // The sign-in page has an email field too: wait for the reset page before typing.
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible()
  await page.getByLabel('Email address').fill(email)
  await page.getByRole('button', { name: 'Send request' }).click()
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()

  const message = await lastEmailTo(email)
  expect(message.subject).toBe('Reset your Freightdesk password')
  const link = message.text.match(/https?:\/\/\S+/)![0]
  await page.goto(link)
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('new password 2')
  await page.getByLabel('Confirm new password').fill('new password 2')
  await page.getByRole('button', { name: 'Update password' }).click()
  await expect(page).toHaveURL(/\/auth\/login$/)
  await expect(toast(page, 'Your password was updated. Please sign in.', 'success')).toBeVisible()
  await login(page, email, 'new password 2')

  // The link is single use, and says so before anyone types a password.
  await page.goto(link)
  await expect(page.getByText('This reset link is invalid or has expired.')).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'New password', exact: true })).toHaveCount(0)
  await page.getByRole('link', { name: 'Request a new link' }).click()
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible()
})

test('revokes an older reset link when the password is changed with a newer one', async ({ page, request }) => {
  const org = await registerOrganization(request)
  const requestLink = async () => {
    await page.goto('/auth/reset-password')
    await page.getByLabel('Email address').fill(org.email)
    await page.getByRole('button', { name: 'Send request' }).click()
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
  }
  await requestLink()
  const older = (await lastEmailTo(org.email)).text.match(/https?:\/\/\S+/)![0]
  await requestLink()
  await expect.poll(async () => (await lastEmailTo(org.email)).text.match(/https?:\/\/\S+/)![0]).not.toBe(older)
  const newer = (await lastEmailTo(org.email)).text.match(/https?:\/\/\S+/)![0]
  await page.goto(newer)
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('changed password 5')
  await page.getByLabel('Confirm new password').fill('changed password 5')
  await page.getByRole('button', { name: 'Update password' }).click()
  await expect(page).toHaveURL(/\/auth\/login$/)
  await page.goto(older)
  await expect(page.getByRole('heading', { name: 'Link invalid or expired' })).toBeVisible()
  await expect(page.getByText('This reset link is invalid or has expired.')).toBeVisible()
})

test('keeps a signed-in user out of /auth/login but not of /auth/login-unprotected', async ({ page, request }) => {
  await signedIn(page, request)
  await page.goto('/auth/login')
  await expect(page).toHaveURL(/\/dashboard\/app\/$/)
  await page.goto('/auth/login-unprotected')
  await expect(page.getByRole('heading', { name: 'Sign in to Freightdesk' })).toBeVisible()
  await page.goto('/auth/register-unprotected')
  await expect(page.getByRole('heading', { name: 'Get started with Freightdesk' })).toBeVisible()
})

test('checks the email on the server and shows the translated message at the field', async ({ page }) => {
  await page.goto('/auth/login')
  // The schema's constraints reach the browser as attributes (the loader sends them; zod does not).
  await expect(page.getByLabel('Email address')).toHaveAttribute('required', '')
  await page.getByLabel('Email address').fill('not-an-email')
  await page.getByLabel('Password').fill('whatever')
  // With or without JavaScript, the form is sent and the action answers with the message.
  const answer = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname.startsWith('/auth/login'))
  await page.getByRole('button', { name: 'Login' }).click()
  expect((await answer).status()).toBe(400)
  await expect(page).toHaveURL(/\/auth\/login$/)
  await expect(page.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('Enter a valid email address.')).toBeVisible()
})
