import { expect, loginByRequest, signedIn, test, type TestOrganization } from './fixtures'
import { api, apiLoad, fleet } from './load-fixtures'

type Trip = { loadId: string | null; startOdometer: number; endOdometer: number; jurisdictions: Array<{ jurisdiction: string; miles: number }> }

/** The organization's trips, through the API as the office reads them. */
async function tripsOf(request: Parameters<typeof fleet>[0], org: TestOrganization, truckId: string) {
  const response = await request.get(`/api/trips?truckId=${truckId}`, { headers: { Authorization: `Bearer ${org.accessToken}` } })
  expect(response.status()).toBe(200)
  return (await response.json()).data as Trip[]
}

// A driver on a phone (ADR 125): the odometer at the pickup, each state line, the delivery; the delivered load's readings make its trip.
test('a driver records the start, the state lines and the end of a load on My loads, and delivery makes the trip', async ({ page, request }) => {
  // A whole load on the road, stop by stop and reading by reading, then the office's page.
  test.setTimeout(90_000)
  const org = await signedIn(page, request)
  const { broker, driver, truck, trailer } = await fleet(request, org)
  const load = await apiLoad(request, org, { brokerId: broker.id, driverId: driver.id, truckId: truck.id, trailerId: trailer.id })
  await api(request, org, `/api/loads/${load.id}/status`, { status: 'dispatched', version: load.version }, 200)

  await page.context().clearCookies()
  await page.setViewportSize({ width: 390, height: 844 })
  await loginByRequest(page, driver.email, driver.password)
  await page.goto('/dashboard/loads/mine')
  const card = page.getByTestId('my-load')
  const odometer = card.getByTestId('odometer')
  await expect(odometer).toContainText('No reading yet')
  // The start is the only choice, in the first pickup's state.
  await expect(odometer.getByLabel('Reading')).toHaveValue('start')
  await expect(odometer.getByLabel('State')).toHaveValue('TX')

  const record = async (kind: string, state: string, miles: string) => {
    await odometer.getByLabel('Reading').selectOption(kind)
    await odometer.getByLabel('State').selectOption(state)
    await odometer.getByLabel('Odometer (miles)').fill(miles)
    await odometer.getByRole('button', { name: 'Record reading' }).click()
    // The pointer left over the toasts would hold them open (sonner pauses on hover) over the next buttons; a thumb lifts.
    await page.mouse.move(0, 0)
  }
  await record('start', 'TX', '120000')
  await expect(odometer.getByTestId('odometer-reading')).toHaveCount(1)
  await expect(odometer.getByTestId('odometer-reading').first()).toContainText('Start in TX')

  await card.getByRole('button', { name: 'Arrived at Trinity Cold Storage' }).click()
  await card.getByRole('button', { name: 'Departed Trinity Cold Storage' }).click()
  await expect(card.getByText('In transit', { exact: true })).toBeVisible()
  // After the start: a state line or the end, in the next stop's state.
  await expect(odometer.getByLabel('State')).toHaveValue('TN')
  await record('state_line', 'AR', '120190')
  await expect(odometer.getByTestId('odometer-reading')).toHaveCount(2)

  // An odometer never runs backwards: refused at the field, the values kept.
  await record('state_line', 'TN', '120100')
  await expect(odometer.getByTestId('odometer-error-odometer')).toContainText('Lower than this truck’s last reading (120190 mi)')
  await expect(odometer.getByLabel('Odometer (miles)')).toHaveAttribute('aria-invalid', 'true')
  await expect(odometer.getByLabel('Odometer (miles)')).toHaveValue('120100')
  await expect(odometer.getByTestId('odometer-reading')).toHaveCount(2)

  // A digit too many would block every later reading of the truck: the driver takes it back.
  await record('state_line', 'TN', '1204500')
  await expect(odometer.getByTestId('odometer-reading')).toHaveCount(3)
  await odometer.getByRole('button', { name: 'Take back “Entered TN”' }).click()
  await page.mouse.move(0, 0)
  await expect(odometer.getByTestId('odometer-reading')).toHaveCount(2)
  await record('state_line', 'TN', '120450')
  // Landed before the next tap: a second post while this one is on its way would cancel it (a busy machine showed it).
  await expect(odometer.getByTestId('odometer-reading')).toHaveCount(3)
  await card.getByRole('button', { name: 'Arrived at Delta Grocers' }).click()
  await expect(card.getByText('At delivery', { exact: true })).toBeVisible()
  await record('end', 'TN', '120460')
  await expect(odometer).toContainText('End in TN')
  await expect(odometer).toContainText('this load’s distance record is complete')
  await expect(odometer.getByRole('button', { name: 'Record reading' })).toHaveCount(0)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

  expect(await tripsOf(request, org, truck.id)).toEqual([])
  await card.getByRole('button', { name: 'Departed Delta Grocers' }).click()
  await expect(page.getByTestId('my-recent')).toContainText(load.loadNumber)

  const [trip, ...more] = await tripsOf(request, org, truck.id)
  expect(more).toEqual([])
  expect(trip).toMatchObject({ loadId: load.id, startOdometer: 120_000, endOdometer: 120_460 })
  // The states in the order the unit ran through them (ADR 154).
  expect(trip.jurisdictions.map((line) => [line.jurisdiction, line.miles])).toEqual([
    ['TX', 190],
    ['AR', 260],
    ['TN', 10],
  ])

  // The office's load page shows the readings and the trip they made.
  await page.context().clearCookies()
  await loginByRequest(page, org.email, org.password)
  await page.goto(`/dashboard/loads/${load.id}`)
  await expect(page.getByTestId('load-odometer').getByTestId('odometer-reading')).toHaveCount(4)
  await expect(page.getByTestId('odometer-trip')).toHaveText('Trip made from these readings: 460 mi.')
})

test('in Arabic, right to left, the odometer section fits a phone @js-only', async ({ page, request }, testInfo) => {
  const org = await signedIn(page, request)
  const { broker, driver, truck, trailer } = await fleet(request, org)
  const load = await apiLoad(request, org, { brokerId: broker.id, driverId: driver.id, truckId: truck.id, trailerId: trailer.id })
  await api(request, org, `/api/loads/${load.id}/status`, { status: 'dispatched', version: load.version }, 200)
  await page.context().clearCookies()
  await page.setViewportSize({ width: 390, height: 844 })
  await loginByRequest(page, driver.email, driver.password)
  await page.context().addCookies([{ name: 'i18nextLng', value: 'ar', url: testInfo.project.use.baseURL! }])
  await page.goto('/dashboard/loads/mine')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  const odometer = page.getByTestId('odometer')
  await odometer.getByLabel('العداد (ميل)').fill('5')
  await odometer.getByRole('button', { name: 'تسجيل القراءة' }).click()
  await expect(odometer.getByTestId('odometer-reading')).toContainText('البداية في TX')
  // A second start is not offered; a lower odometer is refused in Arabic at its field.
  await odometer.getByLabel('العداد (ميل)').fill('4')
  await odometer.getByRole('button', { name: 'تسجيل القراءة' }).click()
  await expect(odometer.getByTestId('odometer-error-odometer')).toContainText('العداد لا يعود إلى الوراء')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await odometer.screenshot({ path: testInfo.outputPath('odometer-ar-390.png') })
})
