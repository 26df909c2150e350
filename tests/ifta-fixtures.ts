/**
 * The fuel tax tests' records: the hand-worked quarter of tests/unit/ifta-return.test.ts entered
 * through the API (2026-Q3, three units, rates and an interest rate), shared by the API's, the
 * page's and the PDF's tests, so all check the same figures.
 */
import { expect } from 'vitest'

import * as purchaseCollection from '~/routes/api/fuel-purchases/collection'
import * as rates from '~/routes/api/ifta/rates'
import * as tripCollection from '~/routes/api/trips/collection'
import type { IftaReturnRecord } from '~/schemas/ifta'
import { prisma } from '~/utils/db.server'

import { callApi } from './contract-kit'
import { type Org, unique } from './helpers'

/**
 * The hand-worked quarter's figures, filed on 2026-12-01 (a month late), to the cent: wherever the
 * return is read (the API, the page), the same. `lateTruckId`: the unit whose trip began the quarter before.
 */
export function expectHandWorkedFigures(body: IftaReturnRecord, lateTruckId: string) {
  expect([body.status, body.filedAt, body.dueDate, body.totalMiles, body.taxableMiles, body.totalGallons, body.mpg]).toEqual([
    'filed',
    '2026-12-01',
    '2026-10-31',
    3_500,
    3_050,
    '600.875',
    '5.82',
  ])
  expect(
    body.lines.map((line) => [line.jurisdiction, line.taxableGallons, line.netTaxableGallons, line.ratePerGallon, line.taxCents, line.surchargeCents]),
  ).toEqual([
    ['IL', 86, '-34.125', '0.4540', -1_549, 0],
    ['IN', 172, '112.000', '0.5700', 6_384, 1_892],
    ['KS', 112, '112.000', '0.2600', 2_912, 0],
    ['OK', 52, '-48.250', '0.1900', -917, 0],
    ['TX', 103, '-47.500', '0.2000', -950, 0],
  ])
  expect([body.taxDueCents, body.penaltyCents, body.interestCents, body.totalDueCents]).toEqual([7_772, 5_000, 93, 12_865])
  expect(body.warnings.map((warning) => [warning.code, warning.truckId])).toEqual([
    ['trip_outside_quarter', lateTruckId],
    ['odometer_gap', lateTruckId],
  ])
}

export async function truckOf(org: Org, unitNumber = unique('F').slice(0, 20)) {
  return prisma.truck.create({ data: { organizationId: org.organization.id, unitNumber } })
}

/** The quarter of tests/unit/ifta-return.test.ts, entered through the API. */
export async function handWorkedQuarter(org: Org) {
  const token = org.users.accountant.token
  const [t1, t2, t3] = await Promise.all(['T1', 'T2', 'T3'].map((unit) => truckOf(org, unique(unit).slice(0, 20))))
  const trip = async (truckId: string, startedAt: string, endedAt: string, startOdometer: number, endOdometer: number, jurisdictions: object[]) => {
    const answer = await callApi(tripCollection, {
      method: 'POST',
      path: '/api/trips',
      token,
      body: { truckId, startedAt, endedAt, startOdometer, endOdometer, jurisdictions },
    })
    expect(answer.status).toBe(201)
    return answer.body.data
  }
  await trip(t1.id, '2026-07-01', '2026-07-05', 100_000, 101_200, [
    { jurisdiction: 'TX', miles: 600 },
    { jurisdiction: 'OK', miles: 300 },
    { jurisdiction: 'KS', miles: 300 },
  ])
  await trip(t1.id, '2026-07-06', '2026-07-10', 101_200, 102_000, [
    { jurisdiction: 'KS', miles: 400, taxableMiles: 350 },
    { jurisdiction: 'MX', miles: 400 },
  ])
  await trip(t2.id, '2026-06-28', '2026-07-03', 50_000, 51_000, [
    { jurisdiction: 'IL', miles: 500 },
    { jurisdiction: 'IN', miles: 500 },
  ])
  await trip(t2.id, '2026-07-10', '2026-07-12', 51_100, 51_600, [{ jurisdiction: 'IN', miles: 500 }])
  await trip(t3.id, '2026-08-01', '2026-08-02', 1_000, 1_300, [{ jurisdiction: 'TX', miles: 300 }])
  const purchases: Array<[string, string, string, number, boolean]> = [
    [t1.id, 'TX', 'diesel', 150.5, true],
    [t1.id, 'OK', 'diesel', 100.25, true],
    [t1.id, 'MX', 'diesel', 80, true],
    [t2.id, 'IL', 'diesel', 120.125, true],
    [t2.id, 'IN', 'diesel', 90, false],
    [t2.id, 'IN', 'diesel', 60, true],
    [t3.id, 'TX', 'gasoline', 40, true],
  ]
  const created = []
  for (const [truckId, jurisdiction, fuelType, gallons, taxPaid] of purchases) {
    const answer = await callApi(purchaseCollection, {
      method: 'POST',
      path: '/api/fuel-purchases',
      token,
      body: { truckId, purchasedAt: '2026-07-15', jurisdiction, fuelType, gallons, totalCents: Math.round(gallons * 400), taxPaid },
    })
    expect(answer.status).toBe(201)
    created.push(answer.body.data)
  }
  const table = await callApi(rates, {
    method: 'PUT',
    path: '/api/ifta/rates/2026-Q3',
    params: { quarter: '2026-Q3' },
    token,
    body: {
      interestPerMonth: '0.4167',
      rates: [
        { jurisdiction: 'IL', fuelType: 'diesel', ratePerGallon: '0.4540' },
        { jurisdiction: 'IN', fuelType: 'diesel', ratePerGallon: '0.57', surchargePerGallon: '0.1100' },
        { jurisdiction: 'KS', fuelType: 'diesel', ratePerGallon: '0.2600' },
        { jurisdiction: 'OK', fuelType: 'diesel', ratePerGallon: '0.19' },
        { jurisdiction: 'tx', fuelType: 'diesel', ratePerGallon: '0.2000' },
      ],
    },
  })
  expect(table.status).toBe(200)
  return { t1, t2, t3, purchases: created, token }
}
