import { apiTruck, expect, signedIn, test, uniqueId } from './fixtures'

test('an admin reads who changed a truck, filters the trail and opens the truck from it', async ({ page, request }) => {
  const org = await signedIn(page, request)
  const unit = uniqueId('AUD')
  const truck = await apiTruck(request, org, { unitNumber: unit, status: 'available' })
  const put = await request.put(`/api/trucks/${truck.id}`, {
    headers: { Authorization: `Bearer ${org.accessToken}` },
    data: { unitNumber: unit, status: 'maintenance', version: truck.version },
  })
  expect(put.status()).toBe(200)

  await page.goto('/dashboard/app')
  await page.getByRole('navigation').getByRole('link', { name: 'Audit log' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Audit log')
  const events = page.getByTestId('audit-event')
  // Newest first: the truck's update and creation, then the admin's own account from registration.
  await expect(events).toHaveCount(3)
  await expect(events.nth(2)).toContainText(`User ${org.firstName}`)
  const update = events.first()
  await expect(update).toContainText('Updated')
  await expect(update).toContainText(`Truck ${unit}`)
  await expect(update).toContainText(`by ${org.firstName}`)
  await expect(update.getByRole('definition')).toHaveText('Before:Available→After:Maintenance')
  await expect(events.nth(1)).toContainText('Created')

  await page.getByLabel('Action').selectOption({ label: 'Created' })
  await page.getByRole('search').getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/action=create/)
  await page.getByLabel('Record type').selectOption({ label: 'Truck' })
  await page.getByRole('search').getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/entity=truck/)
  await expect(events).toHaveCount(1)
  await expect(events.first()).toContainText(`Truck ${unit}`)

  await page.getByLabel('From').fill('2000-01-01')
  await page.getByLabel('To').fill('2000-01-02')
  await page.getByRole('search').getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByTestId('empty-state')).toContainText('No matching changes')
  await page.getByRole('link', { name: 'Clear' }).first().click()
  await expect(events).toHaveCount(3)

  await events.first().getByRole('link', { name: unit }).click()
  await expect(page).toHaveURL(new RegExp(`/dashboard/trucks/${truck.id}$`))
})
