import { expect, loginByRequest, signedIn, test } from './fixtures'
import { api, apiLoad, fleet } from './load-fixtures'

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')

// A defect's photos (ADR 135): attached in the DVIR's own post at phone width, JavaScript or not; the office sees them on the report.
test('a driver at 390 px files an out-of-service defect with a photo; a 20 MB photo is refused at its line; the office sees the photo', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const org = await signedIn(page, request)
  const { broker, driver, truck, trailer } = await fleet(request, org)
  const load = await apiLoad(request, org, { brokerId: broker.id, driverId: driver.id, truckId: truck.id, trailerId: trailer.id })
  await api(request, org, `/api/loads/${load.id}/status`, { status: 'dispatched', version: load.version }, 200)

  await page.context().clearCookies()
  await page.setViewportSize({ width: 390, height: 844 })
  await loginByRequest(page, driver.email, driver.password)
  await page.goto('/dashboard/inspections/new')
  await page.getByRole('spinbutton', { name: /^Odometer/ }).fill('91000')
  const brakes = page.getByTestId('defect-service_brakes')
  await brakes.getByRole('checkbox', { name: /Service brakes/ }).check()
  await brakes.getByLabel('What is wrong with: Service brakes').fill('Air line cut at the trailer hose')
  await brakes.getByLabel('Out of service').check()
  const photos = brakes.getByLabel('Photos of the defect: Service brakes')
  // A full-size photo is refused at its line; the form keeps what was typed and the photo accepted.
  const huge = Buffer.alloc(20 * 1024 * 1024)
  PNG.copy(huge)
  await photos.setInputFiles([
    { name: 'hose.png', mimeType: 'image/png', buffer: PNG },
    { name: 'huge.png', mimeType: 'image/png', buffer: huge },
  ])
  await page.getByRole('button', { name: 'File report' }).click()
  await expect(brakes).toContainText('The file is larger than 15 MB.')
  await expect(brakes.getByLabel('What is wrong with: Service brakes')).toHaveValue('Air line cut at the trailer hose')
  await expect(brakes.getByTestId('defect-service_brakes-kept').getByRole('img')).toHaveCount(1)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.getByRole('button', { name: 'File report' }).click()

  await expect(page.getByRole('heading', { name: /Inspection report/ })).toBeVisible()
  await expect(page.getByTestId('inspection-report').getByTestId('inspection-status')).toHaveText('Out of service')
  await expect(page.getByTestId('defect-photos').getByRole('img')).toHaveCount(1)
  const reportUrl = page.url()

  await page.context().clearCookies()
  await page.setViewportSize({ width: 1280, height: 900 })
  await loginByRequest(page, org.email, org.password)
  await page.goto(reportUrl)
  const photo = page.getByTestId('defect-photos').getByRole('img', { name: 'Photo 1 of the defect: Service brakes' })
  await expect(photo).toBeVisible()
  // The thumbnail is the picture itself (decoded), and links to the full image.
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1)
  const href = await page.getByTestId('defect-photos').getByRole('link').getAttribute('href')
  const full = await page.request.get(href!)
  expect([full.status(), full.headers()['content-type']]).toEqual([200, 'image/png'])
  expect(Buffer.from(await full.body())).toEqual(PNG)

  // The files manager lists it as the report's.
  await page.goto('/dashboard/files-manager?kind=inspection_photo')
  await expect(page.getByRole('link', { name: 'hose.png' }).or(page.getByText('hose.png')).first()).toBeVisible()
})
