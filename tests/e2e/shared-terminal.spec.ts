import { expect, login, registerOrganization, test } from './fixtures'

// A dispatch terminal is shared: after sign-out, Back must not show the previous user's data.
test('Back after sign-out asks to sign in instead of showing the previous page', async ({ page, request }) => {
  const org = await registerOrganization(request)
  const created = await request.post('/api/trucks', {
    headers: { Authorization: `Bearer ${org.accessToken}` },
    data: { unitNumber: 'SHARED-1' },
  })
  expect(created.status(), await created.text()).toBe(201)

  await login(page, org.email, org.password)
  await page.goto('/dashboard/trucks/list')
  await expect(page.getByRole('rowheader', { name: 'SHARED-1' }).first()).toBeVisible()

  await page.getByTestId('account-menu').click()
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/auth\/login$/)

  await page.goBack()
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=/)
  await expect(page.getByText('SHARED-1')).toHaveCount(0)
})
