import { seriousViolations } from './axe-page'
import { expect, js, test, toast, whenHydrated } from './fixtures'

/**
 * The components page (/components): signed out, every shared piece in its states, in
 * the current display settings. It writes nothing, so it needs no organization of its own: its
 * forms answer with the real refusal or toast.
 */

const SECTIONS = [
  ['settings', 'Display settings'],
  ['buttons', 'Buttons'],
  ['inputs', 'Inputs'],
  ['selects', 'Selects'],
  ['badges', 'Badges'],
  ['tables', 'Tables'],
  ['dialogs', 'Dialogs'],
  ['toasts', 'Toasts'],
  ['empty', 'Empty states'],
  ['charts', 'Charts'],
  ['icons', 'Icons'],
  ['refusals', 'Errors and refusals'],
] as const

test('the page shows every section from its table of contents, with its title, description and one h1', async ({ page }) => {
  await page.goto('/components')
  await expect(page).toHaveTitle('Components | Freightdesk')
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Every piece of the Freightdesk interface/)
  await expect(page.locator('h1')).toHaveCount(1)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Components')
  const toc = page.getByTestId('components-toc')
  for (const [id, title] of SECTIONS) {
    await expect(toc.getByRole('link', { name: title, exact: true })).toHaveAttribute('href', `#${id}`)
    await expect(page.locator(`section#${id}`).getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible()
  }
  // The pieces themselves, imported from the app: badges of every load status, the list's table, the week table.
  await expect(page.getByTestId('section-badges').getByText('In transit', { exact: true })).toBeVisible()
  await expect(page.getByTestId('components-table').getByRole('row')).toHaveCount(4)
  await expect(page.getByTestId('components-weeks').getByRole('row')).toHaveCount(9)
  await expect(page.getByTestId('fields-invalid').getByText('Enter a valid email address.')).toBeVisible()
  await expect(page.getByTestId('components-settings')).toContainText('Light')
  if (js(test.info())) {
    await expect(page.getByTestId('components-chart')).toBeVisible()
    await expect(page.getByTestId('dialog-static')).toHaveCount(0)
  } else {
    // Without JavaScript the chart and the dialog say so, and the dialog's content is on the page.
    await expect(page.getByTestId('section-charts')).toContainText('The chart needs JavaScript')
    await expect(page.getByTestId('dialog-static')).toContainText('The dialog needs JavaScript')
    await expect(page.getByTestId('dialog-static').getByRole('heading', { name: 'Delete load 1042?' })).toBeVisible()
  }
})

test('the sample list searches, filters and sorts as a list page does', async ({ page }) => {
  await page.goto('/components')
  await whenHydrated(page)
  const section = page.getByTestId('section-tables')
  await section.getByRole('searchbox', { name: 'Search the sample loads' }).fill('memphis')
  await section.getByRole('search').getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/[?&]q=memphis/)
  await expect(page.getByTestId('components-table').locator('tbody tr')).toHaveCount(1)
  await expect(page.getByTestId('components-table')).toContainText('1038')

  await page.goto('/components?sort=miles&dir=desc')
  await expect(page.getByTestId('components-table').locator('tbody tr').first()).toContainText('1043')

  await page.goto('/components?q=nowhere')
  await expect(section.getByTestId('empty-state')).toContainText('No load matches')
  await section.getByTestId('empty-state').getByRole('link', { name: 'Clear' }).click()
  await expect(page.getByTestId('components-table').locator('tbody tr')).toHaveCount(3)
})

test('the page passes axe in light mode, and in dark mode once the settings say dark', async ({ page }) => {
  await page.goto('/components')
  expect(await seriousViolations(page)).toEqual([])

  // Dark, as a user picks it: the settings drawer (with JavaScript it applies at once, without it posts).
  await whenHydrated(page)
  await page.getByTestId('settings-button').click()
  const drawer = page.getByTestId('settings-drawer')
  await expect(drawer).toBeVisible()
  await drawer.locator('form[data-setting="themeMode"]').getByRole('button', { name: 'Dark', exact: true }).click()
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  await page.goto('/components')
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  await expect(page.getByTestId('components-settings')).toContainText('Dark')
  expect(await seriousViolations(page, 'second')).toEqual([])
})

test('the confirm dialog asks, and its delete answers with a toast (a page of its own without JavaScript)', async ({ page }) => {
  await page.goto('/components')
  await whenHydrated(page)
  const demo = page.getByTestId('dialog-demo')
  if (js(test.info())) {
    await demo.getByRole('button', { name: 'Delete load 1042' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete load 1042?' })
    await expect(dialog).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(demo.getByRole('button', { name: 'Delete load 1042' })).toBeFocused()
    await demo.getByRole('button', { name: 'Delete load 1042' }).click()
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click()
  } else {
    await demo.getByRole('link', { name: 'Delete load 1042' }).click()
    await expect(page).toHaveURL(/\/components\?dialog=open$/)
    const content = page.getByTestId('dialog-static')
    await expect(content.getByRole('heading', { name: 'Delete load 1042?' })).toBeVisible()
    await content.getByRole('button', { name: 'Delete', exact: true }).click()
  }
  await expect(toast(page, 'Load 1042 would be deleted (a sample: nothing was).', 'success')).toBeVisible()
})

test('a toast of each tone comes from the server, drawn by sonner with JavaScript and by the server without', async ({ page }) => {
  await page.goto('/components')
  await whenHydrated(page)
  await page.getByTestId('toast-demo').getByRole('button', { name: 'Warning toast' }).click()
  await expect(toast(page, 'The inspection of truck 12 is due soon', 'warning')).toBeVisible()
  await expect(page).toHaveURL(/\/components#toasts$/)
  await page.getByTestId('toast-demo').getByRole('button', { name: 'Error toast' }).click()
  await expect(toast(page, 'The invoice could not be sent', 'error')).toBeVisible()
})

test('the field demo gets the real refusal at its fields, then a toast when it is valid', async ({ page }) => {
  await page.goto('/components')
  await whenHydrated(page)
  const form = page.getByTestId('fields-demo')
  // The browser's own checks would stop an empty form before the server sees it.
  await form.evaluate((element) => element.setAttribute('novalidate', ''))
  await form.getByLabel('Dispatch email').fill('dispatch@')
  await form.getByRole('button', { name: 'Check the form' }).click()
  await expect(page.getByTestId('fields-refusal')).toContainText('Some fields need your attention.')
  await expect(form.getByLabel('Unit number')).toHaveAttribute('aria-invalid', 'true')
  await expect(form.getByText('This field is required.')).toBeVisible()
  await expect(form.getByText('Enter a valid email address.')).toBeVisible()
  await expect(form.getByLabel('Dispatch email')).toHaveValue('dispatch@')

  await form.evaluate((element) => element.setAttribute('novalidate', ''))
  await form.getByLabel('Unit number').fill('12')
  await form.getByLabel('Dispatch email').fill('dispatch@example.com')
  await form.getByLabel('Equipment').selectOption('reefer')
  await form.getByRole('button', { name: 'Check the form' }).click()
  await expect(toast(page, 'The form is valid. Nothing was saved.', 'success')).toBeVisible()
})

test('in Arabic the page reads right to left, and passes axe in dark mode', async ({ page }) => {
  const url = test.info().project.use.baseURL!
  await page.context().addCookies([
    { name: 'i18nextLng', value: 'ar', url },
    { name: 'themeMode', value: 'dark', url },
  ])
  await page.goto('/components')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('المكونات')
  await expect(page).toHaveTitle('المكونات | Freightdesk')
  await expect(page.getByTestId('components-toc').getByRole('link', { name: 'مربعات الحوار' })).toHaveAttribute('href', '#dialogs')
  await expect(page.getByTestId('components-settings')).toContainText('من اليمين إلى اليسار')
  expect(await seriousViolations(page, 'second')).toEqual([])
})
