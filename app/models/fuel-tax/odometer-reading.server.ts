/**
 * A driver's odometer readings on the road (ADR 125), shared by "My loads", the load page and
 * /api/odometer-readings: the start at the first pickup, each state line, the end at the last
 * delivery. The rules are app/policies/odometer-reading.ts; the unit's readings are one continuous
 * log that never runs backwards, across loads. When the load is delivered, in the same
 * transaction, its readings make its trip (the IFTA distance record).
 */
import type { Prisma } from '~/generated/prisma/client'
import { type Actor, recordAudit } from '~/models/audit/audit.server'
import { organizationTimeZone } from '~/models/organization/organization.server'
import { assertActorMay, assertId, requireFound } from '~/models/records/records.server'
import type { LoadScope } from '~/policies/load'
import { readingRefusal, readingRemovalRefusal, tripOfReadings } from '~/policies/odometer-reading'
import type { Jurisdiction } from '~/schemas/ifta-options'
import type { OdometerReadingInput, OdometerReadingQuery, OdometerReadingRecord } from '~/schemas/odometer-reading'
import { prisma, type Tx } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'
import { zonedWallClock } from '~/utils/time'

import { assertQuartersOpen } from './ifta-period.server'
import { createLoadTrip } from './trip.server'

const LOAD_NOT_FOUND = 'loads.errors.notFound'
const READING_NOT_FOUND = 'odometer.errors.readingNotFound'
/** A list answers at most this many readings, the latest (a unit's whole log is the trips'). */
export const READINGS_LIMIT = 500

const include = { truck: { select: { id: true, unitNumber: true } } } satisfies Prisma.OdometerReadingInclude
export type OdometerReadingRow = Prisma.OdometerReadingGetPayload<{ include: typeof include }>

/** The day of an instant on the organization's calendar (a trip's dates, a quarter). */
const dayIn = (instant: Date, timeZone: string) => zonedWallClock(instant, timeZone).slice(0, 10)

type LockedLoad = { id: string; status: Prisma.LoadGetPayload<object>['status']; driverId: string | null; truckId: string | null }

/**
 * Records a reading now. The load's row and then its unit's are locked until the transaction ends,
 * so two readings of one unit (or a reading and the load's delivery) never both pass unseen: the
 * second sees the first. A reading on a day of a filed quarter is 409 period_closed.
 */
export async function recordOdometerReading(actor: Actor, input: OdometerReadingInput, now = new Date()): Promise<OdometerReadingRow> {
  assertActorMay(actor, 'create', 'odometerReading')
  assertId(input.loadId, LOAD_NOT_FOUND)
  const { organizationId } = actor
  return prisma.$transaction(async (tx) => {
    const [load] = await tx.$queryRaw<LockedLoad[]>`
      SELECT "id", "status"::text AS "status", "driverId", "truckId" FROM "Load"
      WHERE "id" = ${input.loadId} AND "organizationId" = ${organizationId} FOR UPDATE`
    requireFound(load, LOAD_NOT_FOUND)
    if (load.truckId) await tx.$executeRaw`SELECT 1 FROM "Truck" WHERE "id" = ${load.truckId} FOR UPDATE`
    const [recorded, latest] = await Promise.all([
      tx.odometerReading.findMany({ where: { loadId: load.id }, select: { kind: true } }),
      load.truckId ? tx.odometerReading.aggregate({ where: { truckId: load.truckId }, _max: { odometer: true } }) : null,
    ])
    const refusal = readingRefusal(
      actor.userId,
      load,
      input,
      recorded.map((reading) => reading.kind),
      latest?._max.odometer ?? null,
    )
    if (refusal)
      throw new DomainError(refusal.code, refusal.key, { params: refusal.params, ...(refusal.field ? { fields: { [refusal.field]: [refusal.key] } } : {}) })
    await assertQuartersOpen(tx, organizationId, [dayIn(now, await organizationTimeZone(organizationId, tx))])
    const reading = await tx.odometerReading.create({
      data: {
        organizationId,
        truckId: load.truckId!,
        loadId: load.id,
        driverId: actor.userId!,
        kind: input.kind,
        jurisdiction: input.jurisdiction,
        odometer: input.odometer,
        recordedAt: now,
      },
      include,
    })
    await recordAudit(tx, actor, {
      entity: 'odometerReading',
      entityId: reading.id,
      action: 'create',
      after: { loadId: load.id, kind: input.kind, jurisdiction: input.jurisdiction, odometer: input.odometer },
    })
    return reading
  })
}

/**
 * Takes back a load's latest reading (a mistyped odometer would otherwise block every later one of
 * its unit), while the load is on the road: its driver or the office, audited. The load's row is
 * locked as a new reading locks it, so the two never cross; a reading of a filed quarter stays.
 */
export async function deleteOdometerReading(actor: Actor, id: string): Promise<OdometerReadingRow> {
  assertActorMay(actor, 'delete', 'odometerReading')
  assertId(id, READING_NOT_FOUND)
  const { organizationId } = actor
  return prisma.$transaction(async (tx) => {
    const reading = requireFound(await tx.odometerReading.findFirst({ where: { id, organizationId }, include }), READING_NOT_FOUND)
    const [load] = await tx.$queryRaw<LockedLoad[]>`
      SELECT "id", "status"::text AS "status", "driverId", "truckId" FROM "Load"
      WHERE "id" = ${reading.loadId} AND "organizationId" = ${organizationId} FOR UPDATE`
    requireFound(load, READING_NOT_FOUND)
    const last = await tx.odometerReading.findFirst({
      where: { loadId: load.id },
      orderBy: [{ recordedAt: 'desc' }, { odometer: 'desc' }],
      select: { id: true },
    })
    const refusal = readingRemovalRefusal(actor, load, last?.id === reading.id)
    if (refusal) throw new DomainError(refusal.code, refusal.key, { params: refusal.params })
    await assertQuartersOpen(tx, organizationId, [dayIn(reading.recordedAt, await organizationTimeZone(organizationId, tx))])
    await tx.odometerReading.delete({ where: { id: reading.id } })
    await recordAudit(tx, actor, {
      entity: 'odometerReading',
      entityId: reading.id,
      action: 'delete',
      before: { loadId: load.id, kind: reading.kind, jurisdiction: reading.jurisdiction, odometer: reading.odometer },
    })
    return reading
  })
}

/** Readings by unit and load, oldest first; a driver's scope (loadScope) reads only their own. */
export async function listOdometerReadings(scope: LoadScope, query: OdometerReadingQuery) {
  const where: Prisma.OdometerReadingWhereInput = {
    organizationId: scope.organizationId,
    truckId: query.truckId || undefined,
    loadId: query.loadId || undefined,
    driverId: scope.driverId,
  }
  const [total, latest] = await Promise.all([
    prisma.odometerReading.count({ where }),
    prisma.odometerReading.findMany({ where, include, orderBy: [{ recordedAt: 'desc' }, { odometer: 'desc' }], take: READINGS_LIMIT }),
  ])
  return { total, items: latest.reverse() }
}

/** The readings of a few loads (a driver's cards, one load's page), oldest first, by load. */
export async function readingsOfLoads(scope: LoadScope, loadIds: readonly string[]) {
  const rows = loadIds.length
    ? await prisma.odometerReading.findMany({
        where: { organizationId: scope.organizationId, driverId: scope.driverId, loadId: { in: [...loadIds] } },
        include,
        orderBy: [{ recordedAt: 'asc' }, { odometer: 'asc' }],
      })
    : []
  const byLoad = new Map<string, OdometerReadingRow[]>(loadIds.map((id) => [id, []]))
  for (const row of rows) byLoad.get(row.loadId!)?.push(row)
  return byLoad
}

/**
 * A load's distance record for its page: the readings (a driver's scope, their own) and the trip
 * they made on delivery, if any (its miles).
 */
export async function loadDistanceRecord(scope: LoadScope, loadId: string) {
  const [readings, trip] = await Promise.all([
    readingsOfLoads(scope, [loadId]),
    prisma.trip.findFirst({ where: { organizationId: scope.organizationId, loadId }, select: { id: true, jurisdictions: { select: { miles: true } } } }),
  ])
  return { readings: readings.get(loadId) ?? [], tripMiles: trip ? trip.jurisdictions.reduce((sum, line) => sum + line.miles, 0) : null }
}

/**
 * In the delivery's transaction (applyMove, on the load row it locked): the load's readings make
 * its trip on its unit, dated on the organization's calendar, unless they lack the start or the
 * end (the load page then says its distance record is incomplete) or the load already has a trip
 * (a delivery after a reopen, a retry). The trip's quarter must be open (409 period_closed).
 */
export async function makeTripOfLoad(tx: Tx, actor: Actor, load: { id: string; organizationId: string; truckId: string | null }) {
  if (!load.truckId) return null
  const readings = await tx.odometerReading.findMany({ where: { loadId: load.id, truckId: load.truckId } })
  const trip = tripOfReadings(readings)
  if (!trip) return null
  const timeZone = await organizationTimeZone(load.organizationId, tx)
  return createLoadTrip(tx, actor, {
    truckId: load.truckId,
    loadId: load.id,
    startedAt: dayIn(trip.start.recordedAt, timeZone),
    endedAt: dayIn(trip.end.recordedAt, timeZone),
    startOdometer: trip.startOdometer,
    endOdometer: trip.endOdometer,
    jurisdictions: trip.lines.map((line) => ({ ...line, jurisdiction: line.jurisdiction as Jurisdiction })),
  })
}

/** The API shape (OdometerReadingRecordSchema, the OpenAPI's `OdometerReading`). */
export function serializeOdometerReading(reading: OdometerReadingRow): OdometerReadingRecord {
  return {
    id: reading.id,
    organizationId: reading.organizationId,
    truckId: reading.truckId,
    truck: reading.truck,
    loadId: reading.loadId,
    driverId: reading.driverId,
    kind: reading.kind,
    jurisdiction: reading.jurisdiction as Jurisdiction,
    odometer: reading.odometer,
    recordedAt: reading.recordedAt.toISOString(),
    createdAt: reading.createdAt.toISOString(),
  }
}
