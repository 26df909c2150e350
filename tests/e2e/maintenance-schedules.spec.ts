import { apiTruck, expect, signedIn, test, type TestOrganization, toast } from './fixtures'

// Each test works in an organization of its own, signed in as its admin.
let org: TestOrganization
test.beforeEach(async ({ page, request }) => {
  org = await signedIn(page, request)
})

/** A day `days` before today, as a date input takes it (far enough from today that the zone does not matter). */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10)

test('schedules a truck’s task, sees it overdue once edited, on the due list and the dashboard card', async ({ page, request }) => {
  await apiTruck(request, org, { unitNumber: 'SCH-1' })

  await page.goto('/dashboard/maintenance/schedules')
  await expect(page.getByRole('heading', { name: 'No maintenance schedules yet' })).toBeVisible()
  await page.getByRole('link', { name: 'New schedule' }).first().click()
  await expect(page.getByRole('heading', { name: 'New maintenance schedule' })).toBeVisible()
  await page.getByLabel('Task').fill('Oil change')
  await page.getByLabel('Truck', { exact: true }).selectOption({ label: 'SCH-1' })
  await page.getByLabel('Last done on').fill(daysAgo(100))
  await page.getByRole('button', { name: 'Add the schedule' }).click()
  // Refused at its field (no interval), the rest kept.
  await expect(page.getByText('Give an interval in miles, in days, or both.')).toBeVisible()
  await expect(page.getByLabel('Task')).toHaveValue('Oil change')
  await page.getByLabel('Every (days)').fill('365')
  await page.getByRole('button', { name: 'Add the schedule' }).click()
  await expect(toast(page, 'Oil change of SCH-1 scheduled', 'success')).toBeVisible()
  const rows = page.getByTestId('schedules-table')
  await expect(rows.getByRole('row', { name: /Oil change/ })).toContainText('OK')

  await rows.getByRole('link', { name: 'Edit Oil change of SCH-1' }).click()
  await expect(page.getByRole('heading', { name: 'Edit Oil change of SCH-1' })).toBeVisible()
  await page.getByLabel('Every (days)').fill('90')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(toast(page, 'Oil change of SCH-1 saved', 'success')).toBeVisible()
  await expect(rows.getByRole('row', { name: /Oil change/ })).toContainText('Overdue')

  await page.goto('/dashboard/maintenance/due')
  await expect(page.getByRole('heading', { name: 'Maintenance due' })).toBeVisible()
  await expect(page.getByTestId('due-schedules').getByRole('row', { name: /Oil change/ })).toContainText('SCH-1')

  await page.goto('/dashboard/app')
  const card = page.getByTestId('maintenance-due')
  await expect(card.getByRole('link', { name: /Overdue/ })).toContainText('1')
  await expect(card.getByRole('link', { name: /Overdue/ })).toHaveAttribute('href', '/dashboard/maintenance/due')
})
