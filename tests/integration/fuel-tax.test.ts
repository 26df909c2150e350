/**
 * Fuel tax through the API (ADR 122): fuel purchases and trips follow the resource contract;
 * the hand-worked quarter of tests/unit/ifta-return.test.ts comes back to the cent from
 * `GET /api/ifta/returns/{quarter}` and its CSV; filing closes the quarter to every write path
 * (409 period_closed), and only an admin reopens it, with the reason in the audit log.
 */
import fs from 'node:fs'

import { describe, expect, it } from 'vitest'

import * as purchaseCollection from '~/routes/api/fuel-purchases/collection'
import * as purchaseItem from '~/routes/api/fuel-purchases/item'
import * as fileRoute from '~/routes/api/ifta/file'
import * as rateMatrix from '~/routes/api/ifta/rate-matrix'
import * as rates from '~/routes/api/ifta/rates'
import * as returnRoute from '~/routes/api/ifta/return'
import * as tripCollection from '~/routes/api/trips/collection'
import * as tripItem from '~/routes/api/trips/item'
import { CLIENT_IP_HEADER } from '~/utils/client-ip'
import { prisma } from '~/utils/db.server'

import { callApi, describeResourceContract, expectDocumentedAnswer } from '../contract-kit'
import { createOrg } from '../helpers'
import { expectHandWorkedFigures, handWorkedQuarter, truckOf } from '../ifta-fixtures'

/** Another organization's id of the right shape: must read as "unknown", never as a link. */
const otherId = (id: string) => `${id.slice(0, -1)}${id.endsWith('a') ? 'b' : 'a'}`

let odometer = 0

describeResourceContract({
  path: '/api/fuel-purchases',
  entity: 'fuelPurchase',
  collection: purchaseCollection,
  item: purchaseItem,
  validBody: async (org) => ({
    truckId: (await truckOf(org)).id,
    purchasedAt: '2026-05-04',
    jurisdiction: 'tx',
    gallons: 120.125,
    totalCents: 48_050,
    vendor: 'Love’s #512',
  }),
  change: { field: 'vendor', value: 'Pilot #88' },
  invalidBodies: (org) => [
    { body: {}, field: 'truckId' },
    { body: { truckId: org.company.id, purchasedAt: '2026-05-04', jurisdiction: 'TX', gallons: 10, totalCents: 100 }, field: 'truckId' },
    { body: { truckId: 'x', purchasedAt: '2026-05-04', jurisdiction: 'ZZ', gallons: 10, totalCents: 100 }, field: 'jurisdiction' },
    { body: { truckId: 'x', purchasedAt: '2026-05-04', jurisdiction: 'TX', gallons: 0, totalCents: 100 }, field: 'gallons' },
    { body: { truckId: 'x', purchasedAt: '2026-05-04', jurisdiction: 'TX', gallons: -5, totalCents: 100 }, field: 'gallons' },
    { body: { truckId: 'x', purchasedAt: '2026-05-04', jurisdiction: 'TX', gallons: 1.2345, totalCents: 100 }, field: 'gallons' },
    { body: { truckId: 'x', purchasedAt: '2026-05-04', jurisdiction: 'TX', gallons: 10, totalCents: -1 }, field: 'totalCents' },
    { body: { truckId: 'x', purchasedAt: '2026-02-30', jurisdiction: 'TX', gallons: 10, totalCents: 1 }, field: 'purchasedAt' },
    { body: { truckId: 'x', purchasedAt: '2026-05-04', jurisdiction: 'TX', gallons: 10, totalCents: 1, fuelType: 'kerosene' }, field: 'fuelType' },
    { body: { truckId: 'x', purchasedAt: '2026-05-04', jurisdiction: 'TX', gallons: 10, totalCents: 1, odometer: -3 }, field: 'odometer' },
    { body: { truckId: 'x', purchasedAt: '2026-05-04', jurisdiction: 'TX', gallons: 10, totalCents: 1, vendor: 'a\u0000b' }, field: 'vendor' },
  ],
  count: (organizationId) => prisma.fuelPurchase.count({ where: { organizationId } }),
})

describeResourceContract({
  path: '/api/trips',
  entity: 'trip',
  collection: tripCollection,
  item: tripItem,
  validBody: async (org) => {
    const start = (odometer += 1_000)
    return {
      truckId: (await truckOf(org)).id,
      startedAt: '2026-05-01',
      endedAt: '2026-05-03',
      startOdometer: start,
      endOdometer: start + 900,
      jurisdictions: [
        { jurisdiction: 'TX', miles: 500 },
        { jurisdiction: 'ok', miles: 400, taxableMiles: 380 },
      ],
    }
  },
  change: { field: 'notes', value: 'Corrected by the contract suite' },
  invalidBodies: (org) => {
    const trip = { truckId: 'x', startedAt: '2026-05-01', endedAt: '2026-05-03', startOdometer: 1_000, endOdometer: 1_900 }
    return [
      { body: {}, field: 'truckId' },
      { body: { ...trip, jurisdictions: [{ jurisdiction: 'TX', miles: 700 }] }, field: 'jurisdictions' },
      { body: { ...trip, endOdometer: 900, jurisdictions: [{ jurisdiction: 'TX', miles: 0 }] }, field: 'endOdometer' },
      { body: { ...trip, endedAt: '2026-04-30', jurisdictions: [{ jurisdiction: 'TX', miles: 900 }] }, field: 'endedAt' },
      { body: { ...trip, jurisdictions: [{ jurisdiction: 'QQ', miles: 900 }] }, field: 'jurisdictions.0.jurisdiction' },
      { body: { ...trip, jurisdictions: [{ jurisdiction: 'TX', miles: 900, taxableMiles: 901 }] }, field: 'jurisdictions.0.taxableMiles' },
      {
        body: {
          ...trip,
          jurisdictions: [
            { jurisdiction: 'TX', miles: 450 },
            { jurisdiction: 'tx', miles: 450 },
          ],
        },
        field: 'jurisdictions.1.jurisdiction',
      },
      { body: { ...trip, jurisdictions: [] }, field: 'jurisdictions' },
      { body: { ...trip, truckId: org.company.id, jurisdictions: [{ jurisdiction: 'TX', miles: 900 }] }, field: 'truckId' },
      { body: { ...trip, loadId: otherId(org.company.id), jurisdictions: [{ jurisdiction: 'TX', miles: 900 }] }, field: 'loadId' },
    ]
  },
  count: (organizationId) => prisma.trip.count({ where: { organizationId } }),
})

describe('the quarterly return through the API', () => {
  it('gives the hand-worked quarter to the cent, in JSON and CSV, and filing closes it to every write', async () => {
    const org = await createOrg()
    const { t2, purchases, token } = await handWorkedQuarter(org)

    const filed = await callApi(fileRoute, {
      method: 'POST',
      path: '/api/ifta/returns/2026-Q3/file',
      params: { quarter: '2026-Q3' },
      token,
      body: { filedAt: '2026-12-01' },
    })
    expect(filed.status).toBe(200)
    const read = await callApi(returnRoute, {
      path: '/api/ifta/returns/2026-Q3?fuelType=diesel',
      params: { quarter: '2026-Q3' },
      token: org.users.viewer.token,
    })
    expect(read.status).toBe(200)
    const body = read.body.data
    expect(body).toEqual(filed.body.data)
    expectHandWorkedFigures(body, t2.id)
    expect(body.warnings[1].message).toContain('51000')

    const csv = await returnRoute.loader({
      request: new Request('http://localhost/api/ifta/returns/2026-Q3?format=csv', { headers: { Authorization: `Bearer ${token}` } }),
      params: { quarter: '2026-Q3' },
    } as never)
    const rows = (await csv.text()).trim().split(/\r?\n/)
    expect(rows[0]).toBe(
      'jurisdiction,totalMiles,taxableMiles,taxableGallons,taxPaidGallons,netTaxableGallons,ratePerGallon,taxCents,surchargeCents,interestCents,totalDueCents,totalGallons,mpg,penaltyCents',
    )
    expect(rows[2]).toBe('IN,1000,1000,172,60.000,112.000,0.5700,6384,1892,69,8345,,,')
    // The totals row: the lines' sums in their columns (tax 5,880 + surcharge 1,892 = the 7,772 tax due), then
    // total gallons, MPG and the penalty; tax, surcharge, interest and penalty add up to the total due.
    expect(rows.at(-1)).toBe('TOTAL,3500,3050,525,,,,5880,1892,93,12865,600.875,5.82,5000')

    // Closed: a new purchase, a change, a delete, a move in and a trip of the quarter are refused; nothing is written.
    const before = await prisma.fuelPurchase.count({ where: { organizationId: org.organization.id } })
    const purchase = purchases[0]
    const refusals = await Promise.all([
      callApi(purchaseCollection, {
        method: 'POST',
        path: '/api/fuel-purchases',
        token,
        body: { truckId: purchase.truckId, purchasedAt: '2026-09-30', jurisdiction: 'TX', gallons: 1, totalCents: 1 },
      }),
      callApi(purchaseItem, {
        method: 'PUT',
        path: `/api/fuel-purchases/${purchase.id}`,
        params: { id: purchase.id },
        token,
        body: { ...purchase, vendor: 'Changed' },
      }),
      callApi(purchaseItem, {
        method: 'PUT',
        path: `/api/fuel-purchases/${purchase.id}`,
        params: { id: purchase.id },
        token,
        body: { ...purchase, purchasedAt: '2026-10-01' },
      }),
      callApi(purchaseItem, { method: 'DELETE', path: `/api/fuel-purchases/${purchase.id}`, params: { id: purchase.id }, token }),
      callApi(tripCollection, {
        method: 'POST',
        path: '/api/trips',
        token,
        body: {
          truckId: t2.id,
          startedAt: '2026-09-01',
          endedAt: '2026-09-02',
          startOdometer: 51_600,
          endOdometer: 51_700,
          jurisdictions: [{ jurisdiction: 'IN', miles: 100 }],
        },
      }),
    ])
    expect(refusals.map((answer) => [answer.status, answer.body.error.code])).toEqual(Array(5).fill([409, 'period_closed']))
    expect(refusals[0].body.error.message).toContain('2026-Q3')
    const october = await callApi(purchaseCollection, {
      method: 'POST',
      path: '/api/fuel-purchases',
      token,
      body: { truckId: purchase.truckId, purchasedAt: '2026-10-01', jurisdiction: 'TX', gallons: 1, totalCents: 1 },
    })
    expect(october.status).toBe(201)
    const moveIn = await callApi(purchaseItem, {
      method: 'PUT',
      path: `/api/fuel-purchases/${october.body.data.id}`,
      params: { id: october.body.data.id },
      token,
      body: { ...october.body.data, purchasedAt: '2026-09-15' },
    })
    expect([moveIn.status, moveIn.body.error?.code]).toEqual([409, 'period_closed'])
    expect(await prisma.fuelPurchase.count({ where: { organizationId: org.organization.id } })).toBe(before + 1)

    // Filing again is refused; an accountant may not reopen; an admin reopens with a reason, audited.
    const again = await callApi(fileRoute, {
      method: 'POST',
      path: '/api/ifta/returns/2026-Q3/file',
      params: { quarter: '2026-Q3' },
      token,
      body: { filedAt: '2026-12-01' },
    })
    expect([again.status, again.body.error.code]).toEqual([409, 'invalid_transition'])
    const reopenPath = '/api/ifta/returns/2026-Q3/reopen'
    const notAdmin = await callApi(fileRoute, { method: 'POST', path: reopenPath, params: { quarter: '2026-Q3' }, token, body: { reason: 'Missed receipt' } })
    expect(notAdmin.status).toBe(403)
    const noReason = await callApi(fileRoute, { method: 'POST', path: reopenPath, params: { quarter: '2026-Q3' }, token: org.users.admin.token, body: {} })
    expect([noReason.status, Object.keys(noReason.body.error.fields)]).toEqual([400, ['reason']])
    const reopened = await callApi(fileRoute, {
      method: 'POST',
      path: reopenPath,
      params: { quarter: '2026-Q3' },
      token: org.users.admin.token,
      body: { reason: 'Missed receipt' },
    })
    expect([reopened.status, reopened.body.data.status, reopened.body.data.filedAt]).toEqual([200, 'open', null])
    const audit = await prisma.auditEvent.findFirst({
      where: { organizationId: org.organization.id, entity: 'iftaReturn', entityId: '2026-Q3' },
      orderBy: { at: 'desc' },
    })
    expect(JSON.stringify(audit?.changes)).toContain('Missed receipt')
    const changed = await callApi(purchaseItem, {
      method: 'PUT',
      path: `/api/fuel-purchases/${purchase.id}`,
      params: { id: purchase.id },
      token,
      body: { ...purchase, vendor: 'Changed' },
    })
    expect([changed.status, changed.body.data.vendor]).toEqual([200, 'Changed'])
  })

  it('puts a gasoline unit on its own return, and reads and checks the rate table', async () => {
    const org = await createOrg()
    const { token } = await handWorkedQuarter(org)
    const gasoline = await callApi(returnRoute, { path: '/api/ifta/returns/2026-Q3?fuelType=gasoline', params: { quarter: '2026-Q3' }, token })
    expect([
      gasoline.body.data.totalMiles,
      gasoline.body.data.totalGallons,
      gasoline.body.data.mpg,
      gasoline.body.data.warnings.map((w: { code: string }) => w.code),
    ]).toEqual([300, '40.000', '7.50', ['missing_rate']])
    const table = await callApi(rates, { path: '/api/ifta/rates?quarter=2026-Q3', params: {}, token: org.users.viewer.token })
    expect([table.body.data.interestPerMonth, table.body.data.rates.length, table.body.data.rates[1]]).toEqual([
      '0.4167',
      5,
      { jurisdiction: 'IN', fuelType: 'diesel', ratePerGallon: '0.5700', surchargePerGallon: '0.1100' },
    ])
    const put = (body: unknown, as = token) =>
      callApi(rates, { method: 'PUT', path: '/api/ifta/rates/2026-Q3', params: { quarter: '2026-Q3' }, token: as, body })
    for (const [body, field] of [
      [{ rates: [{ jurisdiction: 'MX', fuelType: 'diesel', ratePerGallon: '0.1' }] }, 'rates.0.jurisdiction'],
      [{ rates: [{ jurisdiction: 'TX', fuelType: 'diesel', ratePerGallon: '0.12345' }] }, 'rates.0.ratePerGallon'],
      [{ rates: [{ jurisdiction: 'TX', fuelType: 'diesel', ratePerGallon: '-1' }] }, 'rates.0.ratePerGallon'],
      [
        {
          rates: [
            { jurisdiction: 'TX', fuelType: 'diesel', ratePerGallon: '0.2' },
            { jurisdiction: 'tx', fuelType: 'diesel', ratePerGallon: '0.3' },
          ],
        },
        'rates.1.jurisdiction',
      ],
      [{ rates: [], interestPerMonth: 'much' }, 'interestPerMonth'],
    ] as const) {
      const answer = await put(body)
      expect([answer.status, Object.keys(answer.body.error.fields ?? {})], JSON.stringify(body)).toEqual([400, [field]])
    }
    expect((await put({ rates: [] }, org.users.dispatcher.token)).status).toBe(403)
    expect((await callApi(rates, { method: 'PUT', path: '/api/ifta/rates/2026-Q9', params: { quarter: '2026-Q9' }, token, body: { rates: [] } })).status).toBe(
      404,
    )
    expect((await callApi(returnRoute, { path: '/api/ifta/returns/next', params: { quarter: 'next' }, token })).status).toBe(404)
    const early = await callApi(fileRoute, {
      method: 'POST',
      path: '/api/ifta/returns/2026-Q3/file',
      params: { quarter: '2026-Q3' },
      token,
      body: { filedAt: '2026-09-29' },
    })
    expect([early.status, Object.keys(early.body.error.fields)]).toEqual([400, ['filedAt']])
    const future = await callApi(fileRoute, {
      method: 'POST',
      path: '/api/ifta/returns/2026-Q3/file',
      params: { quarter: '2026-Q3' },
      token,
      body: { filedAt: '2100-01-01' },
    })
    expect([future.status, Object.keys(future.body.error.fields)]).toEqual([400, ['filedAt']])
  })

  it('keeps the period closed when a write and the filing race: the purchase is in the return or refused', async () => {
    const org = await createOrg()
    const truck = await truckOf(org)
    const token = org.users.accountant.token
    const [created, filed] = await Promise.all([
      callApi(purchaseCollection, {
        method: 'POST',
        path: '/api/fuel-purchases',
        token,
        body: { truckId: truck.id, purchasedAt: '2026-08-01', jurisdiction: 'TX', gallons: 50, totalCents: 20_000 },
      }),
      callApi(fileRoute, { method: 'POST', path: '/api/ifta/returns/2026-Q3/file', params: { quarter: '2026-Q3' }, token, body: { filedAt: '2026-11-20' } }),
    ])
    expect(filed.status).toBe(200)
    expect([201, 409]).toContain(created.status)
    const stored = await prisma.fuelPurchase.count({ where: { organizationId: org.organization.id } })
    // Created: the filing came second and its return holds the gallons. Refused: nothing stored.
    expect(stored).toBe(created.status === 201 ? 1 : 0)
    if (created.status === 201) expect(filed.body.data.totalGallons).toBe('50.000')
  })
})

// The contract's `POST /api/ifta/rates/{quarter}/import` (ADR 137): the rates page's model function behind the API.
describe('POST /api/ifta/rates/{quarter}/import', () => {
  const MATRIX = fs.readFileSync('tests/fixtures/ifta/rate-matrix.csv')
  const upload = (token: string, content: string | Buffer, quarter = '2026-Q2') => {
    const form = new FormData()
    form.set('file', new File([typeof content === 'string' ? content : new Uint8Array(content)], 'matrix.csv', { type: 'text/csv' }))
    return callApi(rateMatrix, { method: 'POST', path: `/api/ifta/rates/${quarter}/import`, params: { quarter }, token, form })
  }
  const read = (token: string, quarter = '2026-Q2') => callApi(rates, { path: `/api/ifta/rates?quarter=${quarter}`, params: {}, token })
  const stored = (organizationId: string) =>
    prisma.iftaRate.findMany({ where: { organizationId }, orderBy: [{ quarter: 'asc' }, { jurisdiction: 'asc' }, { fuelType: 'asc' }] })

  it('stores the matrix’s rates and answers them as GET does, from a multipart file or a text/csv body', async () => {
    const org = await createOrg()
    const token = org.users.accountant.token
    const imported = await upload(token, MATRIX)
    expect(imported.status).toBe(200)
    expect(imported.body.data.quarter).toBe('2026-Q2')
    expect(imported.body.data.rates).toHaveLength(50)
    expect(imported.body.data.rates.filter((rate: { fuelType: string }) => rate.fuelType === 'diesel')).toEqual([
      { jurisdiction: 'AB', fuelType: 'diesel', ratePerGallon: '0.3940', surchargePerGallon: null },
      { jurisdiction: 'IN', fuelType: 'diesel', ratePerGallon: '0.5700', surchargePerGallon: '0.1100' },
      { jurisdiction: 'OK', fuelType: 'diesel', ratePerGallon: '0.1900', surchargePerGallon: null },
      { jurisdiction: 'QC', fuelType: 'diesel', ratePerGallon: '0.6235', surchargePerGallon: null },
      { jurisdiction: 'TX', fuelType: 'diesel', ratePerGallon: '0.2000', surchargePerGallon: null },
    ])
    // What the import answered is what GET reads, for a viewer too.
    expect((await read(org.users.viewer.token)).body).toEqual(imported.body)
    // The whole body as text/csv: the same table, replaced, not doubled.
    const request = new Request('http://localhost/api/ifta/rates/2026-Q2/import', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/csv', [CLIENT_IP_HEADER]: '198.51.100.9' },
      body: new Uint8Array(MATRIX),
    })
    const response = await rateMatrix.action({ request, params: { quarter: '2026-Q2' }, context: {} } as never)
    const again = { status: response.status, body: await response.json() }
    expectDocumentedAnswer('POST', '/api/ifta/rates/2026-Q2/import', again)
    expect(again).toEqual({ status: 200, body: imported.body })
    expect(await prisma.iftaRate.count({ where: { organizationId: org.organization.id } })).toBe(50)
  })

  it('refuses a malformed matrix with 400 validation_failed naming the line, a viewer with 403, writing nothing', async () => {
    const org = await createOrg()
    const token = org.users.accountant.token
    expect((await upload(token, MATRIX)).status).toBe(200)
    const before = await stored(org.organization.id)
    const broken = await upload(token, MATRIX.toString().replace('$ 0.1900', '$ 0.19x0'))
    expect([broken.status, broken.body.error.code, broken.body.error.fields]).toEqual([
      400,
      'validation_failed',
      { file: ['Line 10, Special Diesel: “0.19x0” is not a rate in dollars per gallon.'] },
    ])
    expect((await upload(token, '"Jurisdiction,Special Diesel\r\nTX,0.20\r\n')).body.error.code).toBe('validation_failed')
    expect((await upload(token, 'a,b\r\n1,2\r\n')).body.error.fields).toEqual({ file: ['No header row with a “Jurisdiction” column was found.'] })
    const empty = await upload(token, '')
    expect([empty.status, empty.body.error.code]).toEqual([400, 'validation_failed'])
    const large = await upload(token, Buffer.alloc(300 * 1024, 'a'))
    expect([large.status, large.body.error.code]).toEqual([413, 'payload_too_large'])
    const viewer = await upload(org.users.viewer.token, MATRIX.toString().replace('$ 0.1900', '$ 0.2500'))
    expect([viewer.status, viewer.body.error.code]).toEqual([403, 'forbidden'])
    expect((await upload(org.users.dispatcher.token, MATRIX)).status).toBe(403)
    expect(await stored(org.organization.id)).toEqual(before)
    expect((await upload(token, MATRIX, '2026-Q9')).status).toBe(404)
    const json = await callApi(rateMatrix, { method: 'POST', path: '/api/ifta/rates/2026-Q2/import', params: { quarter: '2026-Q2' }, token, body: {} })
    expect([json.status, json.body.error.code]).toEqual([415, 'unsupported_media_type'])
    expect((await callApi(rateMatrix, { path: '/api/ifta/rates/2026-Q2/import', params: { quarter: '2026-Q2' }, token })).status).toBe(405)
  })

  it('leaves a filed quarter’s rates as filed: PUT and the import are 409 period_closed until an admin reopens it', async () => {
    const org = await createOrg()
    const token = org.users.accountant.token
    expect((await upload(token, MATRIX)).status).toBe(200)
    const before = await stored(org.organization.id)
    const file = (action: 'file' | 'reopen', body: Record<string, string>, as = token) =>
      callApi(fileRoute, { method: 'POST', path: `/api/ifta/returns/2026-Q2/${action}`, params: { quarter: '2026-Q2' }, token: as, body })
    expect((await file('file', { filedAt: '2026-07-20' })).status).toBe(200)
    expect((await read(token)).body.data.status).toBe('filed')
    const put = await callApi(rates, {
      method: 'PUT',
      path: '/api/ifta/rates/2026-Q2',
      params: { quarter: '2026-Q2' },
      token,
      body: { rates: [{ jurisdiction: 'TX', fuelType: 'diesel', ratePerGallon: '0.2100' }] },
    })
    const imported = await upload(token, MATRIX)
    expect([put.status, put.body.error?.code, imported.status, imported.body.error?.code]).toEqual([409, 'period_closed', 409, 'period_closed'])
    expect(put.body.error.message).toContain('2026-Q2')
    expect(await stored(org.organization.id)).toEqual(before)
    expect((await file('reopen', { reason: 'Rate typo' }, org.users.admin.token)).status).toBe(200)
    expect((await upload(token, MATRIX)).status).toBe(200)
  })

  it('leaves another organization’s quarter untouched', async () => {
    const [ours, theirs] = await Promise.all([createOrg(), createOrg()])
    const theirRates = { rates: [{ jurisdiction: 'TX', fuelType: 'diesel', ratePerGallon: '0.3100' }], interestPerMonth: '0.5000' }
    const put = await callApi(rates, {
      method: 'PUT',
      path: '/api/ifta/rates/2026-Q2',
      params: { quarter: '2026-Q2' },
      token: theirs.users.accountant.token,
      body: theirRates,
    })
    expect(put.status).toBe(200)
    const before = await stored(theirs.organization.id)
    expect((await upload(ours.users.accountant.token, MATRIX)).status).toBe(200)
    expect(await stored(theirs.organization.id)).toEqual(before)
    expect((await read(theirs.users.accountant.token)).body.data).toMatchObject({
      interestPerMonth: '0.5000',
      rates: [{ jurisdiction: 'TX', fuelType: 'diesel', ratePerGallon: '0.3100', surchargePerGallon: null }],
    })
    expect(await prisma.iftaRate.count({ where: { organizationId: ours.organization.id } })).toBe(50)
  })
})

describe('trips and fuel purchases of another organization’s unit', () => {
  it('are refused by POST /api/fuel-purchases and POST /api/trips with 400 at truckId, writing nothing in either organization', async () => {
    const [ours, theirs] = await Promise.all([createOrg(), createOrg()])
    const theirTruck = await truckOf(theirs)
    const token = ours.users.accountant.token
    const purchase = await callApi(purchaseCollection, {
      method: 'POST',
      path: '/api/fuel-purchases',
      token,
      body: { truckId: theirTruck.id, purchasedAt: '2026-05-04', jurisdiction: 'TX', gallons: 100, totalCents: 40_000 },
    })
    const trip = await callApi(tripCollection, {
      method: 'POST',
      path: '/api/trips',
      token,
      body: {
        truckId: theirTruck.id,
        startedAt: '2026-05-01',
        endedAt: '2026-05-02',
        startOdometer: 1_000,
        endOdometer: 1_500,
        jurisdictions: [{ jurisdiction: 'TX', miles: 500 }],
      },
    })
    for (const answer of [purchase, trip]) {
      expect([answer.status, answer.body.error.code]).toEqual([400, 'validation_failed'])
      expect(answer.body.error.fields).toEqual({ truckId: ['Choose one of your trucks.'] })
    }
    for (const organizationId of [ours.organization.id, theirs.organization.id]) {
      expect(await prisma.fuelPurchase.count({ where: { organizationId } })).toBe(0)
      expect(await prisma.trip.count({ where: { organizationId } })).toBe(0)
    }
  })
})

describe('a trip’s states', () => {
  it('come back in the order entered, from POST, GET and the list, and in a changed order after PUT (ADR 154)', async () => {
    const org = await createOrg()
    const token = org.users.accountant.token
    const truck = await truckOf(org)
    const states = (answer: { body: { data: { jurisdictions: Array<{ jurisdiction: string }> } } }) =>
      answer.body.data.jurisdictions.map((line) => line.jurisdiction)
    const created = await callApi(tripCollection, {
      method: 'POST',
      path: '/api/trips',
      token,
      body: {
        truckId: truck.id,
        startedAt: '2026-05-01',
        endedAt: '2026-05-02',
        startOdometer: 10_000,
        endOdometer: 10_600,
        jurisdictions: [
          { jurisdiction: 'TX', miles: 300 },
          { jurisdiction: 'OK', miles: 200 },
          { jurisdiction: 'AR', miles: 100 },
        ],
      },
    })
    expect(created.status).toBe(201)
    const id = created.body.data.id
    expect(states(created)).toEqual(['TX', 'OK', 'AR'])
    const read = () => callApi(tripItem, { path: `/api/trips/${id}`, params: { id }, token })
    expect(states(await read())).toEqual(['TX', 'OK', 'AR'])
    const list = await callApi(tripCollection, { path: '/api/trips', token })
    expect(list.body.data.map((each: { jurisdictions: Array<{ jurisdiction: string }> }) => each.jurisdictions.map((line) => line.jurisdiction))).toEqual([
      ['TX', 'OK', 'AR'],
    ])

    const reordered = [
      { jurisdiction: 'AR', miles: 100 },
      { jurisdiction: 'TX', miles: 300 },
      { jurisdiction: 'OK', miles: 200 },
    ]
    const put = await callApi(tripItem, {
      method: 'PUT',
      path: `/api/trips/${id}`,
      params: { id },
      token,
      body: { ...created.body.data, jurisdictions: reordered },
    })
    expect([put.status, states(put)]).toEqual([200, ['AR', 'TX', 'OK']])
    expect(states(await read())).toEqual(['AR', 'TX', 'OK'])
  })
})
