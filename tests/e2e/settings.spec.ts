import type { Page } from '@playwright/test'

import { expect, js, signedIn, test, whenHydrated } from './fixtures'

const html = (page: Page) => page.locator('html')

async function openSettings(page: Page) {
  // With JavaScript the link turns into a button when the page hydrates; a click in between is lost.
  await whenHydrated(page)
  await page.getByTestId('settings-button').click()
  await expect(page.getByTestId('settings-drawer')).toBeVisible()
  return page.getByTestId('settings-drawer')
}

/** Picks one option; with JavaScript the page applies it at once, without it the page reloads. */
async function choose(page: Page, setting: string, label: string) {
  const drawer = page.getByTestId('settings-drawer')
  await drawer.locator(`form[data-setting="${setting}"]`).getByRole('button', { name: label, exact: true }).click()
}

test.beforeEach(async ({ page, request }) => {
  await signedIn(page, request)
  await page.goto('/dashboard/trucks/list')
})

test('each setting changes what the server renders, survives a reload, and resets', async ({ page }) => {
  await expect(page.getByTestId('settings-dot')).toHaveCount(0)
  const drawer = await openSettings(page)
  await expect(drawer.getByRole('heading', { name: 'Settings' })).toBeVisible()
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42))

  await choose(page, 'themeMode', 'Dark')
  await expect(html(page)).toHaveClass(/\bdark\b/)
  // With JavaScript the choice applies in place (the page is not reloaded); without, it posts.
  const marker = await page.evaluate(() => (window as unknown as { marker?: number }).marker)
  expect(marker).toBe(js(test.info()) ? 42 : undefined)
  await expect(page.getByTestId('settings-dot')).toHaveCount(1)
  await expect(page.getByTestId('settings-reset-dot')).toHaveCount(1)

  await choose(page, 'themeContrast', 'Bold')
  await expect(html(page)).toHaveAttribute('data-contrast', 'bold')
  await choose(page, 'themeColorPresets', 'Purple')
  await expect(html(page)).toHaveAttribute('data-preset', 'purple')
  await choose(page, 'themeDirection', 'Right to left')
  await expect(html(page)).toHaveAttribute('dir', 'rtl')
  await page.getByTestId('settings-stretch').click()
  await expect(html(page)).toHaveAttribute('data-stretch', 'true')
  await choose(page, 'themeLayout', 'Horizontal')
  await expect(html(page)).toHaveAttribute('data-layout', 'horizontal')

  // The primary colour really changed: the preset's main colour drives buttons and links.
  const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--primary-main').trim().toLowerCase())
  expect(primary).toBe('#7635dc')

  await page.reload()
  await expect(html(page)).toHaveClass(/\bdark\b/)
  await expect(html(page)).toHaveAttribute('data-contrast', 'bold')
  await expect(html(page)).toHaveAttribute('data-preset', 'purple')
  await expect(html(page)).toHaveAttribute('dir', 'rtl')
  await expect(html(page)).toHaveAttribute('data-stretch', 'true')
  await expect(html(page)).toHaveAttribute('data-layout', 'horizontal')

  await (js(test.info()) ? openSettings(page) : page.goto('/dashboard/trucks/list?settings=open'))
  await page.getByTestId('settings-reset').click()
  await expect(html(page)).not.toHaveClass(/\bdark\b/)
  await expect(html(page)).toHaveAttribute('data-preset', 'default')
  await expect(html(page)).toHaveAttribute('dir', 'ltr')
  await expect(html(page)).toHaveAttribute('data-layout', 'vertical')
  await expect(html(page)).toHaveAttribute('data-stretch', 'false')
  await expect(html(page)).toHaveAttribute('data-contrast', 'default')
  await expect(page.getByTestId('settings-dot')).toHaveCount(0)
  const cookies = (await page.context().cookies()).map((cookie) => cookie.name)
  for (const name of ['themeMode', 'themeContrast', 'themeDirection', 'themeLayout', 'themeColorPresets', 'themeStretch']) expect(cookies).not.toContain(name)
})

test('the settings cookies last 3 days on path /', async ({ page }) => {
  await openSettings(page)
  await choose(page, 'themeColorPresets', 'Orange')
  await expect(html(page)).toHaveAttribute('data-preset', 'orange')
  await expect.poll(async () => (await page.context().cookies()).find((cookie) => cookie.name === 'themeColorPresets')?.value).toBe('orange')
  const cookie = (await page.context().cookies()).find((item) => item.name === 'themeColorPresets')!
  expect(cookie.path).toBe('/')
  const days = (cookie.expires * 1000 - Date.now()) / 86_400_000
  expect(days).toBeGreaterThan(2.9)
  expect(days).toBeLessThanOrEqual(3)
})

test('each layout shows the navigation, and the sidebar toggles vertical and mini', async ({ page }) => {
  await expect(page.getByTestId('nav-vertical')).toBeVisible()
  await whenHydrated(page)
  const width = async () => (await page.getByTestId('nav-desktop').boundingBox())!.width
  expect(Math.round(await width())).toBe(280)

  // With JavaScript each toggle is a fetcher post; wait for its answer before the next one, so the
  // second does not interrupt the first (an interrupted post is React Router's to abort, not this test's subject).
  const toggle = async () => {
    const answered = js(test.info()) ? page.waitForResponse((response) => response.url().includes('/resources/settings')) : null
    await page.getByTestId('nav-toggle').click()
    await answered
  }
  await toggle()
  await expect(html(page)).toHaveAttribute('data-layout', 'mini')
  await expect(page.getByTestId('nav-mini')).toBeVisible()
  expect(Math.round(await width())).toBe(88)
  await expect(page.getByTestId('nav-mini').getByRole('link', { name: 'Trucks' })).toBeVisible()
  // The admin's admin-only item is in every layout (other roles never see it: pages.spec.ts).
  await expect(page.getByTestId('nav-mini').getByRole('link', { name: /Roles and permissions/ })).toHaveCount(1)

  await toggle()
  await expect(html(page)).toHaveAttribute('data-layout', 'vertical')
  expect(Math.round(await width())).toBe(280)

  await openSettings(page)
  await choose(page, 'themeLayout', 'Horizontal')
  await expect(html(page)).toHaveAttribute('data-layout', 'horizontal')
  if (js(test.info())) await page.keyboard.press('Escape')
  else await page.goto('/dashboard/trucks/list')
  const bar = page.getByTestId('nav-horizontal')
  await expect(bar).toBeVisible()
  await expect(bar.getByRole('link', { name: /Roles and permissions/, includeHidden: true })).toHaveCount(1)
  // The admin's two dozen items are one menu per section: the bar fits a 1,280 px laptop, nothing scrolls out of sight.
  await page.setViewportSize({ width: 1280, height: 800 })
  expect(await bar.locator(':scope > ul').evaluate((list) => list.scrollWidth <= list.clientWidth && list.getBoundingClientRect().height < 60)).toBe(true)
  await expect(bar.getByRole('link', { name: 'Trucks' })).toBeHidden()
  await bar.getByTestId('nav-section-management').locator('summary').click()
  await expect(bar.getByRole('link', { name: 'Trucks' })).toBeVisible()
  await expect(page.getByTestId('nav-desktop')).toHaveCount(0)
  await bar.getByTestId('nav-section-general').locator('summary').click()
  // One menu open at a time.
  await expect(bar.getByRole('link', { name: 'Trucks' })).toBeHidden()
  await bar.getByRole('link', { name: 'App' }).click()
  await expect(page).toHaveURL(/\/dashboard\/app$/)
  await expect(page.getByTestId('nav-horizontal')).toBeVisible()
})

test('below 1200 px every layout falls back to the drawer', async ({ page }) => {
  for (const layout of ['mini', 'horizontal']) {
    await page.context().addCookies([{ name: 'themeLayout', value: layout, url: page.url() }])
    await page.setViewportSize({ width: 1000, height: 800 })
    await page.goto('/dashboard/trucks/list')
    await expect(page.getByTestId(`nav-${layout}`)).toBeHidden()
    await page.getByRole('banner').locator('label[for="nav-drawer"]').click()
    await expect(page.getByTestId('nav-drawer')).toBeInViewport()
  }
})

test('a forged cookie falls back to the default instead of failing', async ({ page }) => {
  await page.context().addCookies([
    { name: 'themeLayout', value: 'diagonal', url: page.url() },
    { name: 'themeColorPresets', value: 'pink', url: page.url() },
    { name: 'themeMode', value: '%3Cscript%3E', url: page.url() },
  ])
  const response = await page.goto('/dashboard/trucks/list')
  expect(response?.status()).toBe(200)
  await expect(html(page)).toHaveAttribute('data-layout', 'vertical')
  await expect(html(page)).toHaveAttribute('data-preset', 'default')
  await expect(html(page)).not.toHaveClass(/\bdark\b/)
})

test('fullscreen is not offered without JavaScript, which it needs', { tag: '@no-js-only' }, async ({ page }) => {
  // with JavaScript the button is there: the next test uses it (@no-js-only: the other project never runs it).
  const drawer = await openSettings(page)
  await expect(drawer.getByRole('heading', { name: 'Settings' })).toBeVisible()
  await expect(drawer.getByTestId('settings-fullscreen')).toHaveCount(0)
})

test('fullscreen with JavaScript: its label follows the state', { tag: '@js-only' }, async ({ page }) => {
  // the Fullscreen API needs JavaScript; the previous test checks the button is absent without it (@js-only: the other project never runs it).
  const drawer = await openSettings(page)
  await expect(drawer.getByTestId('settings-fullscreen')).toHaveText('Fullscreen')
  await drawer.getByTestId('settings-fullscreen').click()
  await expect(drawer.getByTestId('settings-fullscreen')).toHaveText('Exit Fullscreen')
  await drawer.getByTestId('settings-fullscreen').click()
  await expect(drawer.getByTestId('settings-fullscreen')).toHaveText('Fullscreen')
})

test('the Stretch section explains when it applies', async ({ page }) => {
  const drawer = await openSettings(page)
  await expect(drawer.getByTitle('Only available at large resolutions > 1600px (xl)')).toHaveCount(1)
})

test('choosing Arabic turns the direction rtl; English turns it back', async ({ page }) => {
  await page.getByTestId('language-menu').click()
  await page.getByRole('button', { name: 'العربية' }).click()
  await expect(html(page)).toHaveAttribute('dir', 'rtl')
  await expect(page.locator('.fd-flag-sd').first()).toBeVisible()
  await page.getByTestId('language-menu').click()
  await page.getByRole('button', { name: 'English' }).click()
  await expect(html(page)).toHaveAttribute('dir', 'ltr')
  await expect.poll(async () => (await page.context().cookies()).find((cookie) => cookie.name === 'themeDirection')?.value).toBe('ltr')
})
