import { expect, loginByRequest, signedIn, test } from './fixtures'
import { api, apiLoad, fleet } from './load-fixtures'

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n')

// A driver on a phone: their own organization's dispatched load, every stop recorded from "My loads".
test('a driver records each stop and uploads the POD from My loads at phone width, and the load is delivered', async ({ page, request }) => {
  const org = await signedIn(page, request)
  const { broker, driver, truck, trailer } = await fleet(request, org)
  const load = await apiLoad(request, org, { brokerId: broker.id, driverId: driver.id, truckId: truck.id, trailerId: trailer.id })
  await api(request, org, `/api/loads/${load.id}/status`, { status: 'dispatched', version: load.version }, 200)
  const elsewhere = await apiLoad(request, org, { brokerId: broker.id })

  await page.context().clearCookies()
  await page.setViewportSize({ width: 390, height: 844 })
  await loginByRequest(page, driver.email, driver.password)
  await page.goto('/dashboard/loads/mine')
  await expect(page.getByRole('heading', { name: 'My loads', level: 1 })).toBeVisible()
  const card = page.getByTestId('my-load')
  await expect(card).toHaveCount(1)
  await expect(card).toContainText(load.loadNumber)
  await expect(page.getByText(elsewhere.loadNumber)).toHaveCount(0)
  await expect(card.getByText('Dispatched', { exact: true })).toBeVisible()

  const steps: Array<[string, string]> = [
    ['Arrived at Trinity Cold Storage', 'At pickup'],
    ['Departed Trinity Cold Storage', 'In transit'],
    ['Arrived at Delta Grocers', 'At delivery'],
  ]
  for (const [button, status] of steps) {
    await card.getByRole('button', { name: button }).click()
    await expect(card.getByText(status, { exact: true })).toBeVisible()
  }
  // Only the one next stop has a button; the first stop shows when it was reached and left.
  await expect(card.getByTestId('stop-event')).toHaveCount(1)
  await expect(card.getByTestId('my-stop-times').first()).toContainText('Arrived')
  await expect(card.getByTestId('my-stop-times').first()).toContainText('Departed')

  await card.getByLabel('Kind').selectOption({ label: 'Proof of delivery' })
  await card.getByLabel('File').setInputFiles({ name: 'pod-signed.pdf', mimeType: 'application/pdf', buffer: PDF })
  await card.getByRole('button', { name: 'Upload' }).click()
  await expect(card).toContainText('Proof of delivery: 1')

  await card.getByRole('button', { name: 'Departed Delta Grocers' }).click()
  await expect(page.getByTestId('my-load')).toHaveCount(0)
  await expect(page.getByTestId('my-recent')).toContainText(load.loadNumber)
  await expect(page.getByTestId('my-recent')).toContainText('Delivered')

  // The layout fits the phone: nothing wider than the viewport.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
})

test('a stale second tap is refused on the card, and the page shows the load as it is', async ({ page, request }) => {
  const org = await signedIn(page, request)
  const { broker, driver, truck, trailer } = await fleet(request, org)
  const load = await apiLoad(request, org, { brokerId: broker.id, driverId: driver.id, truckId: truck.id, trailerId: trailer.id })
  const dispatched = await api(request, org, `/api/loads/${load.id}/status`, { status: 'dispatched', version: load.version }, 200)
  await page.context().clearCookies()
  await loginByRequest(page, driver.email, driver.password)
  await page.goto('/dashboard/loads/mine')
  // Dispatch records the arrival from the office meanwhile.
  const stops = (dispatched as unknown as { stops: Array<{ id: string }> }).stops
  await api(request, org, `/api/loads/${load.id}/stops/${stops[0].id}/events`, { event: 'arrive', version: dispatched.version }, 200)
  await page.getByRole('button', { name: 'Arrived at Trinity Cold Storage' }).click()
  const refusal = page.getByTestId('stop-refusal')
  await expect(refusal).toContainText('Someone else saved this record')
  await expect(page.getByRole('button', { name: 'Departed Trinity Cold Storage' })).toBeVisible()
})

// One track: dispatch moved the load on by its buttons; the driver's next stop follows the status.
test('a load dispatch moved to in transit offers the driver the delivery, not the pickup again', async ({ page, request }) => {
  const org = await signedIn(page, request)
  const { broker, driver, truck, trailer } = await fleet(request, org)
  let load = await apiLoad(request, org, { brokerId: broker.id, driverId: driver.id, truckId: truck.id, trailerId: trailer.id })
  for (const status of ['dispatched', 'at_pickup', 'in_transit'])
    load = (await api(request, org, `/api/loads/${load.id}/status`, { status, version: load.version }, 200)) as typeof load
  await page.context().clearCookies()
  await loginByRequest(page, driver.email, driver.password)
  await page.goto('/dashboard/loads/mine')
  const card = page.getByTestId('my-load')
  await expect(card.getByText('In transit', { exact: true })).toBeVisible()
  await expect(card.getByTestId('stop-event')).toHaveText('Arrived at Delta Grocers')
  await expect(card.getByTestId('my-stop-times').first()).toContainText('Departed')
  await card.getByRole('button', { name: 'Arrived at Delta Grocers' }).click()
  await expect(card.getByText('At delivery', { exact: true })).toBeVisible()
})
