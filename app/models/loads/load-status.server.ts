/**
 * A load's status moves (the transition table of app/schemas/load-options.ts): dispatch, the moves
 * along the road with the stop times each implies, back to booked, cancel, and an admin's reopen
 * of a delivered load. Dispatching locks the driver, truck and trailer rows, so of two dispatchers
 * racing for the same truck exactly one wins.
 */
import type { Prisma } from '~/generated/prisma/client'
import { type Actor, recordAudit } from '~/models/audit/audit.server'
import { queueStopStatuses, type StopEvent } from '~/models/edi/load-events.server'
import { makeTripOfLoad } from '~/models/fuel-tax/odometer-reading.server'
import { organizationTimeZone } from '~/models/organization/organization.server'
import { assertActorMay, assertId, assertOneRow, assertVersion, requireFound, throwRefusal } from '~/models/records/records.server'
import { assertBrokerAcceptsLoads } from '~/models/reference/broker.server'
import { assertUnitsInService } from '~/models/reference/unit-service.server'
import { emitWebhookEvent } from '~/models/webhooks/webhook-events.server'
import { assignmentDay, canMoveLoad, deliveredAt, reopenRefusal, statusFromStops, stopTimesForStatus } from '~/policies/load'
import type { LoadReopen, LoadStatusMove } from '~/schemas/load'
import type { LoadStatus } from '~/schemas/load-options'
import { prisma, type Tx } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'
import { zonedInstant } from '~/utils/time'

import { ACTIVE, ENTITY, include, NOT_FOUND } from './load.server'

type Locked = { id: string; status: string }

/**
 * The checks of a dispatch, with the driver, truck and trailer rows locked (FOR UPDATE, always in
 * that order) until the transaction ends: a second dispatch of any of them waits here and then
 * sees the first one's load as active.
 */
async function assertDispatchable(
  tx: Tx,
  load: {
    id: string
    organizationId: string
    equipmentType: string
    driverId: string | null
    truckId: string | null
    trailerId: string | null
    pickupAt: Date | null
  },
) {
  const needsTrailer = load.equipmentType !== 'power_only'
  const missing: Record<string, string[]> = {}
  if (!load.driverId) missing.driverId = ['loads.errors.dispatchNeedsDriver']
  if (!load.truckId) missing.truckId = ['loads.errors.dispatchNeedsTruck']
  if (needsTrailer && !load.trailerId) missing.trailerId = ['loads.errors.dispatchNeedsTrailer']
  if (Object.keys(missing).length) throw new DomainError('invalid_transition', 'loads.errors.dispatchIncomplete', { fields: missing })

  const [driver] = await tx.$queryRaw<Locked[]>`SELECT "id", "status"::text AS "status" FROM "User" WHERE "id" = ${load.driverId} FOR UPDATE`
  const [truck] = await tx.$queryRaw<Locked[]>`SELECT "id", "status"::text AS "status" FROM "Truck" WHERE "id" = ${load.truckId} FOR UPDATE`
  const [trailer] = load.trailerId
    ? await tx.$queryRaw<Locked[]>`SELECT "id", "status"::text AS "status" FROM "Trailer" WHERE "id" = ${load.trailerId} FOR UPDATE`
    : [undefined]
  if (driver?.status !== 'active') throw new DomainError('in_use', 'loads.errors.driverInactive')
  if (truck && truck.status !== 'available' && truck.status !== 'dispatched') throw new DomainError('in_use', `loads.errors.truck.${truck.status}`)
  if (trailer && trailer.status !== 'available' && trailer.status !== 'in_use') throw new DomainError('in_use', `loads.errors.trailer.${trailer.status}`)

  const profile = await tx.driverProfile.findUnique({ where: { userId: load.driverId! }, select: { licenseExpiry: true, medicalCardExpiry: true } })
  const day = assignmentDay(load.pickupAt, await organizationTimeZone(load.organizationId, tx))
  const validOn = (expiry: Date | null | undefined) => Boolean(expiry && expiry.toISOString().slice(0, 10) >= day)
  if (!validOn(profile?.licenseExpiry)) throw new DomainError('in_use', 'loads.errors.licenseInvalid', { params: { date: day } })
  if (!validOn(profile?.medicalCardExpiry)) throw new DomainError('in_use', 'loads.errors.medicalInvalid', { params: { date: day } })
  await assertUnitsInService(tx, load.organizationId, load, day)

  const busy = await tx.load.findFirst({
    where: {
      organizationId: load.organizationId,
      id: { not: load.id },
      status: { in: ACTIVE },
      OR: [{ driverId: load.driverId }, { truckId: load.truckId }, ...(load.trailerId ? [{ trailerId: load.trailerId }] : [])],
    },
    select: { id: true, loadNumber: true, driverId: true, truckId: true },
  })
  if (busy) {
    const what = busy.driverId === load.driverId ? 'driver' : busy.truckId === load.truckId ? 'truck' : 'trailer'
    // `busyLoadId`: pages link the refusal to the load that holds the driver or equipment.
    throw new DomainError('in_use', `loads.errors.busy.${what}`, { params: { loadNumber: busy.loadNumber, busyLoadId: busy.id } })
  }
}

/** The equipment of a load that leaves the road is free again, unless someone parked it meanwhile. */
async function release(tx: Tx, load: { truckId: string | null; trailerId: string | null }) {
  if (load.truckId) await tx.truck.updateMany({ where: { id: load.truckId, status: 'dispatched' }, data: { status: 'available', version: { increment: 1 } } })
  if (load.trailerId) await tx.trailer.updateMany({ where: { id: load.trailerId, status: 'in_use' }, data: { status: 'available', version: { increment: 1 } } })
}

/**
 * One status move, if the transition table allows it from the status the client saw (`version`).
 * Dispatch checks and takes the equipment; back to booked, delivery and cancel give it back. A move
 * along the road records the stop times it implies (now, or `move.at`), so the stops and the
 * status never tell two stories: in transit has its pickups left, delivered its last stop left.
 */
export async function moveLoad(actor: Actor, id: string, move: LoadStatusMove, now = new Date()) {
  assertActorMay(actor, 'update', 'load')
  assertId(id, NOT_FOUND)
  return prisma.$transaction(async (tx) => {
    const found = requireFound(
      await tx.load.findFirst({ where: { id, organizationId: actor.organizationId }, include: { stops: { orderBy: { sequence: 'asc' } } } }),
      NOT_FOUND,
    )
    assertVersion(found, move.version)
    const { stops, ...before } = found
    assertMove(before.status, move.status)
    const at = move.at ? zonedInstant(move.at, await organizationTimeZone(actor.organizationId, tx)).toISOString() : undefined
    await recordImpliedStops(tx, actor, before.id, stops, move.status, eventTime(at, now), Boolean(at))
    await applyMove(tx, actor, before, move.status)
    return tx.load.findUniqueOrThrow({ where: { id }, include })
  })
}

function assertMove(from: LoadStatus, to: LoadStatus) {
  if (!canMoveLoad(from, to)) throw new DomainError('invalid_transition', 'loads.errors.invalidTransition', { params: { from, to } })
}

/** A recorded time: now, or the client's, never in the future (a few minutes of clock skew allowed). */
export function eventTime(at: string | undefined, now: Date) {
  const when = at ? new Date(at) : now
  if (when.getTime() > now.getTime() + 5 * 60_000)
    throw new DomainError('validation_failed', 'loads.errors.stopTimeFuture', { fields: { at: ['loads.errors.stopTimeFuture'] } })
  return when
}

type StopRecord = { id: string; sequence: number; type: string; actualArrival: Date | null; actualDeparture: Date | null }

/**
 * The stop times a status implies and the stops do not hold yet, written as `when`. A time the
 * client gave must not be before one already recorded; "now" is moved up to the last one instead.
 */
async function recordImpliedStops(tx: Tx, actor: Actor, loadId: string, stops: StopRecord[], to: LoadStatus, when: Date, given: boolean) {
  const latest = Math.max(0, ...stops.flatMap((stop) => [stop.actualArrival?.getTime() ?? 0, stop.actualDeparture?.getTime() ?? 0]))
  if (when.getTime() < latest) {
    if (given) throw new DomainError('validation_failed', 'loads.errors.stopTimeOrder', { fields: { at: ['loads.errors.stopTimeOrder'] } })
    when = new Date(latest)
  }
  const changed = stopTimesForStatus(to, stops, when).filter(
    (stop, index) => stop.actualArrival !== stops[index].actualArrival || stop.actualDeparture !== stops[index].actualDeparture,
  )
  if (changed.length === 0) return
  const events: StopEvent[] = []
  for (const stop of changed) {
    await tx.loadStop.update({ where: { id: stop.id }, data: { actualArrival: stop.actualArrival, actualDeparture: stop.actualDeparture } })
    const was = stops.find((other) => other.id === stop.id)!
    if (stop.actualArrival && !was.actualArrival) events.push({ stopId: stop.id, event: 'arrival', at: stop.actualArrival })
    if (stop.actualDeparture && !was.actualDeparture) events.push({ stopId: stop.id, event: 'departure', at: stop.actualDeparture })
  }
  // A tendered load's partner hears of each new arrival and departure by a 214 (ADR 150).
  await queueStopStatuses(tx, actor.organizationId, loadId, events)
  await recordAudit(tx, actor, {
    entity: ENTITY,
    entityId: loadId,
    action: 'update',
    before: { stops: changed.map((stop) => stop.sequence), recorded: null },
    after: { stops: changed.map((stop) => stop.sequence), recorded: when.toISOString(), status: to },
  })
}

/**
 * Reopens a delivered load: an admin's audited correction of a delivery recorded by mistake (not a
 * cancel). The departure from its last stop is cleared and the load goes back to where its stops
 * then say (at delivery, normally), on the road again with its driver, truck and trailer, which
 * must be free and fit as at dispatch. Invoiced loads are not reopened (void the invoice first).
 */
export async function reopenLoad(actor: Actor, id: string, input: LoadReopen) {
  assertActorMay(actor, 'update', 'load')
  assertId(id, NOT_FOUND)
  return prisma.$transaction(async (tx) => {
    const found = requireFound(
      await tx.load.findFirst({ where: { id, organizationId: actor.organizationId }, include: { stops: { orderBy: { sequence: 'asc' } } } }),
      NOT_FOUND,
    )
    assertVersion(found, input.version)
    const { stops, ...before } = found
    throwRefusal(reopenRefusal(actor.role, before.status))
    const last = stops.at(-1)!
    const to = statusFromStops(stops.map((stop) => (stop.id === last.id ? { ...stop, actualDeparture: null } : stop)))
    await assertDispatchable(tx, before)
    await takeEquipment(tx, before)
    await tx.loadStop.update({ where: { id: last.id }, data: { actualDeparture: null } })
    assertOneRow(
      await tx.load.updateMany({
        where: { id: before.id, organizationId: before.organizationId, version: before.version },
        data: { status: to, version: { increment: 1 } },
      }),
    )
    await recordAudit(tx, actor, {
      entity: ENTITY,
      entityId: before.id,
      action: 'status',
      before: { status: before.status, deliveredAt: deliveredAt(stops)?.toISOString() ?? null },
      after: { status: to, deliveredAt: null, reopened: true, reason: input.reason || null },
    })
    return tx.load.findUniqueOrThrow({ where: { id }, include })
  })
}

/** A dispatched load's truck and trailer are marked busy (unless someone set another state meanwhile). */
async function takeEquipment(tx: Tx, load: { truckId: string | null; trailerId: string | null }) {
  if (load.truckId) await tx.truck.updateMany({ where: { id: load.truckId, status: 'available' }, data: { status: 'dispatched', version: { increment: 1 } } })
  if (load.trailerId) await tx.trailer.updateMany({ where: { id: load.trailerId, status: 'available' }, data: { status: 'in_use', version: { increment: 1 } } })
}

export type MovingLoad = Prisma.LoadGetPayload<object>

/** The move itself, inside the caller's transaction, on the row the caller read and version-checked. */
export async function applyMove(tx: Tx, actor: Actor, before: MovingLoad, to: LoadStatus) {
  const from = before.status
  assertMove(from, to)
  if (to === 'booked' && from === 'draft') await assertBrokerAcceptsLoads(tx, actor.organizationId, before.brokerId)
  if (to === 'dispatched') {
    await assertDispatchable(tx, before)
    await takeEquipment(tx, before)
  }
  if (ACTIVE.includes(from) && !ACTIVE.includes(to)) await release(tx, before)
  assertOneRow(
    await tx.load.updateMany({
      where: { id: before.id, organizationId: before.organizationId, version: before.version },
      data: { status: to, version: { increment: 1 } },
    }),
  )
  await recordAudit(tx, actor, { entity: ENTITY, entityId: before.id, action: 'status', before: { status: from }, after: { status: to } })
  // The driver's odometer readings make the load's trip, with the delivery or not at all (ADR 125).
  if (to === 'delivered') await makeTripOfLoad(tx, actor, before)
  await emitWebhookEvent(tx, before.organizationId, 'load.status_changed', { id: before.id, loadNumber: before.loadNumber, from, to })
  return { ...before, status: to, version: before.version + 1 }
}
