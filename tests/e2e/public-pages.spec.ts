import type { Page } from '@playwright/test'

import { seriousViolations } from './axe-page'
import { expect, test } from './fixtures'

/**
 * What every signed-out public page must have, checked on each of them alike (with JavaScript,
 * and without it where the markup differs: `BOTH_MODES`): it answers 200 signed out, has a title,
 * a description and exactly one h1, offers a sign-in link, passes axe in light mode in English,
 * and in Arabic reads right to left with its own title and passes axe's second look in dark mode
 * (contrast and language: the markup is the first look's). Each page's own spec checks what it says.
 */
const PUBLIC_PAGES = ['/about-us', '/faqs', '/contact-us', '/pricing', '/components', '/payment', '/coming-soon', '/maintenance']

/**
 * Without JavaScript these checks read the markup the server sent, which the JavaScript project
 * reads too (hydration keeps it), but for what changes once hydrated. That is the frame (the site
 * layout's, checked on /about-us; /payment's and /maintenance's own) and /components' demos: those
 * run in both projects, the other pages of the site layout with JavaScript only.
 */
const BOTH_MODES = new Set(['/about-us', '/components', '/payment', '/maintenance'])

async function look(page: Page, mode: 'light' | 'dark', lang: 'en' | 'ar') {
  const url = test.info().project.use.baseURL!
  await page.context().addCookies([
    { name: 'themeMode', value: mode, url },
    { name: 'i18nextLng', value: lang, url },
  ])
}

/** The page's title, description and h1 as the server sent them, after checking there is one of each. */
async function head(page: Page) {
  await expect(page.locator('h1')).toHaveCount(1)
  await expect(page.locator('head title')).toHaveCount(1)
  await expect(page.locator('meta[name="description"]')).toHaveCount(1)
  const title = await page.title()
  const description = (await page.locator('meta[name="description"]').getAttribute('content')) ?? ''
  expect(title.trim(), 'a title').not.toBe('')
  expect(description.trim().length, 'a description of a sentence or more').toBeGreaterThan(20)
  return { title, description, h1: (await page.locator('h1').textContent())?.trim() }
}

for (const path of PUBLIC_PAGES) {
  const tag = BOTH_MODES.has(path) ? [] : '@js-only'
  test(`${path}: a title, a description, one h1 and a sign-in link, axe-clean in light English and dark Arabic`, { tag }, async ({ page }) => {
    await look(page, 'light', 'en')
    const response = await page.goto(path)
    // The maintenance page is what maintenance mode answers: 503 with Retry-After (ADR 060).
    expect(response?.status(), `${path} answers signed out`).toBe(path === '/maintenance' ? 503 : 200)
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr')
    const english = await head(page)
    await expect(page.locator('a[href="/auth/login"]').first()).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])

    await look(page, 'dark', 'ar')
    await page.goto(path)
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar')
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
    const arabic = await head(page)
    await expect(page.locator('a[href="/auth/login"]').first()).toBeVisible()
    // Translated, not the English left in place.
    expect(arabic.title).not.toBe(english.title)
    expect(arabic.description).not.toBe(english.description)
    expect(arabic.h1).not.toBe(english.h1)
    expect(await seriousViolations(page, 'second')).toEqual([])
  })
}
