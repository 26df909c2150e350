/**
 * Work orders (ADR 132): completing one certifies its defects and puts the unit back on the road,
 * an annual inspection moves the unit's next one a year on, parts take the store's stock in the
 * order's transaction and never below zero (also under concurrent orders), the policy's moves,
 * bad input refused at its field with nothing written, and the API's contract for /api/work-orders.
 */
import { describe, expect, it } from 'vitest'

import { moveLoad } from '~/models/loads/load-status.server'
import { createInspection } from '~/models/maintenance/inspection.server'
import { latestOdometer } from '~/models/maintenance/unit-odometer.server'
import { cancelWorkOrder, completeWorkOrder, createWorkOrder, deleteWorkOrder, startWorkOrder, updateWorkOrder } from '~/models/maintenance/work-order.server'
import { deleteTrailer } from '~/models/reference/trailer.server'
import { deleteTruck } from '~/models/reference/truck.server'
import * as workOrdersRoute from '~/routes/api/work-orders/collection'
import * as workOrderRoute from '~/routes/api/work-orders/item'
import * as pdfRoute from '~/routes/api/work-orders/pdf'
import * as moveRoute from '~/routes/api/work-orders/status'
import * as editorPage from '~/routes/dashboard/work-orders/editor'
import * as listPage from '~/routes/dashboard/work-orders/list'
import * as pdfPage from '~/routes/dashboard/work-orders/pdf'
import * as viewPage from '~/routes/dashboard/work-orders/view'
import { InspectionSchema } from '~/schemas/inspection'
import { WorkOrderSchema } from '~/schemas/work-order'
import { prisma } from '~/utils/db.server'
import { unpackRows } from '~/utils/packed-rows'

import { callApi } from '../contract-kit'
import { actorOf, createOrg, fleet, newLoad, type Org, refusal, unique } from '../helpers'
import { callPage, postForm, refusalOf } from '../page-helpers'
import { pdfText } from '../pdf-text'

const NOW = new Date('2026-12-03T15:00:00Z')

async function product(org: Org, stock: number, name = 'Brake chamber') {
  return prisma.product.create({ data: { organizationId: org.organization.id, name, sku: unique('SKU').slice(0, 30), priceCents: 4_500, stock } })
}

/** A driver's report of the truck with an out-of-service brake defect. */
async function brokenTruck(org: Org, truckId: string, odometer = 120_000) {
  return createInspection(
    actorOf(org, 'driver'),
    InspectionSchema.parse({
      truckId,
      kind: 'pre_trip',
      inspectedAt: '2026-12-03T14:30:00Z',
      odometer,
      defects: [{ item: 'service_brakes', note: 'Air leak at the front axle', outOfService: true }],
    }),
    NOW,
  )
}

const order = (fields: Record<string, unknown>) => WorkOrderSchema.parse({ kind: 'repair', description: 'Replace the front brake chamber', ...fields })
const stockOf = async (id: string) => (await prisma.product.findUniqueOrThrow({ where: { id } })).stock

describe('work orders', () => {
  it('completing the repair certifies the driver’s defect: the truck that was refused dispatch is dispatched', async () => {
    const org = await createOrg()
    const { broker, truck, trailer, driverId } = await fleet(org)
    const load = await newLoad(org, { brokerId: broker.id, driverId, truckId: truck.id, trailerId: trailer.id })
    const report = await brokenTruck(org, truck.id)
    const dispatch = () => moveLoad(actorOf(org, 'dispatcher'), load.id, { status: 'dispatched', version: load.version })
    expect((await refusal(dispatch())).code).toBe('out_of_service')

    const chamber = await product(org, 5)
    const opened = await createWorkOrder(
      actorOf(org, 'dispatcher'),
      order({
        truckId: truck.id,
        defectIds: report.defects.map((defect) => defect.id),
        lines: [
          { kind: 'part', description: 'Brake chamber', quantity: 2, unitCostCents: 4_550, productId: chamber.id },
          { kind: 'labor', description: 'Shop labor', quantity: 1.5, unitCostCents: 9_999 },
        ],
      }),
    )
    // 2 × 45.50 + 1.5 × 99.99 = 91.00 + 149.985 → 149.99 (one rounding per line, half up).
    expect([opened.number, opened.status, opened.totalCents, opened.lines.map((line) => line.totalCents)]).toEqual([
      'WO-000001',
      'open',
      24_099,
      [9_100, 14_999],
    ])
    expect(await stockOf(chamber.id)).toBe(3)
    // Opening the order alone does not put the truck back on the road.
    expect((await refusal(dispatch())).code).toBe('out_of_service')

    const started = await startWorkOrder(actorOf(org, 'dispatcher'), opened.id, { version: opened.version })
    const completed = await completeWorkOrder(
      actorOf(org, 'admin'),
      opened.id,
      { completedAt: '2026-12-03T14:45:00Z', odometer: 120_010, version: started.version },
      NOW,
    )
    expect([completed.status, completed.completedById, completed.odometer]).toEqual(['completed', org.users.admin.id, 120_010])
    const defect = await prisma.inspectionDefect.findUniqueOrThrow({ where: { id: report.defects[0]!.id } })
    expect([defect.repaired, defect.certifiedById, defect.certificationNote, defect.workOrderId]).toEqual([true, org.users.admin.id, 'WO-000001', opened.id])
    expect((await dispatch()).status).toBe('dispatched')
    // The order's odometer is one of the unit's readings.
    expect(await latestOdometer(prisma, truck.id)).toBe(120_010)
    // A completed order is the unit's record: never edited, canceled, deleted or completed again.
    expect((await refusal(updateWorkOrder(actorOf(org, 'admin'), opened.id, { ...order({ truckId: truck.id }), version: completed.version }))).code).toBe(
      'invalid_transition',
    )
    expect((await refusal(cancelWorkOrder(actorOf(org, 'admin'), opened.id, {}))).code).toBe('invalid_transition')
    expect((await refusal(deleteWorkOrder(actorOf(org, 'admin'), opened.id, undefined))).code).toBe('in_use')
    expect(await prisma.auditEvent.count({ where: { entity: 'workOrder', entityId: opened.id } })).toBe(3)

    // Its PDF: the shop's copy, with the defect repaired, the lines and the total; another organization's is not found.
    const pdf = await callPage(pdfPage.loader, `/dashboard/work-orders/${opened.id}/pdf`, org.users.viewer.id, { id: opened.id })
    expect([pdf.status, pdf.response?.headers.get('Content-Type')]).toEqual([200, 'application/pdf'])
    const text = await pdfText(new Uint8Array(await pdf.response!.arrayBuffer()))
    for (const words of ['WO-000001', 'Completed', 'Service brakes', 'Repaired', 'Shop labor', '$240.99']) expect(text).toContain(words)
    const elsewhere = await createOrg()
    expect((await callPage(pdfPage.loader, `/dashboard/work-orders/${opened.id}/pdf`, elsewhere.users.admin.id, { id: opened.id })).status).toBe(404)
  })

  it('an annual inspection completed moves the unit’s next inspection a year after the day it was done', async () => {
    const org = await createOrg()
    const { truck, trailer } = await fleet(org)
    await prisma.truck.update({ where: { id: truck.id }, data: { inspectionDue: new Date('2026-11-30') } })
    const annual = await createWorkOrder(actorOf(org, 'admin'), order({ truckId: truck.id, kind: 'annual_inspection', description: 'Annual 396.17' }))
    // 02:00 UTC on 4 December is still 3 December in Chicago: the day is the organization's.
    await prisma.organization.update({ where: { id: org.organization.id }, data: { timezone: 'America/Chicago' } })
    await completeWorkOrder(actorOf(org, 'admin'), annual.id, { completedAt: '2026-12-04T02:00:00Z', odometer: 10 }, new Date('2026-12-04T02:01:00Z'))
    expect((await prisma.truck.findUniqueOrThrow({ where: { id: truck.id } })).inspectionDue?.toISOString().slice(0, 10)).toBe('2027-12-03')
    const trailerAnnual = await createWorkOrder(actorOf(org, 'admin'), order({ trailerId: trailer.id, kind: 'annual_inspection', description: 'Annual' }))
    await completeWorkOrder(actorOf(org, 'admin'), trailerAnnual.id, { completedAt: '2026-12-03T09:00', odometer: 0 }, NOW)
    expect((await prisma.trailer.findUniqueOrThrow({ where: { id: trailer.id } })).inspectionDue?.toISOString().slice(0, 10)).toBe('2027-12-03')
    // The units' maintenance record is kept (49 CFR 396.3): neither unit is deleted while its work orders exist.
    for (const remove of [() => deleteTruck(actorOf(org, 'admin'), truck.id), () => deleteTrailer(actorOf(org, 'admin'), trailer.id)]) {
      const kept = await refusal(remove())
      expect([kept.code, kept.messageKey]).toEqual(['in_use', expect.stringMatching(/^(trucks|trailers)\.errors\.inUse$/)])
    }
  })

  it('takes the store’s stock once between concurrent orders, never below zero; an edit moves the difference, a cancel gives it back', async () => {
    const org = await createOrg()
    const { truck } = await fleet(org)
    const chamber = await product(org, 3)
    const part = (quantity: number) => ({ kind: 'part', description: 'Brake chamber', quantity, unitCostCents: 4_500, productId: chamber.id })
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () => createWorkOrder(actorOf(org, 'dispatcher'), order({ truckId: truck.id, lines: [part(2)] }))),
    )
    const made = results.filter((result) => result.status === 'fulfilled')
    expect(made).toHaveLength(1)
    for (const result of results)
      if (result.status === 'rejected')
        expect([result.reason.code, result.reason.fields, result.reason.options.params]).toEqual([
          'validation_failed',
          { 'lines[0].quantity': ['workOrders.errors.outOfStock'] },
          { name: 'Brake chamber', stock: 1 },
        ])
    expect(await stockOf(chamber.id)).toBe(1)
    const first = (made[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof createWorkOrder>>>).value
    // Three where there were two: one more taken; more than the store has is refused, nothing moved.
    const edited = await updateWorkOrder(actorOf(org, 'dispatcher'), first.id, { ...order({ truckId: truck.id, lines: [part(3)] }), version: first.version })
    expect(await stockOf(chamber.id)).toBe(0)
    expect(
      (await refusal(updateWorkOrder(actorOf(org, 'dispatcher'), first.id, { ...order({ truckId: truck.id, lines: [part(4)] }), version: edited.version })))
        .fields,
    ).toEqual({
      'lines[0].quantity': ['workOrders.errors.outOfStock'],
    })
    expect([await stockOf(chamber.id), (await prisma.workOrderLine.findFirstOrThrow({ where: { workOrderId: first.id } })).quantityMilli]).toEqual([0, 3_000])
    await cancelWorkOrder(actorOf(org, 'dispatcher'), first.id, { version: edited.version }, NOW)
    expect(await stockOf(chamber.id)).toBe(3)
    // A stale version is a conflict, whatever it asks.
    expect((await refusal(startWorkOrder(actorOf(org, 'dispatcher'), first.id, { version: edited.version }))).code).toBe('conflict')
  })

  it('refuses bad input at its field and writes nothing: another organization’s unit or product, a defect not the unit’s, the future, a lower odometer', async () => {
    const org = await createOrg()
    const elsewhere = await createOrg()
    const { truck } = await fleet(org)
    const other = await fleet(elsewhere)
    const foreignProduct = await product(elsewhere, 10)
    const admin = actorOf(org, 'admin')
    const fieldsOf = async (pending: Promise<unknown>) => (await refusal(pending)).fields
    expect(await fieldsOf(createWorkOrder(admin, order({ truckId: other.truck.id })))).toEqual({ truckId: ['workOrders.errors.truck'] })
    expect(
      await fieldsOf(
        createWorkOrder(
          admin,
          order({ truckId: truck.id, lines: [{ kind: 'part', description: 'Pad', quantity: 1, unitCostCents: 1, productId: foreignProduct.id }] }),
        ),
      ),
    ).toEqual({ 'lines[0].productId': ['workOrders.errors.product'] })
    // Another truck's defect, and one certified already, are not this order's to repair.
    const secondTruck = await prisma.truck.create({ data: { organizationId: org.organization.id, unitNumber: unique('T2').slice(0, 20) } })
    const report = await brokenTruck(org, secondTruck.id)
    expect(await fieldsOf(createWorkOrder(admin, order({ truckId: truck.id, defectIds: [report.defects[0]!.id] })))).toEqual({
      defectIds: ['workOrders.errors.defect'],
    })
    // Schema rules: one unit, whole parts of a product, labor names no product.
    expect(WorkOrderSchema.safeParse({ kind: 'repair', description: 'x' }).error?.issues.map((issue) => issue.message)).toEqual([
      'workOrders.errors.unitRequired',
    ])
    expect(
      WorkOrderSchema.safeParse({
        truckId: truck.id,
        kind: 'repair',
        description: 'x',
        lines: [
          { kind: 'part', description: 'Pad', quantity: 1.5, unitCostCents: 1, productId: foreignProduct.id },
          { kind: 'labor', description: 'Hours', quantity: 1, unitCostCents: 1, productId: foreignProduct.id },
        ],
      }).error?.issues.map((issue) => [issue.path.join('.'), issue.message]),
    ).toEqual([
      ['lines.0.quantity', 'workOrders.errors.wholeParts'],
      ['lines.1.productId', 'workOrders.errors.productOnLabor'],
    ])
    expect(await prisma.workOrder.count({ where: { organizationId: org.organization.id } })).toBe(0)

    const opened = await createWorkOrder(admin, order({ truckId: secondTruck.id, defectIds: [report.defects[0]!.id] }))
    expect(await fieldsOf(completeWorkOrder(admin, opened.id, { completedAt: '2026-12-03T16:00:00Z', odometer: 120_000 }, NOW))).toEqual({
      completedAt: ['workOrders.errors.future'],
    })
    const backwards = await refusal(completeWorkOrder(admin, opened.id, { completedAt: '2026-12-03T14:59:00Z', odometer: 119_000 }, NOW))
    expect([backwards.fields, backwards.options.params]).toEqual([{ odometer: ['workOrders.errors.odometerBackwards'] }, { latest: 120_000 }])
    const still = await prisma.workOrder.findUniqueOrThrow({ where: { id: opened.id } })
    expect([still.status, still.version, (await prisma.inspectionDefect.findUniqueOrThrow({ where: { id: report.defects[0]!.id } })).certifiedAt]).toEqual([
      'open',
      1,
      null,
    ])
    // A viewer, an accountant and a driver open nothing.
    for (const role of ['viewer', 'accountant', 'driver'] as const)
      expect((await refusal(createWorkOrder(actorOf(org, role), order({ truckId: truck.id })))).code).toBe('forbidden')
  })

  it('completing a preventive order marks its schedules done at its day and odometer; another unit’s schedule is refused', async () => {
    const org = await createOrg()
    const { truck } = await fleet(org)
    const organizationId = org.organization.id
    const oil = await prisma.maintenanceSchedule.create({
      data: {
        organizationId,
        truckId: truck.id,
        task: 'Oil change',
        everyMiles: 15_000,
        everyDays: 180,
        lastDoneAt: new Date('2026-06-01'),
        lastDoneOdometer: 100_000,
      },
    })
    const otherTruck = await prisma.truck.create({ data: { organizationId, unitNumber: unique('T3').slice(0, 20) } })
    const elsewhere = await prisma.maintenanceSchedule.create({
      data: { organizationId, truckId: otherTruck.id, task: 'Oil change', everyDays: 90, lastDoneAt: new Date('2026-06-01') },
    })
    expect(
      (await refusal(createWorkOrder(actorOf(org, 'admin'), order({ truckId: truck.id, kind: 'preventive', scheduleIds: [elsewhere.id] })))).fields,
    ).toEqual({
      scheduleIds: ['workOrders.errors.schedule'],
    })
    const service = await createWorkOrder(actorOf(org, 'admin'), order({ truckId: truck.id, kind: 'preventive', scheduleIds: [oil.id] }))
    expect(service.schedules.map((link) => link.scheduleId)).toEqual([oil.id])
    await completeWorkOrder(actorOf(org, 'admin'), service.id, { completedAt: '2026-12-03T08:00', odometer: 116_500 }, NOW)
    const done = await prisma.maintenanceSchedule.findUniqueOrThrow({ where: { id: oil.id } })
    expect([done.lastDoneAt.toISOString().slice(0, 10), done.lastDoneOdometer, done.version]).toEqual(['2026-12-03', 116_500, 2])
    expect((await prisma.maintenanceSchedule.findUniqueOrThrow({ where: { id: elsewhere.id } })).version).toBe(1)
  })

  it('answers the API as documented: 201, 400 at the field, 403, 404 for another organization’s, 409', async () => {
    const org = await createOrg()
    const elsewhere = await createOrg()
    const { truck } = await fleet(org)
    const chamber = await product(org, 2)
    const path = '/api/work-orders'
    const body = {
      truckId: truck.id,
      kind: 'repair',
      description: 'Brakes',
      odometer: 1_000,
      lines: [{ kind: 'part', description: 'Chamber', quantity: 1, unitCostCents: 4_500, productId: chamber.id }],
    }
    expect((await callApi(workOrdersRoute, { method: 'POST', path, token: org.users.viewer.token, body })).status).toBe(403)
    const bad = await callApi(workOrdersRoute, {
      method: 'POST',
      path,
      token: org.users.admin.token,
      body: { ...body, lines: [{ ...body.lines[0], quantity: 3 }] },
    })
    expect([bad.status, bad.body.error?.code, bad.body.error?.fields]).toEqual([
      400,
      'validation_failed',
      { 'lines.0.quantity': [expect.stringContaining('2')] },
    ])
    // Text PostgreSQL cannot store, and a line beyond the schema's bounds, are refused at their fields.
    const hostile = await callApi(workOrdersRoute, {
      method: 'POST',
      path,
      token: org.users.admin.token,
      body: { ...body, description: 'Brakes\u0000', lines: [{ ...body.lines[0], description: 'x'.repeat(100_000) }] },
    })
    expect([hostile.status, hostile.body.error?.code, Object.keys(hostile.body.error?.fields ?? {}).sort()]).toEqual([
      400,
      'validation_failed',
      ['description', 'lines.0.description'],
    ])
    expect(await prisma.workOrder.count({ where: { organizationId: org.organization.id } })).toBe(0)
    const created = await callApi(workOrdersRoute, { method: 'POST', path, token: org.users.admin.token, body })
    expect([created.status, created.body.data?.totalCents, created.body.data?.status]).toEqual([201, 4_500, 'open'])
    const id = created.body.data.id as string
    const listed = await callApi(workOrdersRoute, { path: `${path}?status=open&truckId=${truck.id}`, token: org.users.accountant.token })
    expect([listed.status, listed.body.meta?.total]).toEqual([200, 1])
    // The list reads less than the item (no products, inspections, completer): the same record all the same.
    expect(listed.body.data).toEqual([created.body.data])
    const page = await callPage(listPage.loader, '/dashboard/work-orders', org.users.accountant.id)
    expect(unpackRows(page.data?.rows as never)).toEqual([
      expect.objectContaining({ id, number: created.body.data.number, unit: truck.unitNumber, status: 'open', totalCents: 4_500, completedAt: null }),
    ])
    expect((await callApi(workOrderRoute, { path: `${path}/${id}`, params: { id }, token: elsewhere.users.admin.token })).status).toBe(404)
    expect((await callApi(workOrderRoute, { path: `${path}/${id}`, params: { id }, token: org.users.driver.token })).status).toBe(403)
    // Its PDF, for those who read work orders of the organization.
    const pdf = await callApi(pdfRoute, { path: `${path}/${id}/pdf`, params: { id }, token: org.users.accountant.token })
    expect([pdf.status, pdf.headers.get('Content-Type'), pdf.headers.get('Content-Disposition')]).toEqual([
      200,
      'application/pdf',
      expect.stringContaining('.pdf'),
    ])
    expect((await callApi(pdfRoute, { path: `${path}/${id}/pdf`, params: { id }, token: elsewhere.users.admin.token })).status).toBe(404)
    expect((await callApi(pdfRoute, { path: `${path}/${id}/pdf`, params: { id }, token: org.users.driver.token })).status).toBe(403)

    const put = await callApi(workOrderRoute, {
      method: 'PUT',
      path: `${path}/${id}`,
      params: { id },
      token: org.users.dispatcher.token,
      body: { ...body, lines: [], version: 1 },
    })
    expect([put.status, put.body.data?.totalCents, await stockOf(chamber.id)]).toEqual([200, 0, 2])
    const stale = await callApi(workOrderRoute, {
      method: 'PUT',
      path: `${path}/${id}`,
      params: { id },
      token: org.users.dispatcher.token,
      body: { ...body, version: 1 },
    })
    expect([stale.status, stale.body.error?.code]).toEqual([409, 'conflict'])
    const move = (name: string, payload: unknown) =>
      callApi(moveRoute, { method: 'POST', path: `${path}/${id}/${name}`, params: { id }, token: org.users.dispatcher.token, body: payload })
    const completed = await move('complete', { completedAt: new Date().toISOString(), odometer: 1_000, version: 2 })
    expect([completed.status, completed.body.data?.status]).toEqual([200, 'completed'])
    const again = await move('start', {})
    expect([again.status, again.body.error?.code]).toEqual([409, 'invalid_transition'])
    const unknown = await callApi(moveRoute, { method: 'POST', path: `${path}/${id}/explode`, params: { id }, token: org.users.admin.token, body: {} })
    expect(unknown.status).toBe(404)
    const deleted = await callApi(workOrderRoute, { method: 'DELETE', path: `${path}/${id}`, params: { id }, token: org.users.admin.token })
    expect([deleted.status, deleted.body.error?.code]).toEqual([409, 'in_use'])
  })

  it('the editor page takes dollars and answers a refusal at its line; the view page completes with a toast', async () => {
    const org = await createOrg()
    const { truck } = await fleet(org)
    const report = await brokenTruck(org, truck.id)
    const fromReport = await callPage(editorPage.loader, `/dashboard/work-orders/new?inspectionId=${report.id}`, org.users.dispatcher.id)
    expect(fromReport.data?.defaultValue).toMatchObject({ truckId: truck.id, defectIds: [report.defects[0]!.id], description: 'Air leak at the front axle' })
    const form = {
      truckId: truck.id,
      kind: 'repair',
      description: 'Brakes',
      defectIds: report.defects[0]!.id,
      'lines[0].kind': 'labor',
      'lines[0].description': 'Labor',
      'lines[0].quantity': '2',
      'lines[0].unitCost': 'twelve',
    }
    const refused = await callPage(editorPage.action, '/dashboard/work-orders/new', org.users.dispatcher.id, {}, postForm(form))
    expect([refused.status, refusalOf(refused)?.fields['lines[0].unitCost']]).toEqual([400, ['Enter an amount such as 45.50.']])
    const saved = await callPage(
      editorPage.action,
      '/dashboard/work-orders/new',
      org.users.dispatcher.id,
      {},
      postForm({ ...form, 'lines[0].unitCost': '1,250.50' }),
    )
    expect(saved.status).toBe(302)
    const created = await prisma.workOrder.findFirstOrThrow({ where: { organizationId: org.organization.id }, include: { defects: true } })
    expect([created.totalCents, created.defects.length, saved.location]).toEqual([250_100, 1, `/dashboard/work-orders/${created.id}`])

    const view = (userId: string) => callPage(viewPage.loader, `/dashboard/work-orders/${created.id}`, userId, { id: created.id })
    expect((await view(org.users.viewer.id)).data?.can).toEqual({ edit: false, start: false, complete: false, cancel: false, delete: false })
    expect((await view(org.users.driver.id)).status).toBe(403)
    const done = await callPage(
      viewPage.action,
      `/dashboard/work-orders/${created.id}`,
      org.users.dispatcher.id,
      { id: created.id },
      postForm({ intent: 'complete', completedAt: '2026-12-01T10:00', odometer: '120000', version: '1' }),
    )
    expect([done.status, done.toast?.title]).toEqual([302, `Work order ${created.number} completed`])
  })
})
