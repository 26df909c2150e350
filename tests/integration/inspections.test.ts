/**
 * Driver vehicle inspection reports (ADR 130): the rules of app/policies/inspection.ts through the
 * model (an out-of-service defect keeps the unit out of service until certified, certify once,
 * the next driver's acknowledgment), the refusals of bad input at their fields with nothing
 * written, who may do what, and the API's contract for /api/inspections.
 */
import { describe, expect, it } from 'vitest'

import { loadBoard } from '~/models/loads/load-board.server'
import { loadEditorOptions } from '~/models/loads/load-pickers.server'
import { moveLoad } from '~/models/loads/load-status.server'
import { acknowledgeInspection, certifyInspection, createInspection, getInspection, listInspections } from '~/models/maintenance/inspection.server'
import { createWorkOrder } from '~/models/maintenance/work-order.server'
import { deleteTrailer } from '~/models/reference/trailer.server'
import { deleteTruck } from '~/models/reference/truck.server'
import { unitOutOfService } from '~/policies/inspection'
import { boardMoves } from '~/policies/load'
import * as acknowledgeRoute from '~/routes/api/inspections/acknowledge'
import * as certifyRoute from '~/routes/api/inspections/certify'
import * as inspectionsRoute from '~/routes/api/inspections/collection'
import * as inspectionRoute from '~/routes/api/inspections/item'
import * as trailerRoute from '~/routes/api/trailers/item'
import * as truckRoute from '~/routes/api/trucks/item'
import * as newPage from '~/routes/dashboard/inspections/new'
import * as viewPage from '~/routes/dashboard/inspections/view'
import * as loadPage from '~/routes/dashboard/loads/view'
import { InspectionListQuerySchema, InspectionSchema } from '~/schemas/inspection'
import { WorkOrderSchema } from '~/schemas/work-order'
import { prisma } from '~/utils/db.server'

import { callApi } from '../contract-kit'
import { actorOf, createOrg, fleet, newLoad, type Org, refusal, unique } from '../helpers'
import { callPage, postForm, refusalOf } from '../page-helpers'

const NOW = new Date('2026-12-03T15:00:00Z')
const LIST = InspectionListQuerySchema.parse({})

async function unitOf(org: Org) {
  const organizationId = org.organization.id
  const [truck, trailer] = await Promise.all([
    prisma.truck.create({ data: { organizationId, unitNumber: unique('T').slice(0, 20) } }),
    prisma.trailer.create({ data: { organizationId, unitNumber: unique('TR').slice(0, 20) } }),
  ])
  return { truck, trailer }
}

/** A second driver of the organization (who never signs in): the unit's next driver when it is their truck. */
async function anotherDriver(org: Org) {
  const user = await prisma.user.create({
    data: {
      organizationId: org.organization.id,
      email: `next.${unique()}@example.test`,
      passwordHash: 'unusable',
      firstName: 'Next',
      lastName: 'Driver',
      role: 'driver',
    },
  })
  return { id: user.id, actor: { ...actorOf(org, 'driver'), userId: user.id } }
}

const brakes = (outOfService = true) => ({ item: 'service_brakes', note: 'Air leak at the front axle', outOfService })
const input = (truckId: string, fields: Record<string, unknown> = {}) =>
  InspectionSchema.parse({ truckId, kind: 'pre_trip', inspectedAt: '2026-12-03T14:30:00Z', odometer: 120_000, defects: [], ...fields })

/** The unit's defects not yet certified, as dispatch will read them. */
const openDefects = (truckId: string) => prisma.inspectionDefect.findMany({ where: { inspection: { truckId }, certifiedAt: null } })

describe('inspection reports', () => {
  it('an out-of-service defect keeps the unit out of service until it is certified; certifying twice is 409', async () => {
    const org = await createOrg()
    const { truck, trailer } = await unitOf(org)
    const report = await createInspection(actorOf(org, 'driver'), input(truck.id, { trailerId: trailer.id, defects: [brakes()] }), NOW)
    expect(report).toMatchObject({
      driverId: org.users.driver.id,
      trailerId: trailer.id,
      odometer: 120_000,
      defects: [{ item: 'service_brakes', outOfService: true }],
    })
    expect(unitOutOfService(await openDefects(truck.id))).toEqual({ key: 'inspections.errors.outOfService' })

    // A report of a minor defect alone does not put the unit out of service.
    const other = await unitOf(org)
    await createInspection(actorOf(org, 'driver'), input(other.truck.id, { defects: [{ item: 'horn', note: 'Weak', outOfService: false }] }), NOW)
    expect(unitOutOfService(await openDefects(other.truck.id))).toBeNull()

    const certified = await certifyInspection(actorOf(org, 'dispatcher'), report.id, { repaired: true, note: 'New air line', version: report.version }, NOW)
    expect(certified.defects).toMatchObject([{ repaired: true, certificationNote: 'New air line', certifiedById: org.users.dispatcher.id }])
    expect(unitOutOfService(await openDefects(truck.id))).toBeNull()
    expect(await refusal(certifyInspection(actorOf(org, 'admin'), report.id, { repaired: false, version: certified.version }, NOW))).toMatchObject({
      code: 'invalid_transition',
    })
    // A stale version is a conflict; a report without defects has nothing to certify.
    expect(await refusal(certifyInspection(actorOf(org, 'admin'), report.id, { repaired: true, version: report.version }, NOW))).toMatchObject({
      code: 'conflict',
    })
    const clean = await createInspection(actorOf(org, 'driver'), input(truck.id, { odometer: 120_100 }), NOW)
    expect(await refusal(certifyInspection(actorOf(org, 'admin'), clean.id, { repaired: true, version: clean.version }, NOW))).toMatchObject({
      code: 'invalid_transition',
    })
    expect(await prisma.auditEvent.count({ where: { entity: 'inspection', entityId: report.id } })).toBe(2)
  })

  it('keeps the report’s truck and trailer off loads until its defect is certified: dispatch and assignment are 409 out_of_service', async () => {
    const org = await createOrg()
    const { broker, truck, trailer, driverId } = await fleet(org)
    const load = await newLoad(org, { brokerId: broker.id, driverId, truckId: truck.id, trailerId: trailer.id })
    const report = await createInspection(actorOf(org, 'driver'), input(truck.id, { trailerId: trailer.id, defects: [brakes()] }), NOW)
    const dispatch = () => moveLoad(actorOf(org, 'dispatcher'), load.id, { status: 'dispatched', version: load.version })
    const refused = await refusal(dispatch())
    expect([refused.code, refused.messageKey, refused.options.params?.unit]).toEqual([
      'out_of_service',
      'loads.errors.outOfService.truckDefect',
      truck.unitNumber,
    ])
    // The trailer it pulled stays off a new load too; the editor lists both as out of service.
    const assigned = await refusal(newLoad(org, { brokerId: broker.id, trailerId: trailer.id }))
    expect([assigned.code, assigned.fields]).toEqual(['out_of_service', { trailerId: ['loads.errors.outOfService.trailerDefect'] }])
    const options = await loadEditorOptions(org.organization.id)
    expect([options.trucks.find((row) => row.id === truck.id)?.outOfService, options.trailers.find((row) => row.id === trailer.id)?.status]).toEqual([
      { defect: true },
      'out_of_service',
    ])
    // A minor defect alone keeps nothing off the road; the certification frees both.
    await createInspection(actorOf(org, 'driver'), input(truck.id, { odometer: 120_050, defects: [brakes(false)] }), NOW)
    await certifyInspection(actorOf(org, 'admin'), report.id, { repaired: true, note: 'Air line replaced', version: report.version }, NOW)
    expect((await dispatch()).status).toBe('dispatched')
  })

  it('shows a booked load’s out-of-service unit on the board and the load page, which offer no dispatch until it is certified', async () => {
    const org = await createOrg()
    const { broker, truck, trailer, driverId } = await fleet(org)
    const load = await newLoad(org, { brokerId: broker.id, driverId, truckId: truck.id, trailerId: trailer.id })
    const other = await newLoad(org, { brokerId: broker.id })
    const report = await createInspection(actorOf(org, 'driver'), input(truck.id, { trailerId: trailer.id, defects: [brakes()] }), NOW)
    const card = async (id: string) => (await loadBoard(org.organization.id)).columns.flatMap((column) => column.cards).find((row) => row.id === id)
    const page = async () => (await callPage(loadPage.loader, `/dashboard/loads/${load.id}`, org.users.dispatcher.id, { id: load.id })).data!
    expect((await card(load.id))?.outOfService).toEqual({ key: 'loads.errors.outOfService.truckDefect', params: { unit: truck.unitNumber, date: null } })
    expect((await card(other.id))?.outOfService).toBeNull()
    expect(boardMoves('booked', true)).toEqual([])
    const refused = await page()
    expect([refused.outOfService, (refused.offers as { moves: string[] }).moves]).toEqual([
      { key: 'loads.errors.outOfService.truckDefect', params: { unit: truck.unitNumber, date: null } },
      ['canceled'],
    ])
    // Certified, the card and the page offer the dispatch again.
    await certifyInspection(actorOf(org, 'admin'), report.id, { repaired: true, note: 'Air line replaced', version: report.version }, NOW)
    expect((await card(load.id))?.outOfService).toBeNull()
    const offered = await page()
    expect([offered.outOfService, (offered.offers as { moves: string[] }).moves]).toEqual([null, ['dispatched', 'canceled']])
  })

  it('is acknowledged only by another driver of the unit, after certification, once', async () => {
    const org = await createOrg()
    const { truck, broker } = await fleet(org)
    const next = await anotherDriver(org)
    const stranger = await anotherDriver(org)
    // The filer drives the unit too (a booked load), the next driver is its primary driver.
    await newLoad(org, { brokerId: broker.id, driverId: org.users.driver.id, truckId: truck.id })
    await prisma.truck.update({ where: { id: truck.id }, data: { primaryDriverId: next.id } })
    const report = await createInspection(actorOf(org, 'driver'), input(truck.id, { kind: 'post_trip', defects: [brakes()] }), NOW)

    // Not yet certified: the next driver waits.
    expect(await refusal(acknowledgeInspection(next.actor, report.id, {}, NOW))).toMatchObject({ code: 'invalid_transition' })
    const certified = await certifyInspection(actorOf(org, 'admin'), report.id, { repaired: true, version: report.version }, NOW)
    // The filer, a driver of another unit, and the office may not sign it.
    expect(await refusal(acknowledgeInspection(actorOf(org, 'driver'), report.id, {}, NOW))).toMatchObject({ code: 'forbidden' })
    expect(await refusal(acknowledgeInspection(stranger.actor, report.id, {}, NOW))).toMatchObject({ code: 'forbidden' })
    expect(await refusal(acknowledgeInspection(actorOf(org, 'admin'), report.id, {}, NOW))).toMatchObject({ code: 'forbidden' })

    const signed = await acknowledgeInspection(next.actor, report.id, { version: certified.version }, NOW)
    expect(signed).toMatchObject({ acknowledgedById: next.id, acknowledgedAt: NOW })
    expect(await refusal(acknowledgeInspection(next.actor, report.id, {}, NOW))).toMatchObject({ code: 'invalid_transition' })
  })

  it('refuses bad input at its field and writes nothing', async () => {
    const org = await createOrg()
    const elsewhere = await createOrg()
    const { truck } = await unitOf(org)
    const foreign = await unitOf(elsewhere)
    await prisma.odometerReading.create({
      data: {
        organizationId: org.organization.id,
        truckId: truck.id,
        driverId: org.users.driver.id,
        kind: 'start',
        jurisdiction: 'TX',
        odometer: 200_000,
        recordedAt: NOW,
      },
    })
    const driver = actorOf(org, 'driver')
    const fieldsOf = async (pending: Promise<unknown>) => (await refusal(pending)) as { code: string; fields?: Record<string, string[]> }

    // Six minutes ahead is past the clock skew allowed.
    expect(await fieldsOf(createInspection(driver, input(truck.id, { inspectedAt: '2026-12-03T15:06:00Z', odometer: 200_000 }), NOW))).toMatchObject({
      code: 'validation_failed',
      fields: { inspectedAt: ['inspections.errors.future'] },
    })
    // 500 below the latest reading; 10 below is within the tolerance.
    expect(await fieldsOf(createInspection(driver, input(truck.id, { odometer: 199_500 }), NOW))).toMatchObject({
      code: 'validation_failed',
      fields: { odometer: ['inspections.errors.odometerBackwards'] },
    })
    expect(await fieldsOf(createInspection(driver, input(foreign.truck.id, { odometer: 200_000 }), NOW))).toMatchObject({
      code: 'validation_failed',
      fields: { truckId: ['inspections.errors.truck'] },
    })
    expect(await fieldsOf(createInspection(driver, input(truck.id, { trailerId: foreign.trailer.id, odometer: 200_000 }), NOW))).toMatchObject({
      fields: { trailerId: ['inspections.errors.trailer'] },
    })
    const unknownItem = InspectionSchema.safeParse({
      truckId: truck.id,
      kind: 'pre_trip',
      inspectedAt: NOW.toISOString(),
      odometer: 1,
      defects: [{ item: 'flux_capacitor', note: '' }],
    })
    expect(unknownItem.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['defects.0.item', 'inspections.errors.item']])
    expect(await prisma.inspection.count({ where: { organizationId: org.organization.id } })).toBe(0)

    await createInspection(driver, input(truck.id, { odometer: 199_990 }), NOW)
    expect(await prisma.inspection.count({ where: { organizationId: org.organization.id } })).toBe(1)
  })

  it('lets a driver or an admin file, the office certify, and a driver read only their own reports and their units’', async () => {
    const org = await createOrg()
    const { truck } = await unitOf(org)
    const other = await anotherDriver(org)
    expect(await refusal(createInspection(actorOf(org, 'viewer'), input(truck.id), NOW))).toMatchObject({ code: 'forbidden' })
    expect(await refusal(createInspection(actorOf(org, 'dispatcher'), input(truck.id), NOW))).toMatchObject({ code: 'forbidden' })
    const mine = await createInspection(actorOf(org, 'driver'), input(truck.id, { defects: [brakes(false)] }), NOW)
    const yard = await createInspection(actorOf(org, 'admin'), input(truck.id, { odometer: 120_050 }), NOW)
    expect(await refusal(certifyInspection(actorOf(org, 'driver'), mine.id, { repaired: true, version: mine.version }, NOW))).toMatchObject({
      code: 'forbidden',
    })
    expect(await refusal(certifyInspection(actorOf(org, 'accountant'), mine.id, { repaired: true, version: mine.version }, NOW))).toMatchObject({
      code: 'forbidden',
    })

    const driverScope = { organizationId: org.organization.id, driverId: org.users.driver.id }
    expect((await listInspections(driverScope, LIST)).items.map((row) => row.id)).toEqual([mine.id])
    expect(await refusal(getInspection(driverScope, yard.id))).toMatchObject({ code: 'not_found' })
    // Another driver of the organization reads none of them, until the unit is theirs.
    const otherScope = { organizationId: org.organization.id, driverId: other.id }
    expect((await listInspections(otherScope, LIST)).total).toBe(0)
    await prisma.truck.update({ where: { id: truck.id }, data: { primaryDriverId: other.id } })
    expect((await listInspections(otherScope, LIST)).total).toBe(2)
    const office = await listInspections({ organizationId: org.organization.id }, InspectionListQuerySchema.parse({ defects: 'open' }))
    expect(office.items.map((row) => row.id)).toEqual([mine.id])
    // The report's page: another driver's report, or an id no report has, is the 404 page.
    const page = (userId: string, id: string) => callPage(viewPage.loader, `/dashboard/inspections/${id}`, userId, { id })
    expect((await page(org.users.viewer.id, yard.id)).status).toBe(200)
    expect((await page(org.users.driver.id, yard.id)).status).toBe(404)
    expect((await page(org.users.admin.id, 'cm0000000000000000000none')).status).toBe(404)
  })

  it('answers the API as documented: 201, 400 at the field, 403, 404 for another organization’s, 409', async () => {
    const org = await createOrg()
    const elsewhere = await createOrg()
    const { truck } = await unitOf(org)
    const path = '/api/inspections'
    const body = { truckId: truck.id, kind: 'pre_trip', inspectedAt: '2026-12-01T08:00', odometer: 50_000, defects: [brakes()], remarks: 'Brakes soft' }
    expect((await callApi(inspectionsRoute, { method: 'POST', path, token: org.users.viewer.token, body })).status).toBe(403)
    const bad = await callApi(inspectionsRoute, {
      method: 'POST',
      path,
      token: org.users.driver.token,
      body: { ...body, defects: [{ item: 'warp_drive', note: '' }] },
    })
    expect([bad.status, bad.body.error?.code, Object.keys(bad.body.error?.fields ?? {})]).toEqual([400, 'validation_failed', ['defects.0.item']])
    const created = await callApi(inspectionsRoute, { method: 'POST', path, token: org.users.driver.token, body })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({ status: 'out_of_service', truck: { id: truck.id }, driverId: org.users.driver.id, remarks: 'Brakes soft' })
    const id = created.body.data.id as string

    const listed = await callApi(inspectionsRoute, { path: `${path}?defects=open`, token: org.users.dispatcher.token })
    expect([listed.status, listed.body.meta?.total]).toEqual([200, 1])
    expect((await callApi(inspectionRoute, { path: `${path}/${id}`, params: { id }, token: elsewhere.users.admin.token })).status).toBe(404)

    const certifyPath = `${path}/${id}/certify`
    expect(
      (await callApi(certifyRoute, { method: 'POST', path: certifyPath, params: { id }, token: org.users.driver.token, body: { repaired: true, version: 1 } }))
        .status,
    ).toBe(403)
    const certified = await callApi(certifyRoute, {
      method: 'POST',
      path: certifyPath,
      params: { id },
      token: org.users.admin.token,
      body: { repaired: true, note: 'Fixed', version: 1 },
    })
    expect([certified.status, certified.body.data?.status]).toEqual([200, 'certified'])
    const again = await callApi(certifyRoute, {
      method: 'POST',
      path: certifyPath,
      params: { id },
      token: org.users.admin.token,
      body: { repaired: true, version: 2 },
    })
    expect([again.status, again.body.error?.code]).toEqual([409, 'invalid_transition'])
    const ack = await callApi(acknowledgeRoute, { method: 'POST', path: `${path}/${id}/acknowledge`, params: { id }, token: org.users.driver.token })
    expect([ack.status, ack.body.error?.code]).toEqual([403, 'forbidden'])
  })

  it('files from the driver’s form and answers a refused one at its fields', async () => {
    const org = await createOrg()
    const { truck } = await unitOf(org)
    const fields = {
      truckId: truck.id,
      trailerId: '',
      kind: 'post_trip',
      inspectedAt: '2026-12-01T17:30',
      odometer: '61000',
      'defects[0].item': 'service_brakes',
      'defects[0].note': 'Soft pedal',
      'defects[0].outOfService': 'on',
      'defects[1].note': '',
      'defects[6].note': 'Bald spot',
      remarks: '',
    }
    const refused = await callPage(newPage.action, '/dashboard/inspections/new', org.users.driver.id, {}, postForm(fields))
    expect(refused.status).toBe(400)
    expect(refusalOf(refused)!.fields).toMatchObject({ 'defects[6].item': [expect.any(String)] })
    expect(await prisma.inspection.count({ where: { truckId: truck.id } })).toBe(0)

    const filed = await callPage(newPage.action, '/dashboard/inspections/new', org.users.driver.id, {}, postForm({ ...fields, 'defects[6].item': 'tires' }))
    expect(filed.status).toBe(302)
    const report = await prisma.inspection.findFirstOrThrow({ where: { truckId: truck.id }, include: { defects: { orderBy: { item: 'asc' } } } })
    expect(report).toMatchObject({ kind: 'post_trip', odometer: 61_000, trailerId: null, driverId: org.users.driver.id })
    expect(report.defects.map((defect) => [defect.item, defect.note, defect.outOfService])).toEqual([
      ['service_brakes', 'Soft pedal', true],
      ['tires', 'Bald spot', false],
    ])
  })

  it('keeps a truck and a trailer whose only record is an inspection report: deleting either is 409 in_use, and the report stays', async () => {
    const org = await createOrg()
    const { truck, trailer } = await unitOf(org)
    const report = await createInspection(actorOf(org, 'driver'), input(truck.id, { trailerId: trailer.id }), NOW)
    for (const remove of [() => deleteTruck(actorOf(org, 'admin'), truck.id), () => deleteTrailer(actorOf(org, 'admin'), trailer.id)]) {
      expect((await refusal(remove())).code).toBe('in_use')
    }
    const token = org.users.admin.token
    const truckAnswer = await callApi(truckRoute, { method: 'DELETE', path: `/api/trucks/${truck.id}`, params: { id: truck.id }, token })
    const trailerAnswer = await callApi(trailerRoute, { method: 'DELETE', path: `/api/trailers/${trailer.id}`, params: { id: trailer.id }, token })
    expect([truckAnswer.status, truckAnswer.body.error?.code, trailerAnswer.status, trailerAnswer.body.error?.code]).toEqual([409, 'in_use', 409, 'in_use'])
    expect(await prisma.inspection.findUnique({ where: { id: report.id } })).toMatchObject({ truckId: truck.id, trailerId: trailer.id })
    expect(await prisma.truck.count({ where: { id: truck.id } })).toBe(1)
    expect(await prisma.trailer.count({ where: { id: trailer.id } })).toBe(1)
  })
})

describe('certifying against a work order', () => {
  const workOrder = (org: Org, fields: Record<string, unknown>) =>
    createWorkOrder(actorOf(org, 'admin'), WorkOrderSchema.parse({ kind: 'repair', description: 'Brake work', ...fields }))

  it('takes a work order of the report’s truck or of its trailer, and refuses another unit’s or another organization’s at the field, changing nothing', async () => {
    const org = await createOrg()
    const elsewhere = await createOrg()
    const { truck, trailer } = await unitOf(org)
    const other = await unitOf(org)
    const foreign = await unitOf(elsewhere)
    const file = (odometer: number) => createInspection(actorOf(org, 'driver'), input(truck.id, { trailerId: trailer.id, odometer, defects: [brakes()] }), NOW)
    const [byTruck, byTrailer, otherTruck, otherTrailer, foreignOrder] = await Promise.all([
      workOrder(org, { truckId: truck.id }),
      workOrder(org, { trailerId: trailer.id }),
      workOrder(org, { truckId: other.truck.id }),
      workOrder(org, { trailerId: other.trailer.id }),
      workOrder(elsewhere, { truckId: foreign.truck.id }),
    ])
    const first = await file(120_000)
    const certified = await certifyInspection(actorOf(org, 'mechanic'), first.id, { repaired: true, workOrderId: byTruck.id, version: first.version }, NOW)
    expect(certified.defects.map((defect) => defect.workOrderId)).toEqual([byTruck.id])

    const second = await file(120_100)
    for (const refused of [otherTruck, otherTrailer, foreignOrder]) {
      expect(
        await refusal(certifyInspection(actorOf(org, 'mechanic'), second.id, { repaired: true, workOrderId: refused.id, version: second.version }, NOW)),
      ).toMatchObject({
        code: 'validation_failed',
        fields: { workOrderId: ['inspections.errors.workOrder'] },
      })
    }
    expect(await prisma.inspection.findUniqueOrThrow({ where: { id: second.id }, include: { defects: true } })).toMatchObject({
      version: second.version,
      defects: [{ certifiedAt: null, workOrderId: null, repaired: null }],
    })
    const byItsTrailer = await certifyInspection(
      actorOf(org, 'mechanic'),
      second.id,
      { repaired: true, workOrderId: byTrailer.id, version: second.version },
      NOW,
    )
    expect(byItsTrailer.defects.map((defect) => [defect.workOrderId, defect.repaired])).toEqual([[byTrailer.id, true]])
  })
})

describe('the next driver acknowledges in their next report', () => {
  /** A unit with a certified report filed by the organization's driver; `next` is its primary driver now. */
  async function certifiedUnit(org: Org, note = 'New air line') {
    const { truck, trailer } = await unitOf(org)
    const next = await anotherDriver(org)
    await prisma.truck.update({ where: { id: truck.id }, data: { primaryDriverId: next.id } })
    const report = await createInspection(actorOf(org, 'driver'), input(truck.id, { trailerId: trailer.id, defects: [brakes()] }), NOW)
    const certified = await certifyInspection(actorOf(org, 'mechanic'), report.id, { repaired: true, note, version: report.version }, NOW)
    return { truck, trailer, next, report: certified }
  }
  const count = (org: Org) => prisma.inspection.count({ where: { organizationId: org.organization.id } })
  const acknowledgedOf = async (id: string) => prisma.inspection.findUniqueOrThrow({ where: { id }, select: { acknowledgedAt: true, acknowledgedById: true } })

  it('acknowledges the unit’s certified report in the filing transaction; without it, or with another id, nothing is written', async () => {
    const org = await createOrg()
    const { truck, trailer, next, report } = await certifiedUnit(org)
    const later = new Date(NOW.getTime() + 60_000)
    const file = (fields: Record<string, unknown>) => createInspection(next.actor, input(truck.id, { odometer: 120_050, ...fields }), later)

    // Not reviewed: refused at the field.
    expect(await refusal(file({}))).toMatchObject({
      code: 'validation_failed',
      fields: { acknowledgeInspectionId: ['inspections.errors.acknowledgeRequired'] },
    })
    // Another report's id (an older one of another unit): stale.
    const elsewhere = await certifiedUnit(org)
    expect(await refusal(file({ acknowledgeInspectionId: elsewhere.report.id }))).toMatchObject({
      fields: { acknowledgeInspectionId: ['inspections.errors.acknowledgeStale'] },
    })
    // Named, but the filing is refused afterwards (a photo that is not the filer's): signed nothing, filed nothing.
    const before = await count(org)
    expect(await refusal(file({ acknowledgeInspectionId: report.id, defects: [{ ...brakes(false), photoIds: ['cm0000000000000000000none'] }] }))).toMatchObject(
      { code: 'validation_failed' },
    )
    expect([await count(org), await acknowledgedOf(report.id)]).toEqual([before, { acknowledgedAt: null, acknowledgedById: null }])

    // Named: filed and signed together, audited as the page's button does.
    const filed = await file({ acknowledgeInspectionId: report.id })
    expect(filed.driverId).toBe(next.id)
    expect(await acknowledgedOf(report.id)).toEqual({ acknowledgedAt: later, acknowledgedById: next.id })
    expect(await prisma.auditEvent.count({ where: { entity: 'inspection', entityId: report.id, action: 'status' } })).toBe(2)
    // Signed, nothing waits: naming it again is stale, filing without it is fine.
    expect(await refusal(file({ acknowledgeInspectionId: report.id, odometer: 120_060 }))).toMatchObject({
      fields: { acknowledgeInspectionId: ['inspections.errors.acknowledgeStale'] },
    })
    await file({ odometer: 120_060, trailerId: trailer.id })
  })

  it('asks it of the trailer’s report too, but not of its filer, the office’s yard check, or a report not certified yet', async () => {
    const org = await createOrg()
    const { trailer, report } = await certifiedUnit(org)
    const next = await anotherDriver(org)
    const { truck: otherTruck } = await unitOf(org)
    // Another truck pulling the trailer: the trailer's report waits.
    expect(await refusal(createInspection(next.actor, input(otherTruck.id, { trailerId: trailer.id }), NOW))).toMatchObject({
      fields: { acknowledgeInspectionId: ['inspections.errors.acknowledgeRequired'] },
    })
    // The driver who filed it and the office do not sign it.
    await createInspection(actorOf(org, 'driver'), input(otherTruck.id, { trailerId: trailer.id, odometer: 120_010 }), NOW)
    await createInspection(actorOf(org, 'admin'), input(otherTruck.id, { trailerId: trailer.id, odometer: 120_020 }), NOW)
    expect(await acknowledgedOf(report.id)).toEqual({ acknowledgedAt: null, acknowledgedById: null })
    // A newer report of the trailer with a defect not certified yet: nothing to sign until it is; the older one waits still.
    const open = await createInspection(
      actorOf(org, 'driver'),
      input(otherTruck.id, { trailerId: trailer.id, odometer: 120_030, defects: [brakes(false)] }),
      NOW,
    )
    const signed = await createInspection(
      next.actor,
      input(otherTruck.id, { trailerId: trailer.id, odometer: 120_040, acknowledgeInspectionId: report.id }),
      NOW,
    )
    expect([signed.id, (await acknowledgedOf(report.id)).acknowledgedById, (await acknowledgedOf(open.id)).acknowledgedById]).toEqual([
      expect.any(String),
      next.id,
      null,
    ])
  })

  it('answers the API with the same field: 400 without it, 201 and the report acknowledged with it', async () => {
    const org = await createOrg()
    // The office's yard check found the defect; the organization's driver (who has a token) is the next driver.
    const { truck } = await unitOf(org)
    const yard = await createInspection(actorOf(org, 'admin'), input(truck.id, { defects: [brakes()] }), NOW)
    const report = await certifyInspection(actorOf(org, 'mechanic'), yard.id, { repaired: false, note: 'Within limits', version: yard.version }, NOW)
    const next = { id: org.users.driver.id }
    await prisma.truck.update({ where: { id: truck.id }, data: { primaryDriverId: next.id } })
    const token = org.users.driver.token
    const path = '/api/inspections'
    const body = { truckId: truck.id, kind: 'pre_trip', inspectedAt: '2026-12-03T14:40:00Z', odometer: 120_050, defects: [] }
    const refused = await callApi(inspectionsRoute, { method: 'POST', path, token, body })
    expect([refused.status, refused.body.error?.code, refused.body.error?.fields]).toEqual([
      400,
      'validation_failed',
      { acknowledgeInspectionId: [expect.any(String)] },
    ])
    const bad = await callApi(inspectionsRoute, { method: 'POST', path, token, body: { ...body, acknowledgeInspectionId: 'not an id' } })
    expect([bad.status, Object.keys(bad.body.error?.fields ?? {})]).toEqual([400, ['acknowledgeInspectionId']])
    expect(await prisma.inspection.count({ where: { truckId: truck.id } })).toBe(1)
    const filed = await callApi(inspectionsRoute, { method: 'POST', path, token, body: { ...body, acknowledgeInspectionId: report.id } })
    expect(filed.status).toBe(201)
    const read = await callApi(inspectionRoute, { path: `${path}/${report.id}`, params: { id: report.id }, token })
    expect(read.body.data).toMatchObject({ acknowledgedById: next.id, acknowledgedAt: expect.any(String) })
  })

  it('shows the waiting report on the form, refuses it unticked with the message, and re-checks the unit posted', async () => {
    const org = await createOrg()
    const { truck, next, report } = await certifiedUnit(org, 'Replaced the air line')
    const { truck: spare } = await unitOf(org)
    const page = await callPage(newPage.loader, '/dashboard/inspections/new', next.id)
    expect(page.data).toMatchObject({
      truckId: truck.id,
      waiting: {
        id: report.id,
        defects: [{ item: 'service_brakes', repaired: true, certificationNote: 'Replaced the air line', certifiedBy: expect.any(String) }],
      },
    })
    // The units chosen on the form (a change asks with JavaScript): their report, or none; another organization's truck is not offered.
    const spareChosen = await callPage(newPage.loader, `/dashboard/inspections/new?truckId=${spare.id}&trailerId=`, next.id)
    expect(spareChosen.data).toMatchObject({ truckId: spare.id, trailerId: null, waiting: null })
    const back = await callPage(newPage.loader, `/dashboard/inspections/new?truckId=${truck.id}&trailerId=`, next.id)
    expect(back.data).toMatchObject({ truckId: truck.id, waiting: { id: report.id } })
    const { truck: foreign } = await unitOf(await createOrg())
    const elsewhere = await callPage(newPage.loader, `/dashboard/inspections/new?truckId=${foreign.id}&trailerId=x`, next.id)
    expect(elsewhere.data).toMatchObject({ truckId: null, trailerId: null, waiting: null })
    const fields = { truckId: truck.id, trailerId: '', kind: 'pre_trip', inspectedAt: '2026-12-03T08:30', odometer: '120050', remarks: '' }
    const post = (extra: Record<string, string>) => callPage(newPage.action, '/dashboard/inspections/new', next.id, {}, postForm({ ...fields, ...extra }))
    const unticked = await post({})
    expect([unticked.status, refusalOf(unticked)!.fields.acknowledgeInspectionId, (unticked.data as { waiting: { id: string } }).waiting.id]).toEqual([
      400,
      ['Review the last report of this unit and tick the box to confirm.'],
      report.id,
    ])
    // The form showed the spare truck's (none) but the driver chose the truck in the browser: the form again with its report.
    const chosen = await post({ truckId: truck.id })
    expect((chosen.data as { waiting: { id: string } | null }).waiting?.id).toBe(report.id)
    // The other way: the box ticked for a report, the spare truck posted: stale, the form again without a report to review.
    const switched = await post({ truckId: spare.id, acknowledgeInspectionId: report.id })
    expect([switched.status, (switched.data as { waiting: unknown }).waiting, refusalOf(switched)!.fields.acknowledgeInspectionId]).toEqual([
      400,
      null,
      [expect.stringContaining('has changed')],
    ])
    expect(await prisma.inspection.count({ where: { organizationId: org.organization.id } })).toBe(1)
    const filed = await post({ acknowledgeInspectionId: report.id })
    expect(filed.status).toBe(302)
    expect((await acknowledgedOf(report.id)).acknowledgedById).toBe(next.id)
  })
})
