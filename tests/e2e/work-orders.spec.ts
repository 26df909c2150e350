import { apiTruck, apiUser, expect, js, loginByRequest, signedIn, test, toast, uniqueId } from './fixtures'
import { api, apiLoad, fleet } from './load-fixtures'

// Work orders (ADR 132): a report's out-of-service defect keeps the truck off the road until the
// mechanic completes the work order that repairs it; then the truck goes out and its driver signs
// the certified report in their next one (ADR 153).
test('a mechanic opens a work order from the report, completes it, the truck is dispatched again and its driver acknowledges', async ({ page, request }) => {
  test.setTimeout(90_000)
  const org = await signedIn(page, request)
  const { broker, driver, truck, trailer } = await fleet(request, org)
  const mechanic = await apiUser(request, org, { role: 'mechanic', firstName: 'Mo', lastName: 'Wrench' })
  const spare = await apiTruck(request, org, { unitNumber: uniqueId('SP'), status: 'available' })
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

  // The truck's driver signs the certified report in their next report (396.13, ADR 153), from the cab at phone width.
  await page.context().clearCookies()
  await page.setViewportSize({ width: 390, height: 844 })
  await loginByRequest(page, driver.email, driver.password!)
  await page.goto('/dashboard/inspections/new')
  await expect(page.getByRole('combobox', { name: /^Truck/ })).toHaveValue(truck.id)
  const waiting = page.getByTestId('inspection-waiting')
  await expect(waiting).toContainText(`Review the last report of ${truck.unitNumber}`)
  await expect(waiting.getByTestId('inspection-waiting-defect')).toContainText('Air leak at the front axle')
  await expect(waiting.getByTestId('inspection-waiting-defect')).toContainText('Repaired, certified')
  await expect(waiting.getByTestId('inspection-waiting-defect')).toContainText('by Mo Wrench')
  if (js(test.info())) {
    // Another truck and no trailer chosen: their own report to review (none), asked for at once
    // (the yard check also names the trailer); the first truck again brings it back.
    await page.getByRole('combobox', { name: /^Trailer/ }).selectOption('')
    await page.getByRole('combobox', { name: /^Truck/ }).selectOption(spare.id)
    await expect(waiting).toHaveCount(0)
    await page.getByRole('combobox', { name: /^Truck/ }).selectOption(truck.id)
    await expect(waiting).toContainText(`Review the last report of ${truck.unitNumber}`)
  }
  await page.getByRole('spinbutton', { name: /^Odometer/ }).fill('88020')
  // Filed without ticking "I have reviewed": refused at the box, nothing filed.
  await page.getByRole('button', { name: 'File report' }).click()
  await expect(waiting).toContainText('Review the last report of this unit and tick the box to confirm.')
  await expect(page.getByRole('button', { name: 'File report' })).toBeEnabled()
  await waiting.getByRole('checkbox', { name: /I have reviewed this report/ }).check()
  await page.getByRole('button', { name: 'File report' }).click()
  await expect(toast(page, `Inspection report filed for unit ${truck.unitNumber}`, 'success')).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.goto(`/dashboard/inspections/${report.id}`)
  await expect(page.getByTestId('inspection-report').getByTestId('inspection-status')).toHaveText('Certified')
  await expect(page.getByTestId('inspection-report')).toContainText('Acknowledged by Dana Wheeler')
  await expect(page.getByRole('button', { name: 'Acknowledge' })).toHaveCount(0)
  // Nothing waits any more for this truck.
  await page.goto('/dashboard/inspections/new')
  await expect(page.getByRole('heading', { name: 'New inspection report' })).toBeVisible()
  await expect(page.getByTestId('inspection-waiting')).toHaveCount(0)
})
