/**
 * Stop arrivals and departures (a driver on the road, or dispatch on the phone with one), in stop
 * order; the load's status follows them through the same moves as the status buttons.
 */
import { type Actor, recordAudit } from '~/models/audit/audit.server'
import { queueStopStatuses } from '~/models/edi/load-events.server'
import { assertActorMay, assertId, assertOneRow, assertVersion, requireFound } from '~/models/records/records.server'
import { impliedStopEvents, type LoadScope, loadScopeWhere, ROAD, type RoadStatus, statusFromStops } from '~/policies/load'
import type { StopEventInput } from '~/schemas/load'
import { prisma } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'

import { ACTIVE, ENTITY, include, NOT_FOUND } from './load.server'
import { applyMove, eventTime, type MovingLoad } from './load-status.server'

// ---- Stop arrival and departure (a driver on the road, or dispatch on the phone with one) ----

/**
 * Arrival at or departure from one stop, in order: a stop is reached only after the one before it
 * was left, left only after it was reached, and each only once. The load follows (arrived at the
 * first pickup, in transit when the last pickup is left, …, delivered when the last stop is left),
 * through the same moves as the status buttons, so delivery frees the truck here too. Drivers
 * record only on their own loads (others are "not found"); the version is the load's.
 */
export async function recordStopEvent(actor: Actor, viewer: LoadScope, ids: { loadId: string; stopId: string }, input: StopEventInput, now = new Date()) {
  assertActorMay(actor, 'update', 'loadStop')
  const notFound = 'loads.errors.stopNotFound'
  assertId(ids.loadId, NOT_FOUND)
  assertId(ids.stopId, notFound)
  const { stopId } = ids
  return prisma.$transaction(async (tx) => {
    const stop = requireFound(
      await tx.loadStop.findFirst({
        where: { id: stopId, loadId: ids.loadId, load: loadScopeWhere(viewer) },
        include: { load: { include: { stops: { orderBy: { sequence: 'asc' } } } } },
      }),
      notFound,
    )
    const { load } = stop
    assertVersion(load, input.version)
    if (!ACTIVE.includes(load.status)) throw new DomainError('invalid_transition', 'loads.errors.stopNotOnRoad', { params: { status: load.status } })
    const when = eventTime(input.at, now)
    // What the status says was done already (a move by its buttons records those times) is not recorded again.
    const done = impliedStopEvents(load.status, load.stops)[load.stops.findIndex((other) => other.id === stop.id)]
    if (input.event === 'arrive' ? done.arrive : done.depart)
      throw new DomainError('invalid_transition', input.event === 'arrive' ? 'loads.errors.stopArrivedAlready' : 'loads.errors.stopDepartedAlready')
    const previous = load.stops.filter((other) => other.sequence < stop.sequence)
    if (input.event === 'arrive') {
      if (stop.actualArrival) throw new DomainError('invalid_transition', 'loads.errors.stopArrivedAlready')
      if (previous.some((other) => !other.actualDeparture)) throw new DomainError('invalid_transition', 'loads.errors.stopOutOfOrder')
      const left = previous.at(-1)?.actualDeparture
      if (left && when < left) throw new DomainError('validation_failed', 'loads.errors.stopTimeOrder', { fields: { at: ['loads.errors.stopTimeOrder'] } })
    } else {
      if (!stop.actualArrival) throw new DomainError('invalid_transition', 'loads.errors.stopNotArrived')
      if (stop.actualDeparture) throw new DomainError('invalid_transition', 'loads.errors.stopDepartedAlready')
      if (when < stop.actualArrival)
        throw new DomainError('validation_failed', 'loads.errors.stopTimeOrder', { fields: { at: ['loads.errors.stopTimeOrder'] } })
    }
    const field = input.event === 'arrive' ? 'actualArrival' : 'actualDeparture'
    await tx.loadStop.update({ where: { id: stop.id }, data: { [field]: when } })
    assertOneRow(await tx.load.updateMany({ where: { id: load.id, version: load.version }, data: { version: { increment: 1 } } }))
    await recordAudit(tx, actor, {
      entity: ENTITY,
      entityId: load.id,
      action: 'update',
      before: { stop: stop.sequence, [field]: null },
      after: { stop: stop.sequence, [field]: when.toISOString() },
    })

    const stops = load.stops.map((other) => (other.id === stop.id ? { ...other, [field]: when } : other))
    const target = ROAD.indexOf(statusFromStops(stops))
    let current: MovingLoad = { ...load, version: load.version + 1 }
    while (ROAD.indexOf(current.status as RoadStatus) < target)
      current = await applyMove(tx, actor, current, ROAD[ROAD.indexOf(current.status as RoadStatus) + 1])
    // A tendered load's partner hears of it by a 214 (ADR 150).
    await queueStopStatuses(tx, load.organizationId, load.id, [{ stopId: stop.id, event: input.event === 'arrive' ? 'arrival' : 'departure', at: when }], now)
    return tx.load.findUniqueOrThrow({ where: { id: load.id }, include })
  })
}
