import { expect, login, registerOrganization, signedInAs, test } from './fixtures'

const NOT_FOUND = 'Sorry, page not found!'
const FORBIDDEN = 'No permission'

test('every error page has a title that names the error, and one heading', async ({ page }) => {
  for (const [path, status, heading] of [
    ['/no/such/page', 404, NOT_FOUND],
    ['/403', 403, FORBIDDEN],
    ['/404', 404, NOT_FOUND],
    ['/500', 500, '500 Internal Server Error'],
  ] as const) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(status)
    await expect(page).toHaveTitle(`${heading} | Freightdesk`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
  }
})

test('an unknown URL under /dashboard keeps the dashboard frame when signed in', async ({ page, request }) => {
  const org = await registerOrganization(request)
  await login(page, org.email, org.password)
  for (const path of ['/dashboard/nothing-here', '/dashboard/trucks/some/deep/path']) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(404)
    await expect(page).toHaveTitle(`${NOT_FOUND} | Freightdesk`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(NOT_FOUND)
    await expect(page.getByTestId('nav-vertical').getByRole('link', { name: 'Trucks' })).toBeVisible()
    await expect(page.getByTestId('account-menu')).toBeVisible()
    await expect(page.getByRole('main')).toHaveCount(1)
  }
})

test('signed out, an unknown URL under /dashboard asks to sign in first', async ({ page }) => {
  await page.goto('/dashboard/nothing-here')
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fdashboard%2Fnothing-here$/)
})

test('the admin-only page shows who can do what, as the server checks it, without a "denied" heading', async ({ page, request }) => {
  const org = await registerOrganization(request)
  await login(page, org.email, org.password)
  const response = await page.goto('/dashboard/permission-denied')
  expect(response?.status()).toBe(200)
  await expect(page).toHaveTitle('Roles and permissions | Freightdesk')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Roles and permissions')
  const matrix = page.getByTestId('role-matrix')
  const loads = matrix.getByRole('row', { name: /^Loads/ })
  await expect(loads.locator('[data-role="dispatcher"]')).toHaveText('read, create, update, delete')
  await expect(loads.locator('[data-role="viewer"]')).toHaveText('read')
  await expect(matrix.getByRole('row', { name: /^Webhooks/ }).locator('[data-role="driver"]')).toHaveText('—')
  await expect(page.getByText(/denied/i)).toHaveCount(0)
})

test('other roles get the same 403 page inside the dashboard as any forbidden URL', async ({ page, request }) => {
  // A viewer of the spec's own organization.
  await signedInAs(page, request, 'viewer')
  for (const path of ['/dashboard/permission-denied', '/dashboard/trucks/new']) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(403)
    await expect(page).toHaveTitle(`${FORBIDDEN} | Freightdesk`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(FORBIDDEN)
    await expect(page.getByTestId('nav-vertical').getByRole('link', { name: 'Trucks' })).toBeVisible()
    await expect(page.getByTestId('role-matrix')).toHaveCount(0)
  }
})
