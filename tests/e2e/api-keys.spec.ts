import { expect, signedIn, test, type TestOrganization, toast, uniqueId } from './fixtures'

// An organization of its own, signed in as the admin who registered it.
let org: TestOrganization
test.beforeEach(async ({ page, request }) => {
  org = await signedIn(page, request)
})

test('an admin creates a read-only API key, a program uses it, and revoking it locks the program out', async ({ page, request }) => {
  const name = uniqueId('Load board')
  await page.goto('/dashboard/user/account')
  const keys = page.locator('#api-keys')
  await expect(keys.getByText('No API keys yet.')).toBeVisible()
  await expect(keys.getByRole('link', { name: 'API reference' })).toHaveAttribute('href', '/api/docs')
  await keys.getByLabel('Key name').fill(name)
  await keys.getByLabel('Access').selectOption({ label: 'Read only' })
  await keys.getByRole('button', { name: 'Create key' }).click()

  const shown = page.getByTestId('new-api-key')
  await expect(shown).toContainText(`Key “${name}” created`)
  const secret = await shown.getByRole('textbox').inputValue()
  expect(secret).toMatch(/^fdk_[\w-]{43}$/)
  await expect(keys.getByTestId('api-keys')).toContainText(name)
  await expect(keys.getByTestId('api-keys')).toContainText('Never used')

  const auth = { Authorization: `Bearer ${secret}` }
  const read = await request.get('/api/account/my-account', { headers: auth })
  expect(read.status()).toBe(200)
  expect((await read.json()).data.email).toBe(org.email)
  const write = await request.post('/api/trucks', { headers: auth, data: { unitNumber: uniqueId('K').slice(0, 20) } })
  expect(write.status()).toBe(403)
  expect((await write.json()).error.message).toBe('This API key is read-only.')

  // Shown once: a fresh visit lists the key by its first characters only.
  await page.goto('/dashboard/user/account')
  await expect(page.getByTestId('new-api-key')).toHaveCount(0)
  const row = page.getByTestId('api-keys').getByRole('listitem').filter({ hasText: name })
  await expect(row).toContainText(secret.slice(0, 10))
  await expect(row).not.toContainText(secret.slice(10))
  await expect(row).toContainText('Last used')

  await row.getByRole('button', { name: `Revoke ${name}` }).click()
  await expect(toast(page, `Key “${name}” revoked`)).toBeVisible()
  await expect(page.getByTestId('api-keys').getByRole('listitem').filter({ hasText: name })).toContainText('Revoked')
  expect((await request.get('/api/account/my-account', { headers: auth })).status()).toBe(401)
})

test('a key name is required: the server says so at the field and creates nothing', async ({ page }) => {
  await page.goto('/dashboard/user/account')
  const keys = page.locator('#api-keys')
  // Spaces pass the browser's `required` check; the server trims them and refuses, in both projects.
  await keys.getByLabel('Key name').fill('   ')
  await keys.getByRole('button', { name: 'Create key' }).click()
  await expect(keys.getByText('This field is required.')).toBeVisible()
  await expect(keys.getByText('No API keys yet.')).toBeVisible()
})
