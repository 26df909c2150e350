import type { Page } from '@playwright/test'

import { expect, login, registerOrganization, test, whenHydrated } from './fixtures'

test.use({ viewport: { width: 390, height: 800 } })

function overlap(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
}

async function setLanguage(page: Page, code: string) {
  await page.context().addCookies([{ name: 'i18nextLng', value: code, url: test.info().project.use.baseURL! }])
}

for (const lang of ['en', 'ar']) {
  test(`${lang}: the settings button leaves the sign-in footer readable`, async ({ page }) => {
    await setLanguage(page, lang)
    await page.goto('/auth/login')
    await whenHydrated(page)
    // The footer's text, not its box: padding may run under the button, words may not.
    const text = await page.getByRole('contentinfo').evaluate((footer) => {
      const range = document.createRange()
      range.selectNodeContents(footer)
      const { x, y, width, height } = range.getBoundingClientRect()
      return { x, y, width, height }
    })
    const button = await page.getByTestId('settings-button').boundingBox()
    expect(text.height).toBeGreaterThan(0)
    expect(overlap(text, button!), `footer text ${JSON.stringify(text)} button ${JSON.stringify(button)}`).toBe(false)
  })
}

test('the closed menu drawer casts no shadow on the page edge, in ltr and rtl', async ({ page, request }) => {
  const org = await registerOrganization(request)
  await login(page, org.email, org.password)
  const drawer = page.getByTestId('nav-drawer')
  for (const lang of ['en', 'ar']) {
    await setLanguage(page, lang)
    await page.goto('/dashboard/app')
    // Off-screen but still painted, its shadow showed as a grey band at the page's edge.
    await expect(drawer).not.toBeInViewport()
    await expect(drawer).toHaveCSS('visibility', 'hidden')
    await expect(drawer.getByRole('link').first()).not.toBeVisible()

    await page.getByRole('banner').locator('label[for="nav-drawer"]').click()
    await expect(drawer).toHaveCSS('visibility', 'visible')
    await expect(drawer).toBeInViewport()
    await expect(drawer.getByRole('link').first()).toBeVisible()
  }
})
