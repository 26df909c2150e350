import { axe } from './axe'
import { expect, test } from './fixtures'

/**
 * The API reference (/api/docs, ADR 023; a page per resource, ADR 097): public, rendered on the server, with no script at all,
 * so the `js` and `no-js` projects see the same page. Nothing here signs in: it needs no
 * organization.
 */

test('opens without signing in, and its contents lead to a resource’s page and its operation', async ({ page }) => {
  const response = await page.goto('/api/docs')
  expect(response?.status()).toBe(200)
  await expect(page).toHaveTitle('API reference | Freightdesk')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('API reference')
  await expect(page.locator('script')).toHaveCount(0)

  const contents = page.getByRole('navigation', { name: 'Contents' })
  await contents.getByRole('link', { name: 'trucks', exact: true }).click()
  await expect(page).toHaveURL(/\/api\/docs\/trucks$/)
  await expect(contents.getByRole('link', { name: 'trucks', exact: true })).toHaveAttribute('aria-current', 'page')
  await contents.getByRole('link', { name: 'POST /api/trucks', exact: true }).click()
  await expect(page).toHaveURL(/\/api\/docs\/trucks#op-create-trucks$/)
  await expect(page).toHaveTitle('trucks · API reference | Freightdesk')
  const operation = page.locator('#op-create-trucks')
  await expect(operation.getByRole('heading', { name: 'POST /api/trucks', exact: true })).toBeInViewport()
  await expect(operation.getByRole('row').filter({ hasText: 'unitNumber' })).toContainText('required')

  // A record repeated in another answer links back to where its fields are listed.
  await page.locator('#op-read-trucks').getByRole('link', { name: 'Same fields as the 200 answer of GET /api/trucks' }).click()
  await expect(page).toHaveURL(/#op-list-trucks-200-data$/)
  await expect(page.locator('#op-list-trucks-200-data')).toBeInViewport()

  await expect(page.getByRole('link', { name: 'Download openapi.json' })).toHaveAttribute('href', '/api/openapi.json')
})

test('on a phone the contents fold away, and still lead to a resource and its operation', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/api/docs')
  await expect(page.getByTestId('api-docs-contents')).toBeHidden()
  await page.getByText('Contents', { exact: true }).click()
  await page.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: 'brokers', exact: true }).click()
  await page.getByText('Contents', { exact: true }).click()
  await page.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: 'DELETE /api/brokers/{id}', exact: true }).click()
  await expect(page.locator('#op-delete-brokers').getByRole('heading', { name: 'DELETE /api/brokers/{id}' })).toBeInViewport()
  // Nothing is wider than the phone (tables become one block per row).
  const table = await page.locator('#op-delete-brokers table').first().boundingBox()
  expect(table!.x + table!.width).toBeLessThanOrEqual(390)
})

test('in Arabic the page is right-to-left, with the contents on the right', async ({ page }) => {
  const url = test.info().project.use.baseURL!
  await page.context().addCookies([{ name: 'i18nextLng', value: 'ar', url }])
  await page.goto('/api/docs')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('مرجع واجهة البرمجة')
  const contents = await page.getByTestId('api-docs-contents').boundingBox()
  expect(contents!.x).toBeGreaterThan(page.viewportSize()!.width / 2)
  // Paths stay left-to-right inside the right-to-left page.
  await page.goto('/api/docs/trucks')
  await expect(page.locator('#op-list-trucks h3 code')).toHaveAttribute('dir', 'ltr')
})

test('the language menu works on the page and comes back to it', async ({ page }) => {
  await page.goto('/api/docs')
  await page.getByTestId('language-menu').click()
  await page.getByRole('button', { name: 'Français' }).click()
  await expect(page).toHaveURL(/\/api\/docs$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Référence de l’API')
})

test('no serious accessibility problem, light left-to-right and dark right-to-left @js-only', async ({ page }) => {
  // Every operation and shared schema is drawn by the same few components, so axe reads the
  // overview with its contents, the users' page (nested objects, shared records) and the schemas:
  // each component in every shape it takes.
  test.setTimeout(180_000)
  const url = test.info().project.use.baseURL!
  // The second look changes colours and direction only: it runs the contrast rule alone, the
  // structure (names, roles, landmarks) being the same markup the first look checked.
  for (const look of [
    { mode: 'light', lang: 'en', rules: null },
    { mode: 'dark', lang: 'ar', rules: ['color-contrast'] },
  ]) {
    await page.context().addCookies([
      { name: 'themeMode', value: look.mode, url },
      { name: 'i18nextLng', value: look.lang, url },
    ])
    const results = []
    for (const path of ['/api/docs', '/api/docs/users', '/api/docs/schemas']) {
      await page.goto(path)
      // On a resource's page, its first operations (a list, a create with a nested object, a read
      // whose record links to the list's) show every shape; the rest repeat them.
      const repeated = await page.evaluate(() =>
        [...document.querySelectorAll('section[id^="tag-"] > [id^="op-"]')].slice(4).map((card) => `#${CSS.escape(card.id)}`),
      )
      let builder = look.rules ? axe(page).withRules(look.rules) : axe(page)
      for (const selector of repeated) builder = builder.exclude(selector)
      results.push(...(await builder.analyze()).violations)
    }
    const serious = results
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .flatMap((violation) => violation.nodes.slice(0, 3).map((node) => `${look.lang} ${violation.id}: ${node.target.join(' ')}`))
    expect(serious).toEqual([])
  }
})
