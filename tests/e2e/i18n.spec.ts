import { expect, js, signedIn, test } from './fixtures'

test('switching to Arabic renders the app right-to-left, and back', async ({ page, request }) => {
  await signedIn(page, request)
  await page.goto('/dashboard/trucks/list')
  await page.getByTestId('language-menu').click()
  await page.getByRole('button', { name: 'العربية' }).click()
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar')
  await expect(page).toHaveURL(/\/dashboard\/trucks\/list$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('الشاحنات')
  // The navigation sits on the right in rtl.
  const nav = await page.getByTestId('nav-vertical').boundingBox()
  const viewport = page.viewportSize()!
  expect(nav!.x + nav!.width).toBeGreaterThan(viewport.width - 5)

  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')

  await page.getByTestId('language-menu').click()
  await page.getByRole('button', { name: 'English' }).click()
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trucks')
})

test.describe('with a French browser', () => {
  test.use({ locale: 'fr-FR' })

  test('the sign-in page follows Accept-Language', async ({ page }) => {
    await page.goto('/auth/login')
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Connexion à Freightdesk')
  })
})

test('a language kept in localStorage is adopted when JavaScript runs', async ({ page }, testInfo) => {
  await page.goto('/auth/login')
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'vn'))
  await page.reload()
  if (js(testInfo)) {
    await expect(page.locator('html')).toHaveAttribute('lang', 'vi')
    expect((await page.context().cookies()).find((cookie) => cookie.name === 'i18nextLng')?.value).toBe('vi')
  } else {
    // Without JavaScript only the cookie and Accept-Language count.
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  }
})

test('Chinese pages carry lang="zh-CN" while the cookie keeps the value cn', async ({ page }, testInfo) => {
  await page.goto('/auth/login')
  await page.getByTestId('language-menu').click()
  await page.locator('button[name="lng"][value="cn"]').click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr')
  expect((await page.context().cookies()).find((cookie) => cookie.name === 'i18nextLng')?.value).toBe('cn')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('登录 Freightdesk')

  // The server-rendered page and, with JavaScript, the hydrated one agree on the tag.
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
  if (js(testInfo)) expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('cn')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('登录 Freightdesk')
})

test('Arabic pages carry lang="ar" and dir="rtl"', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'i18nextLng', value: 'ar', url: baseURL! }])
  await page.goto('/auth/login')
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
})
