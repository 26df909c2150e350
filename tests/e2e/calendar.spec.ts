import { expect, signedIn, test, toast, whenHydrated } from './fixtures'

test('adds an all-day event from a day of the month, edits it and deletes it, on pages', { tag: '@no-js-only' }, async ({ page, request }) => {
  // with JavaScript the same links open a dialog instead (the next test) (@no-js-only: the other project never runs it).
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

test('with JavaScript, a day’s + and an event open the event in a dialog', { tag: '@js-only' }, async ({ page, request }) => {
  // the dialog is the JavaScript layer over the event page, tested above without it (@js-only: the other project never runs it).
  await signedIn(page, request)
  await page.goto('/dashboard/calendar?view=month&date=2026-12-15')
  await whenHydrated(page)
  await page.getByRole('link', { name: 'New event on Tuesday, December 8' }).click()
  const dialog = page.getByRole('dialog', { name: 'New event' })
  await expect(dialog.getByLabel('Starts on')).toHaveValue('2026-12-08')
  await expect(page).toHaveURL(/\/dashboard\/calendar\?view=month/)
  await dialog.getByRole('button', { name: 'Save changes' }).click()
  await expect(dialog.getByText('This field is required.')).toBeVisible()
  await dialog.getByLabel('Title').fill('Driver meeting')
  await dialog.getByLabel('Starts on').fill('2026-12-08')
  await dialog.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  const day = page.locator('[data-testid="calendar-day"][data-day="2026-12-08"]')
  await day.getByRole('link', { name: 'Driver meeting' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Driver meeting' })
  await expect(edit.getByLabel('Title')).toHaveValue('Driver meeting')
  await edit.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(day.getByTestId('calendar-event')).toHaveCount(0)
})

test('with JavaScript, dragging across days makes an event from the first to the last day', { tag: '@js-only' }, async ({ page, request }) => {
  // dragging is the JavaScript layer; without it the event page takes a start and an end day (@js-only: the other project never runs it).
  await signedIn(page, request)
  await page.goto('/dashboard/calendar?view=month&date=2026-12-15')
  await whenHydrated(page)
  const cell = (day: string) => page.locator(`[data-testid="calendar-day"][data-day="${day}"]`)
  // Dragged backwards, from the 17th to the 15th: the range is still 15 → 17.
  const from = (await cell('2026-12-17').boundingBox())!
  const to = (await cell('2026-12-15').boundingBox())!
  await page.mouse.move(from.x + from.width / 2, from.y + from.height - 10)
  await page.mouse.down()
  await page.mouse.move(to.x + to.width / 2, to.y + to.height - 10, { steps: 5 })
  await expect(cell('2026-12-16')).toHaveAttribute('data-selected', 'true')
  await page.mouse.up()
  const dialog = page.getByRole('dialog', { name: 'New event' })
  await expect(dialog.getByLabel('Starts on')).toHaveValue('2026-12-15')
  await expect(dialog.getByLabel('Ends on')).toHaveValue('2026-12-17')
  await dialog.getByLabel('Title').fill('Yard inventory')
  await dialog.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  for (const day of ['2026-12-15', '2026-12-16', '2026-12-17']) await expect(cell(day).getByRole('link', { name: 'Yard inventory' })).toBeVisible()
  await expect(cell('2026-12-18').getByRole('link', { name: 'Yard inventory' })).toHaveCount(0)
})
