import { expect, test } from './fixtures'

test('the UI font comes with the app, not from the machine', async ({ page }) => {
  const font = page.waitForResponse(/\/assets\/public-sans-latin-wght-normal-[\w-]+\.woff2$/)
  await page.goto('/auth/login')
  const response = await font
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe('font/woff2')
  await expect(page.locator('body')).toHaveCSS('font-family', /^"Public Sans Variable"/)
  const loaded = await page.evaluate(async () => {
    await document.fonts.ready
    return document.fonts.check('600 16px "Public Sans Variable"')
  })
  expect(loaded).toBe(true)
})

test('Vietnamese pages also load the font’s Vietnamese letters', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'i18nextLng', value: 'vi', url: baseURL! }])
  const font = page.waitForResponse(/\/assets\/public-sans-vietnamese-wght-normal-[\w-]+\.woff2$/)
  await page.goto('/auth/login')
  expect((await font).status()).toBe(200)
})
