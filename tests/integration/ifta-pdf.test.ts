/**
 * The IFTA return as a PDF and trip sheets (ADR 124), read back as text: the return's PDF prints
 * the JSON API's figures for the hand-worked quarter (tests/ifta-fixtures.ts), in the
 * organization's language whoever reads it (ADR 128; Arabic numbers as written), to those who read
 * returns; a trip sheet prints the load's stops, the odometer readings and the miles per
 * jurisdiction, in the organization's language too, to those who read trips, of the unit in the
 * URL only.
 */
import { matchPath } from 'react-router'
import { describe, expect, it } from 'vitest'

import { createFuelPurchase } from '~/models/fuel-tax/fuel-purchase.server'
import { createTrip } from '~/models/fuel-tax/trip.server'
import * as returnRoute from '~/routes/api/ifta/return'
import * as returnPdf from '~/routes/dashboard/ifta/pdf'
import * as tripView from '~/routes/dashboard/trips/view'
import * as tripSheet from '~/routes/dashboard/trucks/trip-sheet'
import * as tripSheets from '~/routes/dashboard/trucks/trip-sheets'
import * as truckView from '~/routes/dashboard/trucks/view'
import { FuelPurchaseSchema } from '~/schemas/fuel-purchase'
import { TripSchema } from '~/schemas/trip'
import { prisma } from '~/utils/db.server'
import { formatDecimalText, formatMoney, formatNumber } from '~/utils/format'

import { callApi } from '../contract-kit'
import { actorOf, createOrg, type Org, unique } from '../helpers'
import { handWorkedQuarter } from '../ifta-fixtures'
import { callPage, type Handler } from '../page-helpers'
import { pdfText } from '../pdf-text'

/** The text with every run of white space one space: pdf.js breaks lines where the layout does. */
const flat = (text: string) => text.replace(/\s+/g, ' ')

async function apiPdf(org: Org, path: string, headers: Record<string, string> = {}) {
  const response = await returnRoute.loader({
    request: new Request(`http://localhost${path}`, { headers: { Authorization: `Bearer ${org.users.viewer.token}`, ...headers } }),
    params: { quarter: path.split('/')[4].split('?')[0] },
  } as never)
  return response
}

/** The organization's documents are written in `language` from now on. */
async function writesIn(org: Org, language: string) {
  await prisma.organization.update({ where: { id: org.organization.id }, data: { language } })
}

async function pageBytes(answer: Awaited<ReturnType<typeof callPage>>) {
  expect(answer.status).toBe(200)
  expect(answer.headers?.get('Content-Type')).toBe('application/pdf')
  return new Uint8Array(await answer.response!.arrayBuffer())
}

describe('the IFTA return as a PDF', () => {
  it('prints the JSON API’s figures for the hand-worked quarter, on the page’s link and the API’s', async () => {
    const org = await createOrg(unique('Prairie Haulers'))
    await handWorkedQuarter(org)
    const json = await callApi(returnRoute, {
      path: '/api/ifta/returns/2026-Q3?fuelType=diesel',
      params: { quarter: '2026-Q3' },
      token: org.users.viewer.token,
    })
    expect(json.status).toBe(200)
    const body = json.body.data

    const response = await apiPdf(org, '/api/ifta/returns/2026-Q3?fuelType=diesel&format=pdf')
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('application/pdf')
    expect(response.headers.get('Content-Disposition')).toContain('ifta-2026-Q3-diesel.pdf')
    const bytes = new Uint8Array(await response.arrayBuffer())
    const text = flat(await pdfText(bytes))

    const money = (cents: number) => formatMoney('en', cents)
    const number = (value: number) => formatNumber('en', value)
    const decimal = (value: string, digits: number) => formatDecimalText('en', value, digits)
    expect(text).toContain(org.organization.name)
    expect(text).toContain('2026-Q3 · Diesel')
    // Each jurisdiction's line, its cells in the CSV's order.
    for (const line of body.lines)
      expect(text).toContain(
        [
          line.jurisdiction,
          number(line.totalMiles),
          number(line.taxableMiles),
          number(line.taxableGallons),
          decimal(line.taxPaidGallons, 3),
          decimal(line.netTaxableGallons, 3),
          decimal(line.ratePerGallon, 4),
          money(line.taxCents),
          money(line.surchargeCents),
          money(line.interestCents),
          money(line.taxCents + line.surchargeCents + line.interestCents),
        ].join(' '),
      )
    // The totals, the figures of the JSON (worked by hand in tests/unit/ifta-return.test.ts).
    for (const [label, value] of [
      ['Total miles', number(body.totalMiles)],
      ['Taxable miles', number(body.taxableMiles)],
      ['Total gallons', decimal(body.totalGallons, 3)],
      ['Fleet MPG', decimal(body.mpg, 2)],
      ['Penalty', money(body.penaltyCents)],
      ['Total due', money(body.totalDueCents)],
    ])
      expect(text).toContain(`${label} ${value}`)
    expect(text).toContain('Total due $128.65')
    for (const warning of body.warnings) expect(text).toContain(flat(warning.message))
  })

  it('is written in the organization’s language, not the reader’s: in Arabic right to left, its numbers as written', async () => {
    const org = await createOrg()
    await handWorkedQuarter(org)
    await writesIn(org, 'ar')
    const json = await callApi(returnRoute, { path: '/api/ifta/returns/2026-Q3', params: { quarter: '2026-Q3' }, token: org.users.viewer.token })
    const body = json.body.data
    const english = { headers: { Cookie: 'i18nextLng=en' } }
    const answer = await callPage(returnPdf.loader as Handler, '/dashboard/ifta/2026-Q3/pdf', org.users.viewer.id, { quarter: '2026-Q3' }, english)
    const text = flat(await pdfText(await pageBytes(answer)))
    expect(text).toContain('إقرار ضريبة الوقود الفصلي')
    expect(text).toContain('إجمالي المستحق')
    // Each number in Arabic digits reads as written: ٣٬٥٠٠ miles, ٦٠٠٫٨٧٥ gallons, ٥٫٨٢ MPG, ١٢٨٫٦٥ due.
    const numbers = [
      formatNumber('ar', body.totalMiles),
      formatDecimalText('ar', body.totalGallons, 3),
      formatDecimalText('ar', body.mpg, 2),
      formatDecimalText('ar', String(body.totalDueCents / 100), 2),
      formatDecimalText('ar', body.lines[1].netTaxableGallons, 3),
    ]
    expect(numbers).toEqual(['٣٬٥٠٠', '٦٠٠٫٨٧٥', '٥٫٨٢', '١٢٨٫٦٥', '١١٢٫٠٠٠'])
    for (const value of numbers) {
      expect(text).toContain(value)
      expect(text).not.toContain([...value].reverse().join(''))
    }
    // The API's PDF too, whatever the caller's language.
    const api = await apiPdf(org, '/api/ifta/returns/2026-Q3?format=pdf', { 'Accept-Language': 'en' })
    expect(flat(await pdfText(new Uint8Array(await api.arrayBuffer())))).toContain('١٢٨٫٦٥')
  })

  it('of a French organization reads in French on the page’s link and the API’s, while the JSON stays in the reader’s language', async () => {
    const org = await createOrg()
    await handWorkedQuarter(org)
    await writesIn(org, 'fr')
    const english = { 'Accept-Language': 'en', Cookie: 'i18nextLng=en' }
    const json = await callApi(returnRoute, {
      path: '/api/ifta/returns/2026-Q3',
      params: { quarter: '2026-Q3' },
      token: org.users.viewer.token,
      headers: english,
    })
    const body = json.body.data
    const french = (text: string) => {
      expect(text).toContain('Déclaration trimestrielle de taxe sur les carburants IFTA 2026-Q3')
      expect(text).toContain(flat(`Total dû ${formatMoney('fr', body.totalDueCents)}`))
      expect(text).not.toContain('Total due')
    }
    const page = await callPage(returnPdf.loader as Handler, '/dashboard/ifta/2026-Q3/pdf', org.users.viewer.id, { quarter: '2026-Q3' }, { headers: english })
    french(flat(await pdfText(await pageBytes(page))))
    for (const path of ['/api/ifta/returns/2026-Q3?format=pdf', '/api/ifta/returns/2026-Q3/pdf'])
      french(flat(await pdfText(new Uint8Array(await (await apiPdf(org, path, english)).arrayBuffer()))))
    // The JSON (and so the page) is the reader's: its warnings are in English.
    expect(body.warnings[0].message).toMatch(/^Unit .+: a trip that ended this quarter/)
  })

  it('is for those who read returns, of their own organization only; a malformed quarter is not found', async () => {
    const org = await createOrg()
    await handWorkedQuarter(org)
    const page = (userId: string, quarter = '2026-Q3') => callPage(returnPdf.loader as Handler, `/dashboard/ifta/${quarter}/pdf`, userId, { quarter })
    expect((await page(org.users.viewer.id)).status).toBe(200)
    expect((await page(org.users.accountant.id)).status).toBe(200)
    expect((await page(org.users.dispatcher.id)).status).toBe(403)
    expect((await page(org.users.driver.id)).status).toBe(403)
    expect((await page(org.users.viewer.id, '2026-Q5')).status).toBe(404)
    expect((await page(org.users.viewer.id, 'Q3-2026')).status).toBe(404)
    const api = await apiPdf(org, '/api/ifta/returns/2026-Q9?format=pdf')
    expect([api.status, (await api.json()).error.code]).toEqual([404, 'not_found'])
    // The contract's spelling: GET /api/ifta/returns/{quarter}/pdf.
    const spelled = await apiPdf(org, '/api/ifta/returns/2026-Q3/pdf')
    expect([spelled.status, spelled.headers.get('Content-Type')]).toEqual([200, 'application/pdf'])

    // Another organization's 2026-Q3 is its own: nothing of the first one's.
    const other = await createOrg()
    const text = flat(await pdfText(await pageBytes(await page(other.users.viewer.id))))
    expect(text).toContain(other.organization.name)
    expect(text).not.toContain(org.organization.name)
    expect(text).toContain('Total due $0.00')
    expect(text).toContain('No miles or fuel of this type')
  })
})

/** A unit's trip on a load from Dallas to Tulsa by Oklahoma City, and fuel bought on the way. */
async function tripOnLoad(org: Org) {
  const organizationId = org.organization.id
  const actor = actorOf(org, 'accountant')
  const [truck, otherTruck, broker] = await Promise.all([
    prisma.truck.create({ data: { organizationId, unitNumber: unique('TS').slice(0, 20), vin: null } }),
    prisma.truck.create({ data: { organizationId, unitNumber: unique('TX').slice(0, 20) } }),
    prisma.broker.create({ data: { organizationId, name: unique('Broker') } }),
  ])
  const load = await prisma.load.create({
    data: {
      organizationId,
      brokerId: broker.id,
      loadNumber: unique('L'),
      stops: {
        create: [
          { sequence: 1, type: 'pickup', city: 'Dallas', state: 'TX' },
          { sequence: 2, type: 'delivery', city: 'Oklahoma City', state: 'OK' },
          { sequence: 3, type: 'delivery', city: 'Tulsa', state: 'OK' },
        ],
      },
    },
  })
  const onLoad = await createTrip(
    actor,
    TripSchema.parse({
      truckId: truck.id,
      loadId: load.id,
      startedAt: '2026-08-03',
      endedAt: '2026-08-04',
      startOdometer: 120_000,
      endOdometer: 120_360,
      jurisdictions: [
        { jurisdiction: 'TX', miles: 200, taxableMiles: 180 },
        { jurisdiction: 'OK', miles: 160 },
      ],
    }),
  )
  await createFuelPurchase(
    actor,
    FuelPurchaseSchema.parse({
      truckId: truck.id,
      purchasedAt: '2026-08-03',
      jurisdiction: 'OK',
      city: 'Ardmore',
      gallons: 80,
      totalCents: 32_000,
      odometer: 120_205,
    }),
  )
  const empty = await createTrip(
    actor,
    TripSchema.parse({
      truckId: truck.id,
      startedAt: '2026-09-10',
      endedAt: '2026-09-10',
      startOdometer: 120_360,
      endOdometer: 120_460,
      jurisdictions: [{ jurisdiction: 'OK', miles: 100 }],
    }),
  )
  return { truck, otherTruck, load, onLoad, empty }
}

describe('trip sheets', () => {
  it('print the route by the load’s stops, the odometer readings, the miles per jurisdiction and who recorded the trip', async () => {
    const org = await createOrg()
    const { truck, onLoad, load } = await tripOnLoad(org)
    const path = `/dashboard/trucks/${truck.id}/trip-sheets/${onLoad.id}`
    const answer = await callPage(tripSheet.loader as Handler, path, org.users.viewer.id, { id: truck.id, tripId: onLoad.id })
    expect(answer.headers?.get('Content-Disposition')).toContain(`trip-sheet-${truck.unitNumber}-2026-08-04.pdf`)
    const text = flat(await pdfText(await pageBytes(answer)))
    expect(text).toContain(`Trip sheet Unit ${truck.unitNumber}`)
    expect(text).toContain('Aug 3, 2026 – Aug 4, 2026')
    expect(text).toContain(`Load: ${load.loadNumber}`)
    // The stops in the load's order.
    expect(text).toContain('1 Pickup Dallas, TX 2 Delivery Oklahoma City, OK 3 Delivery Tulsa, OK')
    // The odometer at both ends and where fuel was bought between.
    expect(text).toContain('Aug 3, 2026 Trip start 120,000 Aug 3, 2026 Fuel purchase, Ardmore, OK 120,205 Aug 4, 2026 Trip end 120,360')
    // Miles and taxable miles per jurisdiction in the order entered (ADR 154), and their totals.
    expect(text).toContain('TX 200 180 OK 160 160 Total 360 340')
    expect(text).toMatch(/Recorded by accountant Tester on Dec \d+, 2026/)
  })

  it('of a quarter: every trip of the unit that ended in it, a sheet each; a trip without a load lists its jurisdictions', async () => {
    const org = await createOrg()
    const { truck } = await tripOnLoad(org)
    const quarter = (value: string, userId = org.users.viewer.id) =>
      callPage(tripSheets.loader as Handler, `/dashboard/trucks/${truck.id}/trip-sheets?quarter=${value}`, userId, { id: truck.id })
    const text = flat(await pdfText(await pageBytes(await quarter('2026-Q3'))))
    expect(text).toContain('Aug 3, 2026 – Aug 4, 2026')
    expect(text).toContain('Sep 10, 2026 – Sep 10, 2026')
    expect(text.indexOf('Aug 3, 2026 – Aug 4, 2026')).toBeLessThan(text.indexOf('Sep 10, 2026 – Sep 10, 2026'))
    expect(text).toContain('ROUTE # State or province 1 OK')
    expect(flat(await pdfText(await pageBytes(await quarter('2026-Q2'))))).toContain('No trip of this unit ended in 2026-Q2.')
    expect((await quarter('2026-Q7')).status).toBe(404)
    expect((await quarter('')).status).toBe(404)
  })

  it('are written in the organization’s language, not the reader’s: a French organization’s read in French', async () => {
    const org = await createOrg()
    const { truck, onLoad, load } = await tripOnLoad(org)
    await writesIn(org, 'fr')
    const english = { headers: { Cookie: 'i18nextLng=en', 'Accept-Language': 'en' } }
    const path = `/dashboard/trucks/${truck.id}/trip-sheets/${onLoad.id}`
    const one = flat(
      await pdfText(await pageBytes(await callPage(tripSheet.loader as Handler, path, org.users.viewer.id, { id: truck.id, tripId: onLoad.id }, english))),
    )
    expect(one).toContain(`Feuille de trajet Unité ${truck.unitNumber}`)
    expect(one).toContain('du 3 août 2026 au 4 août 2026')
    expect(one).toContain(`Chargement: ${load.loadNumber}`)
    expect(one).toContain(flat(`Fin du trajet ${formatNumber('fr', 120_360)}`))
    expect(one).not.toContain('Trip sheet')
    const quarter = `/dashboard/trucks/${truck.id}/trip-sheets?quarter=2026-Q2`
    const none = flat(await pdfText(await pageBytes(await callPage(tripSheets.loader as Handler, quarter, org.users.viewer.id, { id: truck.id }, english))))
    expect(none).toContain('Aucun trajet de cette unité ne s’est terminé en 2026-Q2.')
  })

  it('are for those who read trips, of the unit and organization in the URL only', async () => {
    const org = await createOrg()
    const { truck, otherTruck, onLoad } = await tripOnLoad(org)
    const sheet = (userId: string, truckId = truck.id, tripId = onLoad.id) =>
      callPage(tripSheet.loader as Handler, `/dashboard/trucks/${truckId}/trip-sheets/${tripId}`, userId, { id: truckId, tripId })
    expect((await sheet(org.users.dispatcher.id)).status).toBe(200)
    expect((await sheet(org.users.driver.id)).status).toBe(403)
    // Another unit's URL, a malformed id, another organization's user: not found.
    expect((await sheet(org.users.viewer.id, otherTruck.id)).status).toBe(404)
    expect((await sheet(org.users.viewer.id, truck.id, 'nope')).status).toBe(404)
    const other = await createOrg()
    expect((await sheet(other.users.viewer.id)).status).toBe(404)
    const quarter = await callPage(tripSheets.loader as Handler, `/dashboard/trucks/${truck.id}/trip-sheets?quarter=2026-Q3`, other.users.viewer.id, {
      id: truck.id,
    })
    expect(quarter.status).toBe(404)
  })

  it('open from the trip’s page for whoever reads trips (an accountant, who reads no unit; a viewer), not a driver, even of their load', async () => {
    const org = await createOrg()
    const { truck, onLoad, load } = await tripOnLoad(org)
    await prisma.load.update({ where: { id: load.id }, data: { driverId: org.users.driver.id, truckId: truck.id } })
    const tripPage = (userId: string) => callPage(tripView.loader as Handler, `/dashboard/trips/${onLoad.id}`, userId, { id: onLoad.id })
    const sheetFrom = async (link: string, userId: string) => {
      const params = matchPath('/dashboard/trucks/:id/trip-sheets/:tripId', link)?.params
      expect(params).toEqual({ id: truck.id, tripId: onLoad.id })
      return callPage(tripSheet.loader as Handler, link, userId, params as Record<string, string>)
    }
    for (const role of ['accountant', 'viewer'] as const) {
      const userId = org.users[role].id
      const view = await tripPage(userId)
      expect(view.status).toBe(200)
      const link = view.data?.sheetHref as string
      const answer = await sheetFrom(link, userId)
      expect(answer.headers?.get('Content-Disposition')).toContain(`trip-sheet-${truck.unitNumber}-2026-08-04.pdf`)
      expect(flat(await pdfText(await pageBytes(answer)))).toContain(`Trip sheet Unit ${truck.unitNumber}`)
    }
    // The accountant reads the sheet, still not the unit's page.
    expect((await callPage(truckView.loader as Handler, `/dashboard/trucks/${truck.id}`, org.users.accountant.id, { id: truck.id })).status).toBe(403)
    // A driver reads no trip, not even one of their own load: neither the page nor the sheet.
    expect((await tripPage(org.users.driver.id)).status).toBe(403)
    const link = (await tripPage(org.users.viewer.id)).data?.sheetHref as string
    expect((await sheetFrom(link, org.users.driver.id)).status).toBe(403)
  })

  it('are listed on the unit’s page, latest first, with the last four quarters', async () => {
    const org = await createOrg()
    const { truck, onLoad, empty } = await tripOnLoad(org)
    const view = await callPage(truckView.loader as Handler, `/dashboard/trucks/${truck.id}`, org.users.viewer.id, { id: truck.id })
    expect(view.data?.tripSheets).toEqual({
      trips: [
        { id: empty.id, startedAt: '2026-09-10', endedAt: '2026-09-10', miles: 100 },
        { id: onLoad.id, startedAt: '2026-08-03', endedAt: '2026-08-04', miles: 360 },
      ],
      quarters: ['2026-Q4', '2026-Q3', '2026-Q2', '2026-Q1'],
    })
  })
})
