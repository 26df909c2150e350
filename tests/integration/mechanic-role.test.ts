/**
 * The mechanic (ADR 134): the fleet and its inspections, every load read without its money. Loads
 * read but not changed; a report's defects certified; invoices, settlements, banking and analytics
 * refused (403 in the API, the permission-denied answer on the pages); a load's rates, charges and
 * rate confirmations left out of the pages and the API.
 */
import { describe, expect, it } from 'vitest'

import { readLoadDocument } from '~/models/loads/load-document.server'
import { certifyInspection, createInspection } from '~/models/maintenance/inspection.server'
import * as certifyRoute from '~/routes/api/inspections/certify'
import * as invoicesApi from '~/routes/api/invoices/collection'
import * as loadsApi from '~/routes/api/loads/collection'
import * as loadApi from '~/routes/api/loads/item'
import * as settlementsApi from '~/routes/api/settlements/collection'
import * as analyticsPage from '~/routes/dashboard/analytics'
import * as dashboardApp from '~/routes/dashboard/app'
import * as bankingPage from '~/routes/dashboard/banking'
import * as invoiceList from '~/routes/dashboard/invoices/list'
import * as loadDocument from '~/routes/dashboard/loads/document'
import * as loadList from '~/routes/dashboard/loads/list'
import * as loadView from '~/routes/dashboard/loads/view'
import * as settlementList from '~/routes/dashboard/settlements/list'
import * as truckEditor from '~/routes/dashboard/trucks/editor'
import { InspectionSchema } from '~/schemas/inspection'
import { prisma } from '~/utils/db.server'
import { type PackedRows, unpackRows } from '~/utils/packed-rows'

import { callApi } from '../contract-kit'
import { actorOf, createOrg, fleet, newLoad, type Org, refusal, unique } from '../helpers'
import { callPage, type Handler, postForm } from '../page-helpers'

const NOW = new Date('2026-12-03T15:00:00Z')

/** A booked load with a charge, and a rate confirmation on file (its row; the file is never read). */
async function loadWithMoney(org: Org) {
  const { broker, truck, trailer, driverId } = await fleet(org)
  const load = await newLoad(org, {
    brokerId: broker.id,
    driverId,
    truckId: truck.id,
    trailerId: trailer.id,
    charges: [{ type: 'detention', amountCents: 7_500 }],
  })
  const rateConn = await prisma.loadDocument.create({
    data: {
      loadId: load.id,
      organizationId: org.organization.id,
      kind: 'rateConn',
      fileName: 'rate-con.pdf',
      contentType: 'application/pdf',
      sizeBytes: 10,
      storageKey: unique('key'),
    },
  })
  return { load, truck, rateConn }
}

describe('the mechanic', () => {
  it('reads a load without its money, on the page and in the API, and may not change it', async () => {
    const org = await createOrg()
    const { load, rateConn } = await loadWithMoney(org)
    const page = (role: 'mechanic' | 'dispatcher') => callPage(loadView.loader as Handler, `/dashboard/loads/${load.id}`, org.users[role].id, { id: load.id })

    const seen = await page('mechanic')
    expect(seen.status).toBe(200)
    expect(seen.data).toMatchObject({
      offers: { edit: false, delete: false, cancel: false, moves: [] },
      load: { loadNumber: load.loadNumber, linehaulCents: null, totalCents: null, ratePerMileCents: null, chargesCents: null, charges: [], documents: [] },
      links: { truck: true, trailer: true, broker: false },
    })
    // The office sees the same load with its money and its rate confirmation.
    expect((await page('dispatcher')).data).toMatchObject({
      load: { linehaulCents: 150_000, totalCents: 157_500, chargesCents: 7_500, documents: [{ id: rateConn.id, kind: 'rateConn' }] },
    })

    const move = await callPage(
      loadView.action as Handler,
      `/dashboard/loads/${load.id}`,
      org.users.mechanic.id,
      { id: load.id },
      postForm({ intent: 'status', status: 'canceled', version: '1' }),
    )
    expect(move.status).toBe(403)

    const path = `/api/loads/${load.id}`
    const read = await callApi(loadApi, { path, params: { id: load.id }, token: org.users.mechanic.token })
    expect(read.status).toBe(200)
    expect(read.body.data).toMatchObject({ linehaulCents: null, totalCents: null, ratePerMileCents: null, charges: [], rateConn: [] })
    const office = await callApi(loadApi, { path, params: { id: load.id }, token: org.users.accountant.token })
    expect(office.body.data).toMatchObject({ linehaulCents: 150_000, totalCents: 157_500, rateConn: [{ id: rateConn.id }] })
    const put = await callApi(loadApi, { method: 'PUT', path, params: { id: load.id }, token: org.users.mechanic.token, body: { ...office.body.data } })
    expect([put.status, put.body.error?.code]).toEqual([403, 'forbidden'])
    expect(await prisma.load.findUniqueOrThrow({ where: { id: load.id } })).toMatchObject({ status: 'booked', version: 1 })
  })

  it('lists loads without a total, and not in the order of their totals', async () => {
    const org = await createOrg()
    await loadWithMoney(org)
    const list = await callPage(loadList.loader as Handler, '/dashboard/loads/list?sort=totalCents&dir=desc', org.users.mechanic.id)
    expect(list.status).toBe(200)
    const data = list.data as { money: boolean; query: { sort: string }; loads: unknown }
    expect([data.money, data.query.sort]).toEqual([false, 'pickupAt'])
    expect(unpackRows(data.loads as PackedRows<{ totalCents: number | null; ratePerMileCents: number | null }>)).toMatchObject([
      { totalCents: null, ratePerMileCents: null },
    ])
    const officeList = await callPage(loadList.loader as Handler, '/dashboard/loads/list?sort=totalCents', org.users.dispatcher.id)
    expect((officeList.data as { query: { sort: string } }).query.sort).toBe('totalCents')

    const rows = await callApi(loadsApi, { path: '/api/loads?sort=totalCents', token: org.users.mechanic.token })
    expect(rows.status).toBe(200)
    expect(rows.body.data).toMatchObject([{ linehaulCents: null, totalCents: null, ratePerMileCents: null }])
  })

  it('may not open a rate confirmation: the permission-denied answer on the page, forbidden in the model', async () => {
    const org = await createOrg()
    const { load, rateConn } = await loadWithMoney(org)
    const user = { id: org.users.mechanic.id, organizationId: org.organization.id, role: 'mechanic' as const }
    expect((await refusal(readLoadDocument(user, load.id, rateConn.id))).code).toBe('forbidden')
    const answer = await callPage(loadDocument.loader as Handler, `/dashboard/loads/${load.id}/documents/${rateConn.id}`, org.users.mechanic.id, {
      id: load.id,
      documentId: rateConn.id,
    })
    expect(answer.status).toBe(403)
  })

  it('files a yard inspection and certifies a driver’s defects', async () => {
    const org = await createOrg()
    const truck = await prisma.truck.create({ data: { organizationId: org.organization.id, unitNumber: unique('T').slice(0, 20) } })
    const report = await createInspection(
      actorOf(org, 'driver'),
      InspectionSchema.parse({
        truckId: truck.id,
        kind: 'pre_trip',
        inspectedAt: '2026-12-03T14:30:00Z',
        odometer: 120_000,
        defects: [{ item: 'service_brakes', note: 'Air leak', outOfService: true }],
      }),
      NOW,
    )
    const certifyPath = `/api/inspections/${report.id}/certify`
    const certified = await callApi(certifyRoute, {
      method: 'POST',
      path: certifyPath,
      params: { id: report.id },
      token: org.users.mechanic.token,
      body: { repaired: true, note: 'New air line', version: report.version },
    })
    expect([certified.status, certified.body.data?.status]).toEqual([200, 'certified'])
    expect(await prisma.inspectionDefect.findMany({ where: { inspectionId: report.id } })).toMatchObject([{ certifiedById: org.users.mechanic.id }])

    const yard = await createInspection(
      actorOf(org, 'mechanic'),
      InspectionSchema.parse({
        truckId: truck.id,
        kind: 'post_trip',
        inspectedAt: '2026-12-03T14:45:00Z',
        odometer: 120_010,
        defects: [{ item: 'horn', note: 'Weak', outOfService: false }],
      }),
      NOW,
    )
    const again = await certifyInspection(actorOf(org, 'mechanic'), yard.id, { repaired: true, note: 'Horn replaced', version: yard.version }, NOW)
    expect(again.defects).toMatchObject([{ repaired: true, certifiedById: org.users.mechanic.id }])
  })

  it('keeps the units’ records but does not add units', async () => {
    const org = await createOrg()
    const truck = await prisma.truck.create({ data: { organizationId: org.organization.id, unitNumber: unique('T').slice(0, 20) } })
    const mechanic = org.users.mechanic.id
    expect((await callPage(truckEditor.loader as Handler, `/dashboard/trucks/${truck.id}/edit`, mechanic, { id: truck.id })).status).toBe(200)
    expect((await callPage(truckEditor.loader as Handler, '/dashboard/trucks/new', mechanic)).status).toBe(403)
  })

  it('is refused money: invoices, settlements, banking and analytics', async () => {
    const org = await createOrg()
    const mechanic = org.users.mechanic
    for (const [handler, path] of [
      [invoiceList.loader, '/dashboard/invoice/list'],
      [settlementList.loader, '/dashboard/settlements/list'],
      [bankingPage.loader, '/dashboard/banking'],
      [analyticsPage.loader, '/dashboard/analytics'],
    ] as const)
      expect({ path, status: (await callPage(handler as Handler, path, mechanic.id)).status }).toEqual({ path, status: 403 })
    for (const [module, path] of [
      [invoicesApi, '/api/invoice'],
      [settlementsApi, '/api/settlements'],
    ] as const) {
      const answer = await callApi(module, { path, token: mechanic.token })
      expect({ path, status: answer.status, code: answer.body.error?.code }).toEqual({ path, status: 403, code: 'forbidden' })
    }
  })

  it('has a dashboard of the fleet and the reports to certify, without users or money', async () => {
    const org = await createOrg()
    const truck = await prisma.truck.create({ data: { organizationId: org.organization.id, unitNumber: unique('T').slice(0, 20), status: 'maintenance' } })
    await createInspection(
      actorOf(org, 'driver'),
      InspectionSchema.parse({
        truckId: truck.id,
        kind: 'pre_trip',
        inspectedAt: '2026-12-03T14:30:00Z',
        odometer: 1_000,
        defects: [{ item: 'tires', note: 'Cut sidewall', outOfService: true }],
      }),
      NOW,
    )
    const answer = await callPage(dashboardApp.loader as Handler, '/dashboard/app', org.users.mechanic.id)
    expect(answer.status).toBe(200)
    expect(answer.data).toMatchObject({ trucks: { maintenance: 1 }, users: null, inspections: { out_of_service: 1, defects_open: 0 } })
  })
})
