import { apiUser, expect, loginByRequest, signedIn, test, toast } from './fixtures'
import { api, apiLoad, fleet } from './load-fixtures'

// Work orders (ADR 132): a report's out-of-service defect keeps the truck off the road until the
// mechanic completes the work order that repairs it; then the truck goes out and its driver signs.
test('a mechanic opens a work order from the report, completes it, the truck is dispatched again and its driver acknowledges', async ({ page, request }) => {
  test.setTimeout(90_000)
  const org = await signedIn(page, request)
  const { broker, driver, truck, trailer } = await fleet(request, org)
  const mechanic = await apiUser(request, org, { role: 'mechanic', firstName: 'Mo', lastName: 'Wrench' })
  const load = await apiLoad(request, org, { brokerId: broker.id, driverId: driver.id, truckId: truck.id, trailerId: trailer.id })
  // The office's yard check finds the brakes unsafe.
  const report = await api(request, org, '/api/inspections', {
    truckId: truck.id,
    trailerId: trailer.id,
    kind: 'pre_trip',
    inspectedAt: new Date(Date.now() - 60_000).toISOString(),
    odometer: 88_000,
    defects: [{ item: 'service_brakes', note: 'Air leak at the front axle', outOfService: true }],
  })
  const refused = await request.post(`/api/loads/${load.id}/status`, {
    headers: { Authorization: `Bearer ${org.accessToken}` },
    data: { status: 'dispatched', version: load.version },
  })
  expect([refused.status(), (await refused.json()).error.code]).toEqual([409, 'out_of_service'])

  await page.context().clearCookies()
  await loginByRequest(page, mechanic.email, mechanic.password!)
  await page.goto(`/dashboard/trucks/${truck.id}`)
  await expect(page.getByTestId('unit-service')).toHaveText('Out of service')
  await page.goto(`/dashboard/inspections/${report.id}`)
  await page.getByTestId('inspection-open-work-order').click()
  await expect(page.getByRole('heading', { name: 'New work order' })).toBeVisible()
  // From the report: its truck, and its defect ticked.
  await expect(page.getByRole('combobox', { name: 'Truck' })).toHaveValue(truck.id)
  await expect(page.getByTestId('work-order-defects').getByRole('checkbox')).toBeChecked()
  const line = page.getByTestId('work-order-line').first()
  await line.getByLabel('Description').fill('Replace the air line')
  await line.getByLabel('Quantity').fill('1.5')
  await line.getByLabel('Unit cost').fill('98.00')
  await page.getByRole('button', { name: 'Open work order' }).click()
  await expect(toast(page, /Work order WO-\d+ opened/, 'success')).toBeVisible()
  await expect(page.getByTestId('work-order-status')).toHaveText('Open')
  await expect(page.getByTestId('work-order-total')).toHaveText('$147.00')

  await page.getByRole('button', { name: 'Start work' }).click()
  await expect(page.getByTestId('work-order-status')).toHaveText('In progress')
  // An odometer well below the truck's last reading is refused at the field, nothing completed.
  const complete = page.getByTestId('work-order-complete')
  await complete.getByLabel('Odometer').fill('80000')
  await complete.getByRole('button', { name: 'Complete work order' }).click()
  await expect(page.getByTestId('work-order-refusal')).toContainText('The odometer is below the unit’s latest reading')
  await expect(page.getByTestId('work-order-status')).toHaveText('In progress')
  await complete.getByLabel('Odometer').fill('88010')
  await complete.getByRole('button', { name: 'Complete work order' }).click()
  await expect(page.getByTestId('work-order-status')).toHaveText('Completed')
  await expect(page.getByTestId('work-order-defect')).toContainText('Repaired')

  // The truck is back on the road.
  await page.goto(`/dashboard/trucks/${truck.id}`)
  await expect(page.getByTestId('unit-service')).toHaveText('In service')
  await expect(page.getByTestId('unit-maintenance')).toContainText('Completed')
  const dispatched = await request.post(`/api/loads/${load.id}/status`, {
    headers: { Authorization: `Bearer ${org.accessToken}` },
    data: { status: 'dispatched', version: load.version },
  })
  expect(dispatched.status(), await dispatched.text()).toBe(200)

  // The truck's driver signs the certified report before driving it.
  await page.context().clearCookies()
  await loginByRequest(page, driver.email, driver.password!)
  await page.goto(`/dashboard/inspections/${report.id}`)
  await expect(page.getByTestId('inspection-report').getByTestId('inspection-status')).toHaveText('Certified')
  await page.getByRole('button', { name: 'Acknowledge' }).click()
  await expect(page.getByTestId('inspection-report')).toContainText('Dana Wheeler')
  await expect(page.getByRole('button', { name: 'Acknowledge' })).toHaveCount(0)
})
