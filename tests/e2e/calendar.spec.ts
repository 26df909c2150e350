import { expect, signedIn, test, toast } from './fixtures'

test('adds an all-day event from a day of the month, edits it and deletes it', async ({ page, request }) => {
  await signedIn(page, request)
  await page.goto('/dashboard/calendar?view=month&date=2026-12-15')
  await expect(page.getByTestId('calendar-title')).toHaveText('December 2026')
  await page.getByRole('link', { name: 'New event on Friday, December 11' }).click()
  await expect(page.getByLabel('Starts on')).toHaveValue('2026-12-11')
  await page.getByLabel('Title').fill('Yard safety day')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(toast(page, '“Yard safety day” added to the calendar')).toBeVisible()
  const day = page.locator('[data-testid="calendar-day"][data-day="2026-12-11"]')
  await day.getByRole('link', { name: 'Yard safety day' }).click()

  await page.getByLabel('Title').fill('Yard safety day (moved)')
  await page.getByLabel('Starts on').fill('2026-12-12')
  await page.getByLabel('Starts on', { exact: true }).press('Tab')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.locator('[data-testid="calendar-day"][data-day="2026-12-12"]')).toContainText('Yard safety day (moved)')
  await expect(page.locator('[data-testid="calendar-day"][data-day="2026-12-11"]')).not.toContainText('Yard safety day')

  await page.locator('[data-testid="calendar-day"][data-day="2026-12-12"]').getByRole('link', { name: 'Yard safety day (moved)' }).click()
  await page.getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page, '“Yard safety day (moved)” deleted')).toBeVisible()

  // A phone gets the days with events as a list.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/dashboard/calendar?view=week&date=2026-12-15')
  await expect(page.getByTestId('calendar-agenda')).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
})
