import { seriousViolations } from './axe-page'
import { expect, loginByRequest, signedIn, test } from './fixtures'
import { api, apiLoad, fleet } from './load-fixtures'

// A driver's vehicle inspection report (ADR 130): filed from the cab at phone width, certified by the office.
test('a driver files a DVIR with an out-of-service brake defect: the truck is refused dispatch with the reason until an admin certifies it repaired', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000)
  const org = await signedIn(page, request)
  const { broker, driver, truck, trailer } = await fleet(request, org)
  const load = await apiLoad(request, org, { brokerId: broker.id, driverId: driver.id, truckId: truck.id, trailerId: trailer.id })
  await api(request, org, `/api/loads/${load.id}/status`, { status: 'dispatched', version: load.version }, 200)

  await page.context().clearCookies()
  await page.setViewportSize({ width: 390, height: 844 })
  await loginByRequest(page, driver.email, driver.password)
  await page.goto('/dashboard/loads/mine')
  await page.getByTestId('file-inspection').click()
  await expect(page.getByRole('heading', { name: 'New inspection report' })).toBeVisible()
  // The unit and trailer of the driver's load are chosen already.
  expect(await seriousViolations(page)).toEqual([])
  await expect(page.getByRole('combobox', { name: /^Truck/ })).toHaveValue(truck.id)
  await expect(page.getByLabel('Trailer', { exact: true })).toHaveValue(trailer.id)
  await page.getByRole('combobox', { name: /^Inspection/ }).selectOption('pre_trip')
  await page.getByRole('spinbutton', { name: /^Odometer/ }).fill('88000')
  const brakes = page.getByTestId('defect-service_brakes')
  // A note on a part whose box is not ticked is refused at that part, the rest kept.
  await brakes.getByLabel('What is wrong with: Service brakes').fill('Air leak, pressure drops in 2 minutes')
  await brakes.getByLabel('Out of service').check()
  await page.getByRole('button', { name: 'File report' }).click()
  await expect(brakes).toContainText('Tick “defect found” for this part')
  await expect(brakes.getByLabel('What is wrong with: Service brakes')).toHaveValue('Air leak, pressure drops in 2 minutes')
  await brakes.getByRole('checkbox', { name: /Service brakes/ }).check()
  await page.getByRole('button', { name: 'File report' }).click()

  await expect(page.getByRole('heading', { name: /Inspection report/ })).toBeVisible()
  await expect(page.getByTestId('inspection-report').getByTestId('inspection-status')).toHaveText('Out of service')
  await expect(page.getByTestId('inspection-defect')).toContainText('Air leak, pressure drops in 2 minutes')
  // A driver does not certify.
  await expect(page.getByRole('button', { name: 'Certify' })).toHaveCount(0)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

  await page.context().clearCookies()
  await page.setViewportSize({ width: 1280, height: 900 })
  await loginByRequest(page, org.email, org.password)
  // The load taken off the road, its dispatch is refused with the reason while the defect is open.
  const dispatched = await (await request.get(`/api/loads/${load.id}`, { headers: { Authorization: `Bearer ${org.accessToken}` } })).json()
  await api(request, org, `/api/loads/${load.id}/status`, { status: 'booked', version: dispatched.data.version }, 200)
  await page.goto(`/dashboard/loads/${load.id}`)
  await expect(page.getByTestId('load-out-of-service')).toContainText(
    `Truck ${truck.unitNumber} is out of service: a driver’s inspection report found an out-of-service defect`,
  )
  await expect(page.getByTestId('load-status')).toContainText('Booked')
  await expect(page.getByTestId('status-actions').getByRole('button', { name: 'Dispatch' })).toHaveCount(0)
  // The board says it on the load's card, and offers no move it would refuse.
  await page.goto('/dashboard/kanban')
  const card = page.locator(`[data-testid="kanban-card"][data-load="${load.loadNumber}"]`)
  await expect(card.getByTestId('kanban-out-of-service')).toHaveText(`Truck ${truck.unitNumber} out of service: defect not certified`)
  await expect(card.getByTestId('kanban-move-form')).toHaveCount(0)

  await page.goto('/dashboard/inspections')
  const row = page.getByTestId('inspections-table').getByRole('row').filter({ hasText: truck.unitNumber })
  await expect(row.getByTestId('inspection-status')).toHaveText('Out of service')
  expect(await seriousViolations(page)).toEqual([])
  await row.getByRole('link').first().click()
  await expect(page.getByLabel('have been repaired')).toBeChecked()
  expect(await seriousViolations(page)).toEqual([])
  await page.getByLabel('Note (work done, shop, invoice)').fill('Replaced the air line, shop invoice 4411')
  await page.getByRole('button', { name: 'Certify' }).click()
  await expect(page.getByTestId('inspection-report').getByTestId('inspection-status')).toHaveText('Certified')
  await expect(page.getByTestId('inspection-defect')).toContainText('Replaced the air line, shop invoice 4411')
  await expect(page.getByRole('button', { name: 'Certify' })).toHaveCount(0)

  await page.goto('/dashboard/inspections')
  await expect(row.getByTestId('inspection-status')).toHaveText('Certified')

  // Certified repaired, the truck goes out again.
  await page.goto(`/dashboard/loads/${load.id}`)
  await page.getByTestId('status-actions').getByRole('button', { name: 'Dispatch' }).click()
  await expect(page.getByTestId('load-status')).toContainText('Dispatched')
})

test('in Arabic, right to left, the checklist fits a phone @js-only', async ({ page, request }, testInfo) => {
  const org = await signedIn(page, request)
  const { driver } = await fleet(request, org)
  await page.context().clearCookies()
  await page.setViewportSize({ width: 390, height: 844 })
  await loginByRequest(page, driver.email, driver.password)
  await page.context().addCookies([{ name: 'i18nextLng', value: 'ar', url: testInfo.project.use.baseURL! }])
  await page.goto('/dashboard/inspections/new')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.getByRole('heading', { name: 'تقرير فحص جديد' })).toBeVisible()
  await expect(page.getByTestId('defect-service_brakes')).toContainText('مكابح الخدمة')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
})
