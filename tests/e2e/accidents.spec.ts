import fs from 'node:fs/promises'

import { expect, signedIn, test, toast } from './fixtures'
import { apiLoad, fleet } from './load-fixtures'

// The accident register (49 CFR 390.15, ADR 141): an accident recorded from its load's page, with
// the load's driver and units filled in, is in the list as recordable and in the 3-year register's CSV.
test('records an accident from a load’s page, lists it as recordable and downloads the register', async ({ page, request }) => {
  test.setTimeout(60_000)
  const org = await signedIn(page, request)
  const { broker, driver, truck, trailer } = await fleet(request, org)
  const load = await apiLoad(request, org, { brokerId: broker.id, driverId: driver.id, truckId: truck.id, trailerId: trailer.id })

  await page.goto(`/dashboard/loads/${load.id}`)
  await page.getByTestId('load-record-accident').click()
  await expect(page.getByRole('heading', { name: 'Record an accident' })).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Driver' })).toHaveValue(driver.id)
  await expect(page.getByRole('combobox', { name: 'Truck' })).toHaveValue(truck.id)
  await expect(page.getByRole('combobox', { name: 'Trailer' })).toHaveValue(trailer.id)
  await expect(page.getByRole('combobox', { name: 'Load' })).toHaveValue(load.id)

  // A time in the future is refused at its field, in words.
  await page.getByLabel('Date and time').fill('2099-01-01T08:00')
  await page.getByLabel('City').fill('Amarillo')
  await page.getByRole('combobox', { name: 'State' }).selectOption('TX')
  await page.getByRole('button', { name: 'Record the accident' }).click()
  await expect(page.getByText('An accident cannot be in the future: check the date and time.')).toBeVisible()

  await page.getByLabel('Date and time').fill('2025-06-01T07:30')
  await page.getByLabel('Injured (treated away from the scene)').fill('1')
  await page.getByLabel('Tow-away').check()
  await page.getByRole('button', { name: 'Record the accident' }).click()
  await expect(toast(page, 'Accident in Amarillo, TX recorded', 'success')).toBeVisible()
  const row = page.getByTestId('accidents-table').getByRole('row').filter({ hasText: 'Amarillo, TX' })
  await expect(row).toContainText('Dana Wheeler')
  await expect(row.getByTestId('accident-recordable')).toHaveText('Recordable')

  await page.getByTestId('accident-register-link').click()
  await expect(page.getByTestId('accident-register')).toContainText('Amarillo')
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('accident-register-csv').click()])
  expect(download.suggestedFilename()).toMatch(/^accident-register-\d{4}-\d{2}-\d{2}\.csv$/)
  const lines = (await fs.readFile(await download.path(), 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
  expect(lines[0]).toContain(org.organizationName)
  expect(lines).toContain('2025-06-01 07:30,Amarillo,TX,Dana Wheeler,1,0,No,Yes,')
  expect(lines.at(-1)).toBe('Total: 1 accidents,,,,1,0,0,1,')
})
