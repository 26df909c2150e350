import { apiTruck, apiUser, expect, js, login, signedIn, signedInAs, test, toast, uniqueId, whenHydrated } from './fixtures'

test('the blank page is an empty page in the dashboard frame, for any role', async ({ page, request }) => {
  await signedInAs(page, request, 'driver')
  const response = await page.goto('/dashboard/blank')
  expect(response?.status()).toBe(200)
  await expect(page).toHaveTitle('Blank page | Freightdesk')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blank page')
  await expect(page.getByTestId('empty-state')).toContainText('Nothing here yet')
  await expect(page.getByTestId('nav-vertical')).toBeVisible()
})

test('a role without the permission gets the 403 page and no menu item', async ({ page, request }) => {
  await signedInAs(page, request, 'viewer')
  const nav = page.getByTestId('nav-vertical')
  await page.goto('/dashboard/trucks/list')
  await expect(nav.getByRole('link', { name: 'List' })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Create' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'New truck' })).toHaveCount(0)
  await expect(nav.getByText('Roles and permissions')).toHaveCount(0)
  const response = await page.goto('/dashboard/trucks/new')
  expect(response?.status()).toBe(403)
  await expect(page.getByRole('heading', { name: 'No permission' })).toBeVisible()
  const denied = await page.goto('/dashboard/permission-denied')
  expect(denied?.status()).toBe(403)
})

test('the admin sees the admin-only item with its label', async ({ page, request }) => {
  await signedIn(page, request)
  await page.goto('/dashboard/app')
  const nav = page.getByTestId('nav-vertical')
  const item = nav.getByRole('link', { name: /Roles and permissions/ })
  await expect(item.getByText('Only admin can see this item')).toBeVisible()
  // Custom fields are managed by admins only too, and carry the same caption.
  await expect(nav.getByRole('link', { name: /Custom fields/ }).getByText('Only admin can see this item')).toBeVisible()
  await item.click()
  await expect(page.getByRole('heading', { level: 1, name: 'Roles and permissions' })).toBeVisible()
  await expect(page.getByTestId('role-matrix')).toBeVisible()
})

test('the dashboard shows the fleet by status, with a chart when JavaScript runs', async ({ page, request }, testInfo) => {
  const org = await signedIn(page, request)
  await apiTruck(request, org, { unitNumber: 'DB-1' })
  await apiUser(request, org, { role: 'dispatcher' })
  await page.goto('/dashboard/app/')
  const table = page.getByTestId('trucks-by-status')
  await expect(table).toContainText('Available')
  await expect(page.getByTestId('users-by-role')).toContainText('Dispatcher')
  await expect(page.locator('.recharts-surface')).toHaveCount(js(testInfo) ? 1 : 0)
})

test('the accountant, who may not see trucks, gets a dashboard without them', async ({ page, request }) => {
  const { org } = await signedInAs(page, request, 'accountant')
  await apiTruck(request, org, { unitNumber: 'AC-1' })
  await page.goto('/dashboard/app/')
  await expect(page.getByTestId('trucks-by-status')).toHaveCount(0)
  await expect(page.getByText('Your role has nothing to show here yet.')).toBeVisible()
  const response = await page.goto('/dashboard/trucks/list')
  expect(response?.status()).toBe(403)
})

test('the layout works at phone width: the menu opens from the header', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 800 })
  const { org } = await signedInAs(page, request, 'dispatcher')
  // A few trucks, so the list is a wide table rather than the empty state.
  for (const unit of ['PH-1', 'PH-2', 'PH-3'])
    await apiTruck(request, org, { unitNumber: unit, make: 'Freightliner', model: 'Cascadia', licensePlate: 'TX 4411' })
  await page.goto('/dashboard/app/')
  const nav = page.getByTestId('nav-drawer')
  await expect(nav).not.toBeInViewport()
  await page.getByRole('banner').locator('label[for="nav-drawer"]').click()
  await expect(nav).toBeInViewport()
  await nav.getByRole('link', { name: 'Trucks' }).click()
  await expect(page).toHaveURL(/\/dashboard\/trucks\/list$/)
  await expect(nav).not.toBeInViewport()
  // The wide table scrolls inside its card; the page itself never scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.goto('/dashboard/trucks/new')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
})

test('without JavaScript the browser shows its own progress, and ours stays hidden', { tag: '@no-js-only' }, async ({ page, request }) => {
  // with JavaScript the bar shows: the next test (@no-js-only: the other project never runs it).
  await signedIn(page, request)
  await page.goto('/dashboard/app')
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
  await expect(page.locator('[role="progressbar"]')).toBeHidden()
})

test('a 2 px progress bar shows while a navigation is pending', { tag: '@js-only' }, async ({ page, request }) => {
  // client-side navigation needs JavaScript; the previous test checks the bar stays hidden without it (@js-only: the other project never runs it).
  await signedIn(page, request)
  await page.goto('/dashboard/app')
  await whenHydrated(page)
  const bar = page.locator('[role="progressbar"]')
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/dashboard/trucks/list.data**', async (route) => {
    await gate
    await route.continue()
  })
  await page.getByTestId('nav-vertical').getByRole('link', { name: 'Trucks' }).click()
  await expect(bar).toHaveAttribute('data-state', 'loading')
  expect((await bar.boundingBox())?.height).toBe(2)
  release()
  await expect(page.getByRole('heading', { name: 'Trucks', level: 1 })).toBeVisible()
  await expect(bar).toHaveAttribute('data-state', 'idle')
  await expect(bar).toBeHidden()
})

test('toasts: the same message twice shows once, and the close button closes it', async ({ page, request }, testInfo) => {
  // A new account, whose email is not verified yet, can ask for the email again.
  const email = `${uniqueId('toast')}@example.test`.toLowerCase()
  expect((await request.post('/api/account/register', { data: { email, password: 'toast password', firstName: 'Toni', lastName: 'Toast' } })).status()).toBe(
    201,
  )
  await login(page, email, 'toast password')
  await page.goto('/auth/verify')
  await expect(page.getByRole('heading', { name: 'Please check your email' })).toBeVisible()
  await page.getByRole('button', { name: 'Resend the email' }).click()
  const sent = toast(page, 'We sent you a new verification link.', 'info')
  await expect(sent).toHaveCount(1)
  await page.getByRole('button', { name: 'Resend the email' }).click()
  await expect(sent).toHaveCount(1)
  await expect(sent).toBeVisible()
  if (js(testInfo)) await sent.getByRole('button', { name: 'Close toast' }).click()
  else await sent.locator('label').click() // the CSS-only close: a label toggling a hidden checkbox
  await expect(sent).toBeHidden()
})

/** WCAG's contrast ratio of two computed `rgb(…)` colours. */
function contrast(foreground: string, background: string) {
  const luminance = (color: string) => {
    const [r, g, b] = color
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map((part) => {
        const value = Number(part) / 255
        return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
      })
    return 0.2126 * r + 0.7152 * g + 0.0722 * b
  }
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a)
  return (light + 0.05) / (dark + 0.05)
}

test('the info toast reads at 4.5:1 at least, in light and in dark mode', async ({ page, request }, testInfo) => {
  const email = `${uniqueId('info')}@example.test`.toLowerCase()
  expect((await request.post('/api/account/register', { data: { email, password: 'toast password', firstName: 'Ida', lastName: 'Info' } })).status()).toBe(201)
  await login(page, email, 'toast password')
  for (const mode of ['light', 'dark']) {
    await page.context().addCookies([{ name: 'themeMode', value: mode, url: testInfo.project.use.baseURL! }])
    await page.goto('/auth/verify')
    await page.getByRole('button', { name: 'Resend the email' }).click()
    // With JavaScript, sonner's own toast (the server's stand-in is gone once it has shown it).
    const sent = js(testInfo)
      ? page.locator('[data-sonner-toaster] [data-sonner-toast][data-type="info"]').filter({ hasText: 'We sent you a new verification link.' })
      : toast(page, 'We sent you a new verification link.', 'info')
    await expect(sent).toBeVisible()
    // Without JavaScript no script reads the colours; the server's toast uses the app's own tokens.
    if (!js(testInfo)) continue
    const colors = await sent.evaluate((element) => {
      const style = getComputedStyle(element)
      return { color: style.color, background: style.backgroundColor, theme: element.closest('[data-sonner-theme]')?.getAttribute('data-sonner-theme') }
    })
    expect(colors.theme).toBe(mode)
    expect(contrast(colors.color, colors.background), `${mode}: ${colors.color} on ${colors.background}`).toBeGreaterThanOrEqual(4.5)
  }
})
