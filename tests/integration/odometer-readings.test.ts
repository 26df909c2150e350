/**
 * A driver's odometer readings (ADR 125): the rules of app/policies/odometer-reading.ts through the
 * model, the trip a delivered load's readings make (exact miles per state, dated on the
 * organization's calendar, once per load however it is delivered), the gap between two loads on
 * the return, and the API's contract for /api/odometer-readings.
 */
import { describe, expect, it } from 'vitest'

import { readIftaReturn } from '~/models/fuel-tax/ifta-return.server'
import { deleteOdometerReading, loadDistanceRecord, recordOdometerReading } from '~/models/fuel-tax/odometer-reading.server'
import { createLoad } from '~/models/loads/load.server'
import { moveLoad, reopenLoad } from '~/models/loads/load-status.server'
import * as readingsRoute from '~/routes/api/odometer-readings/collection'
import * as readingRoute from '~/routes/api/odometer-readings/item'
import * as myLoads from '~/routes/dashboard/loads/mine'
import type { Jurisdiction, OdometerReadingKind } from '~/schemas/ifta-options'
import { LoadSchema } from '~/schemas/load'
import type { LoadStatus } from '~/schemas/load-options'
import { prisma } from '~/utils/db.server'
import { ROLES } from '~/utils/permissions'

import { callApi } from '../contract-kit'
import { actorOf, createOrg, fleet, LOAD_STOPS, type Org, refusal } from '../helpers'
import { callPage, type Handler, postForm, refusalOf } from '../page-helpers'

type Fleet = Awaited<ReturnType<typeof fleet>>

async function move(org: Org, id: string, status: LoadStatus) {
  const { version } = await prisma.load.findUniqueOrThrow({ where: { id } })
  return moveLoad(actorOf(org, 'dispatcher'), id, { status, version })
}

/** A load of the fleet's driver, truck and trailer, moved along to `status`. */
async function loadOf(org: Org, equipment: Fleet, status: LoadStatus = 'dispatched') {
  const { broker, truck, trailer, driverId } = equipment
  const load = await createLoad(
    actorOf(org),
    LoadSchema.parse({ stops: LOAD_STOPS, brokerId: broker.id, driverId, truckId: truck.id, trailerId: trailer.id, linehaulCents: 100_000 }),
  )
  for (const next of ['dispatched', 'at_pickup', 'in_transit', 'at_delivery', 'delivered'] as const) {
    if (status === 'booked') break
    await move(org, load.id, next)
    if (next === status) break
  }
  return load
}

async function deliver(org: Org, id: string) {
  const { status } = await prisma.load.findUniqueOrThrow({ where: { id } })
  for (const next of ['at_pickup', 'in_transit', 'at_delivery', 'delivered'] as const) if (ROAD.indexOf(next) > ROAD.indexOf(status)) await move(org, id, next)
}
const ROAD: LoadStatus[] = ['dispatched', 'at_pickup', 'in_transit', 'at_delivery', 'delivered']

const driverOf = (org: Org) => actorOf(org, 'driver')
const read = (org: Org, loadId: string, kind: OdometerReadingKind, jurisdiction: Jurisdiction, odometer: number, at: string) =>
  recordOdometerReading(driverOf(org), { loadId, kind, jurisdiction, odometer }, new Date(at))

const tripsOf = (loadId: string) =>
  prisma.trip.findMany({
    where: { loadId },
    include: { jurisdictions: { select: { jurisdiction: true, miles: true, taxableMiles: true }, orderBy: { jurisdiction: 'asc' } } },
  })

describe('odometer readings make the trip', () => {
  it('makes one trip on delivery: the miles between consecutive readings in the state the unit was in, dated on the organization’s calendar', async () => {
    const org = await createOrg()
    const equipment = await fleet(org)
    const load = await loadOf(org, equipment)
    await read(org, load.id, 'start', 'TX', 100_000, '2026-08-01T14:00:00Z')
    await read(org, load.id, 'state_line', 'OK', 100_300, '2026-08-01T19:00:00Z')
    await read(org, load.id, 'state_line', 'KS', 100_500, '2026-08-01T22:00:00Z')
    await read(org, load.id, 'state_line', 'OK', 100_650, '2026-08-02T15:00:00Z')
    // 03:00 UTC on the 3rd is 22:00 on the 2nd in Chicago, the organization's zone.
    await read(org, load.id, 'end', 'OK', 100_800, '2026-08-03T03:00:00Z')
    expect(await tripsOf(load.id)).toEqual([])

    await deliver(org, load.id)
    const [trip, ...more] = await tripsOf(load.id)
    expect(more).toEqual([])
    expect(trip).toMatchObject({ truckId: equipment.truck.id, startOdometer: 100_000, endOdometer: 100_800 })
    expect(trip.startedAt.toISOString().slice(0, 10)).toBe('2026-08-01')
    expect(trip.endedAt.toISOString().slice(0, 10)).toBe('2026-08-02')
    expect(trip.jurisdictions).toEqual([
      { jurisdiction: 'KS', miles: 150, taxableMiles: 150 },
      { jurisdiction: 'OK', miles: 350, taxableMiles: 350 },
      { jurisdiction: 'TX', miles: 300, taxableMiles: 300 },
    ])
    // The office's load page reads the readings and the trip's miles.
    const record = await loadDistanceRecord({ organizationId: org.organization.id }, load.id)
    expect(record.readings.map((reading) => reading.kind)).toEqual(['start', 'state_line', 'state_line', 'state_line', 'end'])
    expect(record.tripMiles).toBe(800)
  })

  it('makes no trip when the start or the end is missing, and the load page says the record is incomplete', async () => {
    const org = await createOrg()
    const load = await loadOf(org, await fleet(org))
    await read(org, load.id, 'start', 'TX', 5_000, '2026-08-01T14:00:00Z')
    await read(org, load.id, 'state_line', 'OK', 5_200, '2026-08-01T18:00:00Z')
    await deliver(org, load.id)
    expect(await tripsOf(load.id)).toEqual([])
    expect(await loadDistanceRecord({ organizationId: org.organization.id }, load.id)).toMatchObject({ tripMiles: null })
  })

  it('makes one trip of two deliveries at once, and none again when the load is reopened and delivered again', async () => {
    const org = await createOrg()
    const load = await loadOf(org, await fleet(org), 'at_delivery')
    await read(org, load.id, 'start', 'TX', 1_000, '2026-08-01T14:00:00Z')
    await read(org, load.id, 'end', 'OK', 1_400, '2026-08-02T14:00:00Z')
    const { version } = await prisma.load.findUniqueOrThrow({ where: { id: load.id } })
    const results = await Promise.allSettled([
      moveLoad(actorOf(org, 'dispatcher'), load.id, { status: 'delivered', version }),
      moveLoad(actorOf(org, 'admin'), load.id, { status: 'delivered', version }),
    ])
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected'])
    expect(await tripsOf(load.id)).toHaveLength(1)

    const delivered = await prisma.load.findUniqueOrThrow({ where: { id: load.id } })
    await reopenLoad(actorOf(org, 'admin'), load.id, { version: delivered.version, reason: 'Delivered by mistake' })
    await deliver(org, load.id)
    expect(await prisma.load.findUniqueOrThrow({ where: { id: load.id } })).toMatchObject({ status: 'delivered' })
    expect(await tripsOf(load.id)).toHaveLength(1)
  })

  it('keeps one odometer log per unit across loads: the deadhead between them is a gap the return warns of', async () => {
    const org = await createOrg()
    const equipment = await fleet(org)
    const first = await loadOf(org, equipment)
    await read(org, first.id, 'start', 'TX', 20_000, '2026-08-01T14:00:00Z')
    await read(org, first.id, 'end', 'OK', 20_400, '2026-08-02T14:00:00Z')
    await deliver(org, first.id)

    const second = await loadOf(org, equipment)
    // Below the first load's end: refused at the field, whatever the load.
    const backwards = await refusal(read(org, second.id, 'start', 'OK', 20_399, '2026-08-04T14:00:00Z'))
    expect(backwards).toMatchObject({ code: 'validation_failed', messageKey: 'odometer.errors.backwards', options: { params: { latest: 20_400 } } })
    expect(backwards.fields).toEqual({ odometer: ['odometer.errors.backwards'] })
    await read(org, second.id, 'start', 'OK', 20_550, '2026-08-04T14:00:00Z')
    await read(org, second.id, 'end', 'OK', 20_700, '2026-08-04T20:00:00Z')
    await deliver(org, second.id)

    const figures = await readIftaReturn(org.organization.id, { year: 2026, number: 3 }, 'diesel')
    expect(figures.totalMiles).toBe(550)
    expect(figures.warnings).toContainEqual({ code: 'odometer_gap', truckId: equipment.truck.id, params: { from: 20_400, to: 20_550 } })
  })
})

describe('who records which reading', () => {
  it('refuses a reading lower than the load’s own last one, a second start, and anything after the end', async () => {
    const org = await createOrg()
    const load = await loadOf(org, await fleet(org))
    expect(await refusal(read(org, load.id, 'state_line', 'OK', 10, '2026-08-01T14:00:00Z'))).toMatchObject({
      code: 'invalid_transition',
      messageKey: 'odometer.errors.kindNotNext',
    })
    await read(org, load.id, 'start', 'TX', 9_000, '2026-08-01T14:00:00Z')
    expect(await refusal(read(org, load.id, 'start', 'TX', 9_001, '2026-08-01T15:00:00Z'))).toMatchObject({ messageKey: 'odometer.errors.kindNotNext' })
    expect(await refusal(read(org, load.id, 'state_line', 'OK', 8_999, '2026-08-01T15:00:00Z'))).toMatchObject({ messageKey: 'odometer.errors.backwards' })
    await read(org, load.id, 'end', 'TX', 9_000, '2026-08-01T16:00:00Z')
    expect(await refusal(read(org, load.id, 'state_line', 'OK', 9_100, '2026-08-01T17:00:00Z'))).toMatchObject({ messageKey: 'odometer.errors.kindNotNext' })
    expect(await prisma.odometerReading.count({ where: { loadId: load.id } })).toBe(2)
  })

  it('refuses another driver, the office, and a load that is not on the road (booked, delivered)', async () => {
    const org = await createOrg()
    const equipment = await fleet(org)
    const load = await loadOf(org, equipment)
    const other = await prisma.user.create({
      data: {
        organizationId: org.organization.id,
        email: `other.${load.id}@example.test`,
        passwordHash: 'x',
        firstName: 'Other',
        lastName: 'Driver',
        role: 'driver',
      },
    })
    const otherDriver = { ...driverOf(org), userId: other.id }
    const input = { loadId: load.id, kind: 'start' as const, jurisdiction: 'TX' as const, odometer: 1 }
    expect(await refusal(recordOdometerReading(otherDriver, input))).toMatchObject({ code: 'forbidden', messageKey: 'odometer.errors.notYourLoad' })
    // The office reads readings, it does not record them.
    expect(await refusal(recordOdometerReading(actorOf(org, 'dispatcher'), input))).toMatchObject({ code: 'forbidden' })

    await deliver(org, load.id)
    expect(await refusal(recordOdometerReading(driverOf(org), input))).toMatchObject({ code: 'invalid_transition', messageKey: 'odometer.errors.notOnRoad' })
    const booked = await loadOf(org, equipment, 'booked')
    expect(await refusal(recordOdometerReading(driverOf(org), { ...input, loadId: booked.id }))).toMatchObject({ messageKey: 'odometer.errors.notOnRoad' })
    expect(await prisma.odometerReading.count({ where: { organizationId: org.organization.id } })).toBe(0)
  })

  it('takes back a mistyped latest reading (the driver on My loads, the office by the API) so the log goes on, and nothing else', async () => {
    const org = await createOrg()
    const equipment = await fleet(org)
    const load = await loadOf(org, equipment)
    await read(org, load.id, 'start', 'TX', 100_000, '2026-08-01T14:00:00Z')
    // A digit too many: every later reading of the unit would be "backwards".
    const typo = await read(org, load.id, 'state_line', 'OK', 1_003_000, '2026-08-01T19:00:00Z')
    expect(await refusal(read(org, load.id, 'state_line', 'OK', 100_300, '2026-08-01T19:05:00Z'))).toMatchObject({ messageKey: 'odometer.errors.backwards' })
    const start = await prisma.odometerReading.findFirstOrThrow({ where: { loadId: load.id, kind: 'start' } })
    // Only the latest: the start under it stays.
    expect(await refusal(deleteOdometerReading(driverOf(org), start.id))).toMatchObject({ code: 'invalid_transition', messageKey: 'odometer.errors.notLatest' })
    // Another organization's admin does not find it; a viewer may not.
    const stranger = await createOrg()
    expect(await refusal(deleteOdometerReading(actorOf(stranger, 'admin'), typo.id))).toMatchObject({ code: 'not_found' })
    expect(await refusal(deleteOdometerReading(actorOf(org, 'viewer'), typo.id))).toMatchObject({ code: 'forbidden' })

    const answer = await callPage(
      myLoads.action as Handler,
      '/dashboard/loads/mine',
      org.users.driver.id,
      {},
      postForm({ intent: 'odometerTakeBack', loadId: load.id, readingId: typo.id }),
    )
    expect([answer.status, answer.toast?.title]).toEqual([302, 'Reading “Entered OK” at 1,003,000 taken back'])
    await read(org, load.id, 'state_line', 'OK', 100_300, '2026-08-01T19:05:00Z')

    // The office takes back through the API; a second time the reading is gone.
    const last = await read(org, load.id, 'end', 'OK', 100_500, '2026-08-01T22:00:00Z')
    const path = `/api/odometer-readings/${last.id}`
    expect((await callApi(readingRoute, { method: 'DELETE', path, params: { id: last.id }, token: org.users.viewer.token })).status).toBe(403)
    const taken = await callApi(readingRoute, { method: 'DELETE', path, params: { id: last.id }, token: org.users.dispatcher.token })
    expect([taken.status, taken.body.data?.odometer]).toEqual([200, 100_500])
    expect((await callApi(readingRoute, { method: 'DELETE', path, params: { id: last.id }, token: org.users.dispatcher.token })).status).toBe(404)
    expect((await callApi(readingRoute, { path, params: { id: last.id }, token: org.users.dispatcher.token })).status).toBe(405)

    // Delivered, the load's trip is the record: its readings stay.
    await read(org, load.id, 'end', 'OK', 100_500, '2026-08-01T22:00:00Z')
    await deliver(org, load.id)
    const end = await prisma.odometerReading.findFirstOrThrow({ where: { loadId: load.id, kind: 'end' } })
    const late = await callPage(
      myLoads.action as Handler,
      '/dashboard/loads/mine',
      org.users.driver.id,
      {},
      postForm({ intent: 'odometerTakeBack', loadId: load.id, readingId: end.id }),
    )
    expect([late.status, refusalOf(late)?.message]).toEqual([409, expect.any(String)])
    expect(await prisma.odometerReading.count({ where: { loadId: load.id } })).toBe(3)
  })

  it('refuses a reading on a day of a filed quarter with 409 period_closed', async () => {
    const org = await createOrg()
    const load = await loadOf(org, await fleet(org))
    await prisma.iftaQuarter.create({ data: { organizationId: org.organization.id, quarter: '2026-Q2', filedAt: new Date('2026-07-20') } })
    const closed = await refusal(read(org, load.id, 'start', 'TX', 1_000, '2026-06-30T15:00:00Z'))
    expect(closed).toMatchObject({ code: 'period_closed', status: 409 })
    // 04:00 UTC on July 1st is still June 30 in Chicago.
    expect(await refusal(read(org, load.id, 'start', 'TX', 1_000, '2026-07-01T04:00:00Z'))).toMatchObject({ code: 'period_closed' })
    await read(org, load.id, 'start', 'TX', 1_000, '2026-07-01T06:00:00Z')
  })
})

describe('/api/odometer-readings', () => {
  const path = '/api/odometer-readings'

  it('records for the load’s driver (201) and refuses every other role (403), nothing written', async () => {
    const org = await createOrg()
    const load = await loadOf(org, await fleet(org))
    const body = { loadId: load.id, kind: 'start', jurisdiction: 'tx', odometer: 42_000 }
    expect((await callApi(readingsRoute, { method: 'POST', path, body })).status).toBe(401)
    for (const role of ROLES.filter((candidate) => candidate !== 'driver')) {
      const answer = await callApi(readingsRoute, { method: 'POST', path, token: org.users[role].token, body })
      expect(answer.status, role).toBe(403)
    }
    expect(await prisma.odometerReading.count({ where: { loadId: load.id } })).toBe(0)
    const created = await callApi(readingsRoute, { method: 'POST', path, token: org.users.driver.token, body })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({ loadId: load.id, kind: 'start', jurisdiction: 'TX', odometer: 42_000, driverId: org.users.driver.id })
  })

  it('answers bad input with 400 at the field, a backwards odometer at `odometer`, the wrong order 409', async () => {
    const org = await createOrg()
    const load = await loadOf(org, await fleet(org))
    const token = org.users.driver.token
    const post = (body: unknown) => callApi(readingsRoute, { method: 'POST', path, token, body })
    for (const [body, field] of [
      [{ loadId: load.id, kind: 'start', jurisdiction: 'ZZ', odometer: 1 }, 'jurisdiction'],
      [{ loadId: load.id, kind: 'middle', jurisdiction: 'TX', odometer: 1 }, 'kind'],
      [{ loadId: load.id, kind: 'start', jurisdiction: 'TX', odometer: -1 }, 'odometer'],
      [{ loadId: load.id, kind: 'start', jurisdiction: 'TX', odometer: 1.5 }, 'odometer'],
      [{ kind: 'start', jurisdiction: 'TX', odometer: 1 }, 'loadId'],
    ] as const) {
      const answer = await post(body)
      expect(answer.status, field).toBe(400)
      expect(answer.body.error).toMatchObject({ code: 'validation_failed' })
      expect(Object.keys(answer.body.error.fields ?? {}), field).toContain(field)
    }
    expect((await post({ loadId: load.id, kind: 'end', jurisdiction: 'TX', odometer: 1 })).status).toBe(409)
    expect((await post({ loadId: load.id, kind: 'start', jurisdiction: 'TX', odometer: 500 })).status).toBe(201)
    const backwards = await post({ loadId: load.id, kind: 'state_line', jurisdiction: 'OK', odometer: 499 })
    expect(backwards.status).toBe(400)
    expect(backwards.body.error.fields).toHaveProperty('odometer')
    expect((await callApi(readingsRoute, { method: 'PUT', path, token, body: {} })).status).toBe(405)
  })

  it('lists a load’s and a unit’s readings to the office and the viewer; a driver sees only their own', async () => {
    const org = await createOrg()
    const equipment = await fleet(org)
    const load = await loadOf(org, equipment)
    await read(org, load.id, 'start', 'TX', 700, '2026-08-01T14:00:00Z')
    await read(org, load.id, 'state_line', 'OK', 800, '2026-08-01T16:00:00Z')
    const other = await prisma.user.create({
      data: {
        organizationId: org.organization.id,
        email: `other.${load.id}@example.test`,
        passwordHash: 'x',
        firstName: 'Other',
        lastName: 'Driver',
        role: 'driver',
      },
    })
    // A reading of another driver on the same unit (recorded before, on an earlier load).
    await prisma.odometerReading.create({
      data: {
        organizationId: org.organization.id,
        truckId: equipment.truck.id,
        driverId: other.id,
        kind: 'end',
        jurisdiction: 'TX',
        odometer: 600,
        recordedAt: new Date('2026-07-30T12:00:00Z'),
      },
    })
    for (const role of ['admin', 'dispatcher', 'accountant', 'viewer'] as const) {
      const answer = await callApi(readingsRoute, { path: `${path}?truckId=${equipment.truck.id}`, token: org.users[role].token })
      expect(answer.status, role).toBe(200)
      expect(answer.body.data.map((reading: { odometer: number }) => reading.odometer)).toEqual([600, 700, 800])
      expect(answer.body.meta).toEqual({ total: 3, limit: 500 })
    }
    const byLoad = await callApi(readingsRoute, { path: `${path}?loadId=${load.id}`, token: org.users.admin.token })
    expect(byLoad.body.data.map((reading: { kind: string }) => reading.kind)).toEqual(['start', 'state_line'])
    const own = await callApi(readingsRoute, { path: `${path}?truckId=${equipment.truck.id}`, token: org.users.driver.token })
    expect(own.body.data.map((reading: { odometer: number }) => reading.odometer)).toEqual([700, 800])
    // Another organization reads none of them.
    const stranger = await createOrg()
    const none = await callApi(readingsRoute, { path: `${path}?truckId=${equipment.truck.id}`, token: stranger.users.admin.token })
    expect(none.body.data).toEqual([])
  })
})
