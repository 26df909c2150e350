import { expect, js, signedIn, test } from './fixtures'

test('the account and organization pages show the organization’s inbound address, copy-friendly', async ({ page, request }, testInfo) => {
  const org = await signedIn(page, request)
  const answer = await request.get('/api/organization', { headers: { Authorization: `Bearer ${org.accessToken}` } })
  expect(answer.status()).toBe(200)
  const { inboundEmail } = (await answer.json()).data as { inboundEmail: string }
  expect(inboundEmail).toMatch(/^[a-z0-9-]+-[a-z2-7]{6}@inbound\.freightdesk\.test$/)

  await page.goto('/dashboard/user/account')
  const card = page.getByTestId('inbound-address')
  await expect(card.getByRole('heading', { name: 'Inbound email address' })).toBeVisible()
  await expect(card).toContainText('Forward your broker mail here')
  const field = card.getByLabel('Your organization’s address')
  await expect(field).toHaveText(inboundEmail)
  // Copy: a button with JavaScript; without it the address is text that one tap selects whole.
  await expect(field).toHaveCSS('user-select', 'all')
  await expect(card.getByRole('button', { name: 'Copy address' })).toHaveCount(js(testInfo) ? 1 : 0)

  await page.goto('/dashboard/organization')
  await expect(page.getByTestId('inbound-address').getByLabel('Your organization’s address')).toHaveText(inboundEmail)
})
