import { apiUser, expect, loginByRequest, registerOrganization, test, toast, uniqueId, whenHydrated } from './fixtures'

test('a dispatcher publishes a bulletin to acknowledge; a driver at 390 px sees the badge and acknowledges it; the admin sees who did, and when', async ({
  page,
  request,
}) => {
  const org = await registerOrganization(request)
  const dispatcher = await apiUser(request, org, { role: 'dispatcher', firstName: 'Dana', lastName: 'Reed' })
  const driver = await apiUser(request, org, { role: 'driver', firstName: 'Rosa', lastName: 'Milner' })
  const title = `Chain law ${uniqueId('')}`

  // The dispatcher writes it, previews the Markdown, and publishes it.
  await loginByRequest(page, dispatcher.email, dispatcher.password)
  await page.goto('/dashboard/blog/new')
  await whenHydrated(page)
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title)
  await page.getByLabel('Summary').fill('Carry chains west of Denver.')
  await page
    .getByRole('textbox', { name: 'Text', exact: true })
    .fill('## Before the pass\n\n- Chains for **four** drive wheels\n- Gloves\n\n<script>alert(1)</script>')
  await page.getByLabel('Tags').fill('safety, winter')
  await page.getByTestId('post-preview-button').click()
  await expect(page.getByTestId('post-preview').locator('h3', { hasText: 'Before the pass' })).toBeVisible()
  await expect(page.getByTestId('post-preview')).toContainText('<script>alert(1)</script>')
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(title)
  await page.getByLabel('Status').selectOption({ label: 'Published' })
  await page.getByLabel(/Requires acknowledgment/).check()
  await page.getByRole('button', { name: 'Save bulletin' }).click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(toast(page, title, 'success')).toBeVisible()
  await expect(page.getByTestId('post-body').locator('strong', { hasText: 'four' })).toBeVisible()

  // The driver, on a phone: the badge in the menu, the bulletin to acknowledge on the overview.
  await page.context().clearCookies()
  await loginByRequest(page, driver.email, driver.password)
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/dashboard/blog')
  await whenHydrated(page)
  await page.getByRole('banner').locator('label[for="nav-drawer"]').click()
  await expect(page.getByTestId('nav-badge-bulletins').first().locator('[aria-hidden="true"]')).toHaveText('1')
  // The menu closes with a fresh page; the bulletin waits first on the overview.
  await page.goto('/dashboard/blog')
  await whenHydrated(page)
  await page.getByTestId('overview-pending').getByRole('link', { name: title }).click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await page.getByTestId('post-acknowledge-button').click()
  await expect(toast(page, 'your acknowledgment is recorded', 'success')).toBeVisible()
  await expect(page.getByTestId('post-acknowledged')).toContainText('You acknowledged this bulletin on')
  await expect(page.getByTestId('post-acknowledge-button')).toHaveCount(0)
  await expect(page.getByTestId('nav-badge-bulletins')).toHaveCount(0)
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width).toBeLessThanOrEqual(390)

  // A comment from the driver, then the admin's view of who has read it.
  await page.getByLabel('Add a comment').fill('Chains are in the box.')
  await page.getByRole('button', { name: 'Post comment' }).click()
  await expect(page.getByTestId('post-comments')).toContainText('Chains are in the box.')

  await page.context().clearCookies()
  await loginByRequest(page, org.email, org.password)
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/dashboard/blog/posts?acknowledgment=required')
  await page.getByTestId('posts-table').getByRole('link', { name: title }).click()
  const acknowledged = page.getByTestId('post-acknowledged-list')
  await expect(acknowledged).toContainText('Rosa Milner')
  await expect(acknowledged.locator('li', { hasText: 'Rosa Milner' })).toContainText(/\d{1,2}:\d{2}/)
  await expect(page.getByTestId('post-pending-list')).toHaveCount(0)
})

test('a viewer reads a bulletin and its comments, and is offered neither "I have read this" nor a comment', async ({ page, request }) => {
  const org = await registerOrganization(request)
  const headers = { Authorization: `Bearer ${org.accessToken}` }
  const title = `Weigh stations ${uniqueId('')}`
  const created = await request.post('/api/posts', {
    headers,
    data: { title, body: 'Stop at **every** open scale.', status: 'published', requiresAcknowledgment: true },
  })
  expect(created.status(), await created.text()).toBe(201)
  const id = (await created.json()).data.id as string
  const comment = await request.post(`/api/posts/${id}/comments`, { headers, data: { body: 'Open 24/7 on I-80.' } })
  expect(comment.status(), await comment.text()).toBe(201)

  const viewer = await apiUser(request, org, { role: 'viewer', firstName: 'Vic', lastName: 'Watts' })
  await loginByRequest(page, viewer.email, viewer.password)
  await page.goto('/dashboard/blog')
  await whenHydrated(page)
  // Not asked to acknowledge: no badge, nothing waiting on the overview.
  await expect(page.getByTestId('nav-badge-bulletins')).toHaveCount(0)
  await expect(page.getByTestId('overview-pending')).toHaveCount(0)
  await page.goto(`/dashboard/blog/post/${id}`)
  await whenHydrated(page)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.getByTestId('post-body').locator('strong', { hasText: 'every' })).toBeVisible()
  await expect(page.getByTestId('post-comments')).toContainText('Open 24/7 on I-80.')
  await expect(page.getByTestId('post-acknowledge-button')).toHaveCount(0)
  await expect(page.getByTestId('post-acknowledge')).toHaveCount(0)
  await expect(page.getByLabel('Add a comment')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Post comment' })).toHaveCount(0)
})

test('Enter in a field saves the bulletin (the main action), not the Preview button that comes first', async ({ page, request }) => {
  const org = await registerOrganization(request)
  const dispatcher = await apiUser(request, org, { role: 'dispatcher' })
  const title = `Enter saves ${uniqueId('')}`
  await loginByRequest(page, dispatcher.email, dispatcher.password)
  await page.goto('/dashboard/blog/new')
  await whenHydrated(page)
  await page.getByRole('textbox', { name: 'Text', exact: true }).fill('Fuel cards renew on Monday.')
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title)
  await page.getByRole('textbox', { name: 'Title', exact: true }).press('Enter')
  // Saved: the bulletin's own page, not the editor with a preview (a multipart post: slow on a busy machine).
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 20_000 })
  await expect(page.getByTestId('post-preview')).toHaveCount(0)
})
