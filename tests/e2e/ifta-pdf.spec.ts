import fs from 'node:fs/promises'

import { apiTruck, apiUser, expect, loginByRequest, signedIn, test, type TestOrganization, uniqueId } from './fixtures'
import { api } from './load-fixtures'

// The return's PDF and the unit's trip sheets are plain download links: the same with JavaScript and without.
let org: TestOrganization
test.beforeEach(async ({ page, request }) => {
  org = await signedIn(page, request)
})

async function pdfOf(download: { suggestedFilename(): string; path(): Promise<string | null> }) {
  const bytes = await fs.readFile((await download.path())!)
  return { name: download.suggestedFilename(), head: bytes.subarray(0, 5).toString() }
}

test('downloads the return as a PDF from its page, and a unit’s trip sheets from the truck’s page', async ({ page }) => {
  const unit = uniqueId('TS')
  const truck = await apiTruck(page.request, org, { unitNumber: unit })
  await api(page.request, org, '/api/trips', {
    truckId: truck.id,
    startedAt: '2026-04-02',
    endedAt: '2026-04-04',
    startOdometer: 10_000,
    endOdometer: 10_600,
    jurisdictions: [
      { jurisdiction: 'TX', miles: 400 },
      { jurisdiction: 'OK', miles: 200 },
    ],
  })

  await page.goto('/dashboard/ifta/2026-Q2')
  const link = page.getByRole('link', { name: 'Download PDF' })
  await expect(link).toHaveAttribute('href', '/dashboard/ifta/2026-Q2/pdf?fuelType=diesel')
  const [returnPdf] = await Promise.all([page.waitForEvent('download'), link.click()])
  expect(await pdfOf(returnPdf)).toEqual({ name: 'ifta-2026-Q2-diesel.pdf', head: '%PDF-' })
  const answer = await page.request.get('/dashboard/ifta/2026-Q2/pdf?fuelType=diesel')
  expect(answer.headers()['content-type']).toBe('application/pdf')

  await page.goto(`/dashboard/trucks/${truck.id}`)
  const card = page.getByTestId('truck-trip-sheets')
  await expect(card).toContainText('600 mi')
  const [sheet] = await Promise.all([page.waitForEvent('download'), card.getByRole('link', { name: 'Trip sheet PDF, Apr 2, 2026 – Apr 4, 2026' }).click()])
  expect(await pdfOf(sheet)).toEqual({ name: `trip-sheet-${unit}-2026-04-04.pdf`, head: '%PDF-' })
  const [quarter] = await Promise.all([page.waitForEvent('download'), card.getByRole('link', { name: 'Trip sheets of 2026-Q2 (PDF)' }).click()])
  expect(await pdfOf(quarter)).toEqual({ name: `trip-sheets-${unit}-2026-Q2.pdf`, head: '%PDF-' })
})

test('an accountant, who reads trips but not units, downloads a trip’s sheet from the trip’s page', async ({ page }) => {
  const unit = uniqueId('TA')
  const truck = await apiTruck(page.request, org, { unitNumber: unit })
  const trip = await api(page.request, org, '/api/trips', {
    truckId: truck.id,
    startedAt: '2026-05-06',
    endedAt: '2026-05-07',
    startOdometer: 20_000,
    endOdometer: 20_300,
    jurisdictions: [{ jurisdiction: 'NM', miles: 300 }],
  })
  const accountant = await apiUser(page.request, org, { role: 'accountant' })
  await page.context().clearCookies()
  await loginByRequest(page, accountant.email, accountant.password)

  await page.goto(`/dashboard/trips/${trip.id}`)
  const [sheet] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download the trip sheet (PDF)' }).click()])
  expect(await pdfOf(sheet)).toEqual({ name: `trip-sheet-${unit}-2026-05-07.pdf`, head: '%PDF-' })
})
