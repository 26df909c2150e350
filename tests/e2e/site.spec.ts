import { axe } from './axe'
import { expect, js, signedIn, test, toast, whenHydrated } from './fixtures'

/**
 * The public site: the pages speak for the site organization (in e2e the demo carrier),
 * so they are checked for their structure; the texts are edited in the spec's own organization.
 */

test('an admin writes the site texts: rows added and moved by buttons, saved, shown again', async ({ page, request }) => {
  await signedIn(page, request)
  await page.goto('/dashboard/site')
  await expect(page.getByRole('heading', { level: 1, name: 'Public site' })).toBeVisible()
  await whenHydrated(page)
  await page.getByLabel('Tagline').fill('Reefer freight, on time')
  for (const [n, question] of [
    [1, 'Do you haul hazmat?'],
    [2, 'Which lanes do you run?'],
  ] as const) {
    await page.getByRole('button', { name: 'Add a question' }).click()
    const row = page.getByTestId('site-row').filter({ has: page.getByRole('heading', { name: `Question ${n}` }) })
    await row.getByRole('textbox', { name: 'Question', exact: true }).fill(question)
    await row.getByRole('textbox', { name: 'Answer', exact: true }).fill(n === 1 ? 'No.' : 'Texas and Oklahoma.')
  }
  await page.getByRole('button', { name: 'Move row 2 up' }).click()
  await expect(page.getByTestId('faq-rows').getByRole('textbox', { name: 'Question', exact: true }).first()).toHaveValue('Which lanes do you run?')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(toast(page, 'Site texts saved.', 'success')).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Tagline')).toHaveValue('Reefer freight, on time')
  await expect(page.getByTestId('faq-rows').getByRole('textbox', { name: 'Question', exact: true })).toHaveCount(2)
  await expect(page.getByTestId('faq-rows').getByRole('textbox', { name: 'Question', exact: true }).first()).toHaveValue('Which lanes do you run?')
  if (js(test.info())) {
    await whenHydrated(page)
    const { violations } = await axe(page).analyze()
    expect(violations.map((violation) => `${violation.id} ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([])
  }
})

test('a visitor opens an answer without JavaScript and writes to the office', async ({ page }) => {
  await page.goto('/faqs')
  const first = page.locator('details').first()
  await expect(first).not.toHaveAttribute('open')
  await first.locator('summary').click()
  await expect(first).toHaveAttribute('open')
  await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Contact' }).click()
  await expect(page).toHaveURL(/\/contact-us$/)
  await whenHydrated(page)
  await page.getByLabel('Your name').fill('Jo Shipper')
  await page.getByLabel('Email address').fill(`jo.${js(test.info()) ? 'js' : 'nojs'}@example.test`)
  await page.getByLabel('Message').fill('Two loads a week from Dallas to Tulsa.')
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(page).toHaveURL(/\/contact-us\?sent=1$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you, your message is on its way' })).toBeVisible()
})

test('the countdown is text from the server, and ticks with JavaScript', async ({ page }, testInfo) => {
  await page.clock.install()
  await page.goto('/coming-soon')
  const days = page.getByTestId('countdown').locator('[data-unit="days"]')
  // The demo carrier opens a month ahead.
  await expect(days).toHaveText(/^(29|30)$/)
  const seconds = page.getByTestId('countdown').locator('[data-unit="seconds"]')
  const before = await seconds.textContent()
  if (!js(testInfo)) return
  await whenHydrated(page)
  await page.clock.runFor(3000)
  await expect(seconds).not.toHaveText(before!)
})
