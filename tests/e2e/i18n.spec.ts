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
