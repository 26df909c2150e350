/** The load model's rules (app/models/loads/load.server.ts and load-*.server.ts) against this file's database. */
import { describe, expect, it } from 'vitest'

import { createLoad, deleteLoad, getLoad, updateLoad } from '~/models/loads/load.server'
import { loadEditorOptions } from '~/models/loads/load-pickers.server'
import { serializeLoad } from '~/models/loads/load-serialize.server'
import { moveLoad, reopenLoad } from '~/models/loads/load-status.server'
import { recordStopEvent } from '~/models/loads/load-stop-events.server'
import { deleteTrailer } from '~/models/reference/trailer.server'
import { deleteTruck } from '~/models/reference/truck.server'
import { canDeleteLoad, canEditLoad, loadScope, nextStopEvent, statusFromStops } from '~/policies/load'
import { LoadSchema, LoadStatusMoveSchema, LoadUpdateSchema } from '~/schemas/load'
import { LOAD_STATUSES, type LoadStatus } from '~/schemas/load-options'
import { prisma } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'

import { actorOf, createOrg, fleet, refusal, unique } from '../helpers'

type Org = Awaited<ReturnType<typeof createOrg>>

const stops = [
  { type: 'pickup', city: 'Dallas', state: 'TX', windowStart: '2026-12-01T08:00' },
  { type: 'delivery', city: 'Tulsa', state: 'OK', windowStart: '2026-12-02T09:00' },
]

function input(fields: Record<string, unknown>) {
  return LoadSchema.parse({ stops, ...fields })
}

async function move(org: Org, id: string, status: LoadStatus) {
  const { version } = await prisma.load.findUniqueOrThrow({ where: { id } })
  return moveLoad(actorOf(org, 'dispatcher'), id, { status, version })
}

describe('load numbers', () => {
  it('come from the organization’s sequence without gaps or duplicates under parallel creates', async () => {
    const org = await createOrg()
    const { broker } = await fleet(org)
    const loads = await Promise.all(Array.from({ length: 8 }, () => createLoad(actorOf(org), input({ brokerId: broker.id }))))
    expect(loads.map((load) => load.loadNumber).sort()).toEqual(Array.from({ length: 8 }, (_, i) => `L-${String(i + 1).padStart(6, '0')}`))
  })
})

describe('booking', () => {
  it('refuses a broker on hold, for a new load and for a load moved to it', async () => {
    const org = await createOrg()
    const { broker } = await fleet(org)
    const held = await prisma.broker.create({ data: { organizationId: org.organization.id, name: unique('Held'), status: 'on_hold' } })
    const error = await refusal(createLoad(actorOf(org), input({ brokerId: held.id })))
    expect(error.code).toBe('in_use')
    expect(error.messageKey).toBe('brokers.errors.onHold')
    const load = await createLoad(actorOf(org), input({ brokerId: broker.id }))
    const update = LoadUpdateSchema.parse({ stops, brokerId: held.id, version: load.version })
    expect((await refusal(updateLoad(actorOf(org), load.id, update))).messageKey).toBe('brokers.errors.onHold')
    expect(await prisma.load.count({ where: { organizationId: org.organization.id } })).toBe(1)
  })

  it('replaces stops and charges on update: known ids kept, new rows added, missing ones removed, foreign ids refused', async () => {
    const org = await createOrg()
    const { broker } = await fleet(org)
    const load = await createLoad(
      actorOf(org),
      input({
        brokerId: broker.id,
        charges: [
          { type: 'lumper', amountCents: 5000 },
          { type: 'detention', amountCents: 7500 },
        ],
      }),
    )
    const [pickup, delivery] = load.stops
    const next = LoadUpdateSchema.parse({
      brokerId: broker.id,
      version: load.version,
      linehaulCents: 100_000,
      stops: [
        { id: pickup.id, type: 'pickup', city: 'Fort Worth', windowStart: '2026-12-01T07:00' },
        { type: 'pickup', city: 'Waco', windowStart: '2026-12-01T12:00' },
        { id: delivery.id, type: 'delivery', city: 'Tulsa', windowStart: '2026-12-02T09:00' },
      ],
      charges: [{ id: load.charges[1].id, type: 'detention', amountCents: 9000 }],
    })
    const updated = await updateLoad(actorOf(org), load.id, next)
    expect(updated.stops.map((stop) => [stop.city, stop.sequence])).toEqual([
      ['Fort Worth', 1],
      ['Waco', 2],
      ['Tulsa', 3],
    ])
    expect(updated.stops[0].id).toBe(pickup.id)
    expect(updated.charges.map((charge) => [charge.id, charge.amountCents])).toEqual([[load.charges[1].id, 9000]])
    expect(updated).toMatchObject({ totalCents: 109_000, pickupCity: 'Fort Worth', deliveryCity: 'Tulsa', version: 2 })

    const other = await createLoad(actorOf(org), input({ brokerId: broker.id }))
    const stolen = LoadUpdateSchema.parse({ brokerId: broker.id, version: other.version, stops: [{ ...stops[0], id: pickup.id }, stops[1]] })
    const error = await refusal(updateLoad(actorOf(org), other.id, stolen))
    expect(error.fields).toEqual({ 'stops.0.id': ['loads.errors.unknownRow'] })
    expect((await getLoad({ organizationId: org.organization.id }, load.id)).stops).toHaveLength(3)
  })
})

describe('the status machine', () => {
  it('refuses every move the transition table does not list, changing nothing', async () => {
    const org = await createOrg()
    const { broker } = await fleet(org)
    const load = await createLoad(actorOf(org), input({ brokerId: broker.id }))
    for (const status of ['draft', 'at_pickup', 'in_transit', 'at_delivery', 'delivered', 'invoiced'] as const) {
      const error = await refusal(move(org, load.id, status))
      expect(error.code).toBe('invalid_transition')
    }
    expect(await prisma.load.findUniqueOrThrow({ where: { id: load.id } })).toMatchObject({ status: 'booked', version: 1 })
  })

  it('dispatches a complete, fit assignment, takes the truck and trailer, and gives them back on delivery', async () => {
    const org = await createOrg()
    const { broker, truck, trailer, driverId } = await fleet(org)
    const load = await createLoad(actorOf(org), input({ brokerId: broker.id, driverId, truckId: truck.id, trailerId: trailer.id }))
    await move(org, load.id, 'dispatched')
    expect((await prisma.truck.findUniqueOrThrow({ where: { id: truck.id } })).status).toBe('dispatched')
    expect((await prisma.trailer.findUniqueOrThrow({ where: { id: trailer.id } })).status).toBe('in_use')
    for (const status of ['at_pickup', 'in_transit', 'at_delivery', 'delivered'] as const) await move(org, load.id, status)
    expect((await prisma.truck.findUniqueOrThrow({ where: { id: truck.id } })).status).toBe('available')
    expect((await prisma.trailer.findUniqueOrThrow({ where: { id: trailer.id } })).status).toBe('available')
    expect(await prisma.auditEvent.count({ where: { entityId: load.id, action: 'status' } })).toBe(5)
  })

  it('refuses to dispatch an incomplete or unfit assignment', async () => {
    const org = await createOrg()
    const { broker, truck, trailer, driverId } = await fleet(org)
    const incomplete = await createLoad(actorOf(org), input({ brokerId: broker.id, driverId }))
    const missing = await refusal(move(org, incomplete.id, 'dispatched'))
    expect(missing.code).toBe('invalid_transition')
    expect(Object.keys(missing.fields ?? {})).toEqual(['truckId', 'trailerId'])
    // Power only needs no trailer.
    const powerOnly = await createLoad(actorOf(org), input({ brokerId: broker.id, driverId, truckId: truck.id, equipmentType: 'power_only' }))
    await move(org, powerOnly.id, 'dispatched')
    await move(org, powerOnly.id, 'booked')

    const load = await createLoad(actorOf(org), input({ brokerId: broker.id, driverId, truckId: truck.id, trailerId: trailer.id }))
    await prisma.truck.update({ where: { id: truck.id }, data: { status: 'maintenance' } })
    expect((await refusal(move(org, load.id, 'dispatched'))).messageKey).toBe('loads.errors.truck.maintenance')
    await prisma.truck.update({ where: { id: truck.id }, data: { status: 'available' } })
    await prisma.driverProfile.update({ where: { userId: driverId }, data: { medicalCardExpiry: new Date('2026-11-30') } })
    expect((await refusal(move(org, load.id, 'dispatched'))).messageKey).toBe('loads.errors.medicalInvalid')
    await prisma.driverProfile.update({ where: { userId: driverId }, data: { medicalCardExpiry: new Date('2027-01-31'), licenseExpiry: null } })
    expect((await refusal(move(org, load.id, 'dispatched'))).messageKey).toBe('loads.errors.licenseInvalid')
    expect(await prisma.load.findUniqueOrThrow({ where: { id: load.id } })).toMatchObject({ status: 'booked', version: 1 })
  })

  it('checks the driver and the units on the pickup’s day in the organization’s time zone, not on the UTC day', async () => {
    const org = await createOrg()
    const { broker, truck, trailer, driverId } = await fleet(org)
    const organization = { where: { id: org.organization.id } }
    const at = (windowStart: string) =>
      input({ brokerId: broker.id, driverId, truckId: truck.id, trailerId: trailer.id, stops: [{ ...stops[0], windowStart }, stops[1]] })
    // 8 pm in Chicago on 1 December is 2 am UTC on the 2nd: a license valid through the 1st covers it.
    await prisma.organization.update({ ...organization, data: { timezone: 'America/Chicago' } })
    await prisma.driverProfile.update({ where: { userId: driverId }, data: { licenseExpiry: new Date('2026-12-01') } })
    const evening = await createLoad(actorOf(org), at('2026-12-01T20:00'))
    expect((await move(org, evening.id, 'dispatched')).status).toBe('dispatched')
    await move(org, evening.id, 'canceled')
    // 8 am in Tokyo on the 2nd is 11 pm UTC on the 1st: a truck whose inspection was due on the 1st is out of service by then.
    await prisma.organization.update({ ...organization, data: { timezone: 'Asia/Tokyo' } })
    await prisma.driverProfile.update({ where: { userId: driverId }, data: { licenseExpiry: new Date('2027-06-30') } })
    await prisma.truck.update({ where: { id: truck.id }, data: { inspectionDue: new Date('2026-12-01') } })
    const refused = await refusal(createLoad(actorOf(org), at('2026-12-02T08:00')))
    expect([refused.code, refused.messageKey]).toEqual(['out_of_service', 'loads.errors.outOfService.truckInspection'])
    expect((await createLoad(actorOf(org), at('2026-12-01T23:00'))).truckId).toBe(truck.id)
  })

  it('keeps a truck or trailer past its annual inspection off a load: not assigned, not dispatched (409 out_of_service)', async () => {
    const org = await createOrg()
    const { broker, truck, trailer, driverId } = await fleet(org)
    // The load's day is its pickup's, 2026-12-01: due that day is still in service, the day before is not.
    await prisma.truck.update({ where: { id: truck.id }, data: { inspectionDue: new Date('2026-11-30') } })
    const assigned = await refusal(createLoad(actorOf(org), input({ brokerId: broker.id, driverId, truckId: truck.id, trailerId: trailer.id })))
    expect([assigned.code, assigned.messageKey, assigned.fields, assigned.options.params]).toEqual([
      'out_of_service',
      'loads.errors.outOfService.truckInspection',
      { truckId: ['loads.errors.outOfService.truckInspection'] },
      { unit: truck.unitNumber, date: '2026-11-30' },
    ])

    // Assigned while in service, then its inspection lapses: the dispatch refuses it.
    await prisma.truck.update({ where: { id: truck.id }, data: { inspectionDue: new Date('2026-12-01') } })
    const load = await createLoad(actorOf(org), input({ brokerId: broker.id, driverId, truckId: truck.id }))
    await prisma.trailer.update({ where: { id: trailer.id }, data: { inspectionDue: new Date('2025-12-01') } })
    const changed = await refusal(
      updateLoad(
        actorOf(org),
        load.id,
        LoadUpdateSchema.parse({ ...input({ brokerId: broker.id, driverId, truckId: truck.id, trailerId: trailer.id }), version: load.version }),
      ),
    )
    expect([changed.code, changed.fields]).toEqual(['out_of_service', { trailerId: ['loads.errors.outOfService.trailerInspection'] }])
    await prisma.trailer.update({ where: { id: trailer.id }, data: { inspectionDue: null } })
    const withTrailer = await updateLoad(
      actorOf(org),
      load.id,
      LoadUpdateSchema.parse({ ...input({ brokerId: broker.id, driverId, truckId: truck.id, trailerId: trailer.id }), version: load.version }),
    )
    await prisma.truck.update({ where: { id: truck.id }, data: { inspectionDue: new Date('2026-06-30') } })
    // Another edit of the load keeps the truck it had; the dispatch is what refuses it.
    const edited = await updateLoad(
      actorOf(org),
      load.id,
      LoadUpdateSchema.parse({
        ...input({ brokerId: broker.id, driverId, truckId: truck.id, trailerId: trailer.id, notes: 'Dock 4' }),
        version: withTrailer.version,
      }),
    )
    // The editor lists it with the unavailable units and says since when.
    const offered = (await loadEditorOptions(org.organization.id)).trucks.find((row) => row.id === truck.id)
    expect(offered).toMatchObject({ status: 'out_of_service', outOfService: { inspectionDue: '2026-06-30' } })
    const dispatch = await refusal(move(org, load.id, 'dispatched'))
    expect([dispatch.code, dispatch.messageKey]).toEqual(['out_of_service', 'loads.errors.outOfService.truckInspection'])
    expect(await prisma.load.findUniqueOrThrow({ where: { id: load.id } })).toMatchObject({ status: 'booked', version: edited.version })
    await prisma.truck.update({ where: { id: truck.id }, data: { inspectionDue: new Date('2027-06-30') } })
    expect((await move(org, load.id, 'dispatched')).status).toBe('dispatched')
  })

  it('lets exactly one of two dispatchers racing for the same truck win', async () => {
    const org = await createOrg()
    const { broker, truck, trailer, driverId } = await fleet(org)
    const otherTrailer = await prisma.trailer.create({ data: { organizationId: org.organization.id, unitNumber: unique('TR').slice(0, 20) } })
    const otherDriver = await prisma.user.create({
      data: {
        organizationId: org.organization.id,
        email: `${unique('d')}@example.test`,
        passwordHash: 'x',
        firstName: 'Other',
        lastName: 'Driver',
        role: 'driver',
      },
    })
    await prisma.driverProfile.create({
      data: { organizationId: org.organization.id, userId: otherDriver.id, licenseExpiry: new Date('2027-06-30'), medicalCardExpiry: new Date('2027-06-30') },
    })
    const first = await createLoad(actorOf(org), input({ brokerId: broker.id, driverId, truckId: truck.id, trailerId: trailer.id }))
    const second = await createLoad(actorOf(org), input({ brokerId: broker.id, driverId: otherDriver.id, truckId: truck.id, trailerId: otherTrailer.id }))
    const results = await Promise.allSettled([move(org, first.id, 'dispatched'), move(org, second.id, 'dispatched')])
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected'])
    const lost = results.find((result) => result.status === 'rejected') as PromiseRejectedResult
    expect((lost.reason as DomainError).messageKey).toBe('loads.errors.busy.truck')
    const statuses = await prisma.load.findMany({ where: { id: { in: [first.id, second.id] } }, select: { status: true } })
    expect(statuses.map((row) => row.status).sort()).toEqual(['booked', 'dispatched'])
  })

  it('locks the assignment on the road: a change needs the load back to booked first', async () => {
    const org = await createOrg()
    const { broker, truck, trailer, driverId } = await fleet(org)
    const load = await createLoad(actorOf(org), input({ brokerId: broker.id, driverId, truckId: truck.id, trailerId: trailer.id }))
    await move(org, load.id, 'dispatched')
    const change = LoadUpdateSchema.parse({ brokerId: broker.id, stops, driverId, truckId: truck.id, version: 2 })
    expect((await refusal(updateLoad(actorOf(org), load.id, change))).messageKey).toBe('loads.errors.assignmentLocked')
    await move(org, load.id, 'booked')
    expect((await prisma.trailer.findUniqueOrThrow({ where: { id: trailer.id } })).status).toBe('available')
    const updated = await updateLoad(actorOf(org), load.id, { ...change, version: 3 })
    expect(updated.trailerId).toBeNull()
  })
})

describe('deleting', () => {
  it('keeps loads on the road or delivered, and the trucks and trailers loads refer to', async () => {
    const org = await createOrg()
    const { broker, truck, trailer, driverId } = await fleet(org)
    const load = await createLoad(actorOf(org), input({ brokerId: broker.id, driverId, truckId: truck.id, trailerId: trailer.id }))
    await move(org, load.id, 'dispatched')
    expect((await refusal(deleteLoad(actorOf(org), load.id))).messageKey).toBe('loads.errors.keep.dispatched')
    for (const status of ['at_pickup', 'in_transit', 'at_delivery', 'delivered'] as const) await move(org, load.id, status)
    expect((await refusal(deleteLoad(actorOf(org), load.id))).messageKey).toBe('loads.errors.keep.delivered')
    expect((await refusal(deleteTruck(actorOf(org), truck.id))).messageKey).toBe('trucks.errors.inUse')
    expect((await refusal(deleteTrailer(actorOf(org), trailer.id))).messageKey).toBe('trailers.errors.inUse')
    expect(await prisma.load.count({ where: { id: load.id } })).toBe(1)

    const booked = await createLoad(actorOf(org), input({ brokerId: broker.id }))
    expect((await refusal(deleteLoad(actorOf(org), booked.id, booked.version + 1))).code).toBe('conflict')
    await deleteLoad(actorOf(org), booked.id, booked.version)
    expect(await prisma.loadStop.count({ where: { loadId: booked.id } })).toBe(0)
  })
})

describe('the load policy', () => {
  it('is what the model does: edit and delete are refused in exactly the statuses the pages do not offer them', async () => {
    const org = await createOrg()
    const { broker } = await fleet(org)
    for (const status of LOAD_STATUSES) {
      const load = await createLoad(actorOf(org), input({ brokerId: broker.id }))
      await prisma.load.update({ where: { id: load.id }, data: { status } })
      const update = LoadUpdateSchema.parse({ stops, brokerId: broker.id, notes: 'edited', version: load.version })
      const edited = await updateLoad(actorOf(org), load.id, update).then(
        () => true,
        () => false,
      )
      const deleted = await deleteLoad(actorOf(org), load.id).then(
        () => true,
        () => false,
      )
      expect({ status, edited, deleted }).toEqual({ status, edited: canEditLoad(status), deleted: canDeleteLoad(status) })
    }
  })
})

describe('an organization', () => {
  it('can be deleted whole with its loads (cascades are not stopped by the loads’ own references)', async () => {
    const org = await createOrg()
    const { broker, truck, trailer, driverId } = await fleet(org)
    await createLoad(actorOf(org), input({ brokerId: broker.id, driverId, truckId: truck.id, trailerId: trailer.id, companyId: org.company.id }))
    await prisma.organization.delete({ where: { id: org.organization.id } })
    expect(await prisma.load.count({ where: { organizationId: org.organization.id } })).toBe(0)
  })
})

describe('stop arrival and departure', () => {
  /** A dispatched load with three stops (two pickups, one delivery), and its driver's view. */
  async function onTheRoad() {
    const org = await createOrg()
    const { broker, truck, trailer, driverId } = await fleet(org)
    const three = [stops[0], { type: 'pickup', city: 'Waco', state: 'TX', windowStart: '2026-12-01T13:00' }, stops[1]]
    const load = await createLoad(actorOf(org), LoadSchema.parse({ stops: three, brokerId: broker.id, driverId, truckId: truck.id, trailerId: trailer.id }))
    await move(org, load.id, 'dispatched')
    const driver = org.users.driver
    const record = async (sequence: number, event: 'arrive' | 'depart', at?: string) => {
      const current = await prisma.load.findUniqueOrThrow({ where: { id: load.id }, include: { stops: { orderBy: { sequence: 'asc' } } } })
      const user = { id: driver.id, organizationId: org.organization.id, role: 'driver' }
      return recordStopEvent(
        actorOf(org, 'driver'),
        loadScope(user),
        { loadId: load.id, stopId: current.stops[sequence - 1].id },
        { event, at, version: current.version },
      )
    }
    return { org, load, truck, record }
  }

  it('records each stop in order and moves the load along to delivered, freeing the truck', async () => {
    const { load, truck, record } = await onTheRoad()
    const statuses = []
    for (const sequence of [1, 2, 3]) for (const event of ['arrive', 'depart'] as const) statuses.push((await record(sequence, event)).status)
    expect(statuses).toEqual(['at_pickup', 'at_pickup', 'at_pickup', 'in_transit', 'at_delivery', 'delivered'])
    const stored = await prisma.loadStop.findMany({ where: { loadId: load.id }, orderBy: { sequence: 'asc' } })
    expect(stored.every((stop) => stop.actualArrival && stop.actualDeparture && stop.actualArrival <= stop.actualDeparture)).toBe(true)
    expect((await prisma.truck.findUniqueOrThrow({ where: { id: truck.id } })).status).toBe('available')
    // dispatched + the four moves the stops made, each audited like a status button's.
    expect(await prisma.auditEvent.count({ where: { entityId: load.id, action: 'status' } })).toBe(5)
  })

  it('refuses a stop out of order, twice, a departure before the arrival and a stale version, changing nothing', async () => {
    const { org, load, record } = await onTheRoad()
    expect((await refusal(record(2, 'arrive'))).messageKey).toBe('loads.errors.stopOutOfOrder')
    expect((await refusal(record(1, 'depart'))).messageKey).toBe('loads.errors.stopNotArrived')
    await record(1, 'arrive')
    expect((await refusal(record(1, 'arrive'))).messageKey).toBe('loads.errors.stopArrivedAlready')
    const before = await prisma.load.findUniqueOrThrow({ where: { id: load.id }, include: { stops: true } })
    const stale = recordStopEvent(
      actorOf(org),
      { organizationId: org.organization.id },
      { loadId: load.id, stopId: before.stops[0].id },
      {
        event: 'depart',
        version: before.version - 1,
      },
    )
    expect((await refusal(stale)).code).toBe('conflict')
    expect(await prisma.load.findUniqueOrThrow({ where: { id: load.id }, include: { stops: true } })).toEqual(before)
  })

  it('refuses times in the future or before the previous stop was left, and loads that are not on the road', async () => {
    const { org, load, record } = await onTheRoad()
    const future = new Date(Date.now() + 3_600_000).toISOString()
    expect((await refusal(record(1, 'arrive', future))).fields).toEqual({ at: ['loads.errors.stopTimeFuture'] })
    await record(1, 'arrive', '2026-01-05T10:00:00Z')
    expect((await refusal(record(1, 'depart', '2026-01-05T09:00:00Z'))).fields).toEqual({ at: ['loads.errors.stopTimeOrder'] })
    await record(1, 'depart', '2026-01-05T11:00:00Z')
    expect((await refusal(record(2, 'arrive', '2026-01-05T10:30:00Z'))).messageKey).toBe('loads.errors.stopTimeOrder')
    await move(org, load.id, 'canceled')
    const refused = await refusal(record(2, 'arrive'))
    expect([refused.code, refused.messageKey]).toEqual(['invalid_transition', 'loads.errors.stopNotOnRoad'])
  })

  it('lets a driver record only on their own loads; another driver gets not found', async () => {
    const { org, load } = await onTheRoad()
    const other = await prisma.user.create({
      data: {
        organizationId: org.organization.id,
        email: `${unique('d')}@example.test`,
        firstName: 'Other',
        lastName: 'Driver',
        role: 'driver',
        passwordHash: 'x',
      },
    })
    const current = await prisma.load.findUniqueOrThrow({ where: { id: load.id }, include: { stops: true } })
    const viewer = loadScope({ id: other.id, organizationId: org.organization.id, role: 'driver' })
    const pending = recordStopEvent(
      actorOf(org, 'driver'),
      viewer,
      { loadId: load.id, stopId: current.stops[0].id },
      { event: 'arrive', version: current.version },
    )
    expect((await refusal(pending)).code).toBe('not_found')
    // The stop must belong to the load named in the path.
    const elsewhere = await onTheRoad()
    const foreign = recordStopEvent(
      actorOf(org),
      { organizationId: org.organization.id },
      { loadId: load.id, stopId: (await prisma.loadStop.findFirstOrThrow({ where: { loadId: elsewhere.load.id } })).id },
      { event: 'arrive', version: current.version },
    )
    expect((await refusal(foreign)).code).toBe('not_found')
  })

  it('records the stop times a status move implies, so the next stop action follows the status and nothing is recorded twice', async () => {
    const { org, load, record } = await onTheRoad()
    const stopsOf = () => prisma.loadStop.findMany({ where: { loadId: load.id }, orderBy: { sequence: 'asc' } })
    const times = async () => (await stopsOf()).map((stop) => [Boolean(stop.actualArrival), Boolean(stop.actualDeparture)])
    await move(org, load.id, 'at_pickup')
    expect(await times()).toEqual([
      [true, false],
      [false, false],
      [false, false],
    ])
    await move(org, load.id, 'in_transit')
    expect(await times()).toEqual([
      [true, true],
      [true, true],
      [false, false],
    ])
    // In transit: the pickups are done; the next action is the delivery's arrival, not "Arrived at" a pickup.
    const stops = await stopsOf()
    expect(nextStopEvent('in_transit', stops)).toEqual({ stopId: stops[2].id, event: 'arrive' })
    expect((await refusal(record(1, 'arrive'))).messageKey).toBe('loads.errors.stopArrivedAlready')
    expect((await refusal(record(2, 'depart'))).messageKey).toBe('loads.errors.stopDepartedAlready')
    await move(org, load.id, 'at_delivery')
    const delivered = await move(org, load.id, 'delivered')
    const last = (await stopsOf())[2]
    expect(last.actualDeparture).not.toBeNull()
    // "Delivered at" is the last departure, never the planned window.
    expect(serializeLoad(delivered).deliveredAt).toBe(last.actualDeparture!.toISOString())
    expect(nextStopEvent('delivered', await stopsOf())).toBeNull()
    expect(statusFromStops(await stopsOf())).toBe('delivered')
  })

  it('records a move at the time given: never in the future, never before a time already recorded, wall clock in the organization’s zone', async () => {
    const { org, load } = await onTheRoad()
    const at = async (status: LoadStatus, when: string) => {
      const { version } = await prisma.load.findUniqueOrThrow({ where: { id: load.id } })
      return moveLoad(actorOf(org, 'dispatcher'), load.id, LoadStatusMoveSchema.parse({ status, at: when, version }))
    }
    const future = new Date(Date.now() + 3_600_000).toISOString()
    expect((await refusal(at('at_pickup', future))).fields).toEqual({ at: ['loads.errors.stopTimeFuture'] })
    expect(await prisma.load.findUniqueOrThrow({ where: { id: load.id } })).toMatchObject({ status: 'dispatched' })
    await at('at_pickup', '2026-01-05T10:00:00Z')
    expect((await refusal(at('in_transit', '2026-01-05T09:00:00Z'))).fields).toEqual({ at: ['loads.errors.stopTimeOrder'] })
    await prisma.organization.update({ where: { id: org.organization.id }, data: { timezone: 'America/Chicago' } })
    await at('in_transit', '2026-01-05T06:30')
    const stored = await prisma.loadStop.findMany({ where: { loadId: load.id }, orderBy: { sequence: 'asc' } })
    expect(stored[0].actualArrival?.toISOString()).toBe('2026-01-05T10:00:00.000Z')
    expect(stored[1].actualDeparture?.toISOString()).toBe('2026-01-05T12:30:00.000Z')
  })

  it('never cancels a delivered load; an admin reopens it (audited), back at delivery with its last departure cleared', async () => {
    const { org, load, truck, record } = await onTheRoad()
    for (const status of ['at_pickup', 'in_transit', 'at_delivery', 'delivered'] as const) await move(org, load.id, status)
    expect((await refusal(move(org, load.id, 'canceled'))).code).toBe('invalid_transition')
    const { version } = await prisma.load.findUniqueOrThrow({ where: { id: load.id } })
    expect((await refusal(reopenLoad(actorOf(org, 'dispatcher'), load.id, { version }))).code).toBe('forbidden')
    expect((await refusal(reopenLoad(actorOf(org), load.id, { version: version - 1 }))).code).toBe('conflict')
    const reopened = await reopenLoad(actorOf(org), load.id, { version, reason: 'Tapped Delivered at the gate' })
    expect(reopened.status).toBe('at_delivery')
    expect(reopened.stops.at(-1)).toMatchObject({ actualDeparture: null })
    expect(reopened.stops.at(-1)!.actualArrival).not.toBeNull()
    expect((await prisma.truck.findUniqueOrThrow({ where: { id: truck.id } })).status).toBe('dispatched')
    const audit = await prisma.auditEvent.findFirstOrThrow({ where: { entityId: load.id, action: 'status' }, orderBy: { at: 'desc' } })
    expect(audit).toMatchObject({
      userId: org.users.admin.id,
      changes: {
        status: { before: 'delivered', after: 'at_delivery' },
        reopened: { before: null, after: true },
        reason: { before: null, after: 'Tapped Delivered at the gate' },
      },
    })
    const again = await refusal(reopenLoad(actorOf(org), load.id, { version: reopened.version }))
    expect([again.code, again.messageKey]).toEqual(['invalid_transition', 'loads.errors.reopen.other'])
    expect((await record(3, 'depart')).status).toBe('delivered')
  })
})
