/**
 * The load's policy: what may happen to a load in each status, who sees which loads, and how its
 * stop times and its status tell one story. The load model asks it before writing (and refuses
 * with its reason), the load pages ask it before offering a button, so the page never offers what
 * the model refuses. No zod and nothing server-only: page components import it (docs/domain.md,
 * ADR 047).
 */
import { DRIVER_DOCUMENT_KINDS, LOAD_DOCUMENT_KINDS, type LoadDocumentKind } from '~/schemas/load-document-options'
import { ACTIVE_LOAD_STATUSES, type LoadStatus, type StopEvent } from '~/schemas/load-options'
import { can, type Role } from '~/utils/permissions'
import { zonedWallClock } from '~/utils/time'

import type { Actor } from './actor'
import type { PolicyRefusal } from './refusal'

export type { PolicyRefusal }

const ACTIVE: readonly LoadStatus[] = ACTIVE_LOAD_STATUSES

// ---- Status moves ----

/**
 * The one transition table (docs/domain.md, "Load statuses"): from each status, the moves a
 * person or a program may make (what a move also records is below).
 * `invoiced` is reached and left only by invoicing and voiding, never by a status change. Every
 * move not listed is refused with 409 `invalid_transition`.
 */
export const LOAD_TRANSITIONS: Record<LoadStatus, readonly LoadStatus[]> = {
  draft: ['booked', 'canceled'],
  booked: ['dispatched', 'canceled'],
  // Back to booked: the assignment is taken off (the truck and trailer are free again).
  dispatched: ['at_pickup', 'booked', 'canceled'],
  at_pickup: ['in_transit', 'canceled'],
  in_transit: ['at_delivery', 'canceled'],
  at_delivery: ['delivered', 'canceled'],
  // Delivered is a fact: not canceled. A mistaken delivery is reopened by an admin (reopenLoad), audited.
  delivered: [],
  invoiced: [],
  canceled: [],
}

export function canMoveLoad(from: LoadStatus, to: LoadStatus) {
  return LOAD_TRANSITIONS[from].includes(to)
}

/**
 * The moves offered for a load: the table's, without "dispatched" while its truck or trailer is
 * out of service (app/policies/unit-service.ts; the dispatch would be refused, ADR 136).
 */
export function offeredMoves(status: LoadStatus, outOfService = false) {
  return LOAD_TRANSITIONS[status].filter((to) => !(outOfService && to === 'dispatched'))
}

/** The moves the dispatch board offers a card: the offered ones, cancel left to the load page. */
export function boardMoves(status: LoadStatus, outOfService = false) {
  return offeredMoves(status, outOfService).filter((to) => to !== 'canceled')
}

/** On the road: the driver, truck and trailer are busy, the assignment is locked, stops are recorded. */
export function isOnRoad(status: LoadStatus) {
  return ACTIVE.includes(status)
}

// ---- Edit, delete, cancel, reopen ----

/** Invoiced (void the invoice first) and canceled (final) loads are no longer edited. */
export const LOAD_LOCKED_STATUSES = ['invoiced', 'canceled'] as const satisfies readonly LoadStatus[]
/** A load is deleted only before it reaches the road, or once canceled; later ones are the record. */
export const LOAD_DELETABLE_STATUSES = ['draft', 'booked', 'canceled'] as const satisfies readonly LoadStatus[]
/** Who may reopen a delivered load (an audited correction, not a status move). */
export const LOAD_REOPEN_ROLES: readonly Role[] = ['admin']

export function editRefusal(status: LoadStatus): PolicyRefusal | null {
  return (LOAD_LOCKED_STATUSES as readonly LoadStatus[]).includes(status) ? { code: 'in_use', key: `loads.errors.locked.${status}` } : null
}

export function deleteRefusal(status: LoadStatus): PolicyRefusal | null {
  return (LOAD_DELETABLE_STATUSES as readonly LoadStatus[]).includes(status) ? null : { code: 'in_use', key: `loads.errors.keep.${status}` }
}

/** Reopen: a delivered load, by an admin. Invoiced loads are not reopened (void the invoice first). */
export function reopenRefusal(role: Actor['role'], status: LoadStatus): PolicyRefusal | null {
  if (!(LOAD_REOPEN_ROLES as readonly string[]).includes(role)) return { code: 'forbidden', key: 'loads.errors.reopenAdmin' }
  return status === 'delivered' ? null : { code: 'invalid_transition', key: `loads.errors.reopen.${status === 'invoiced' ? 'invoiced' : 'other'}` }
}

export const canEditLoad = (status: LoadStatus) => !editRefusal(status)
export const canDeleteLoad = (status: LoadStatus) => !deleteRefusal(status)
/** Cancel is a move of the transition table: only before delivery. */
export const canCancelLoad = (status: LoadStatus) => canMoveLoad(status, 'canceled')
export const canReopenLoad = (role: Role, status: LoadStatus) => !reopenRefusal(role, status)

/** What a load page offers this role on a load in this status: exactly what the model accepts. */
export function loadOffers(role: Role, status: LoadStatus, outOfService = false) {
  const update = can(role, 'update', 'load')
  return {
    /** Status buttons (cancel among them when allowed); no dispatch while a unit is out of service. */
    moves: update ? offeredMoves(status, outOfService) : [],
    edit: update && canEditLoad(status),
    delete: can(role, 'delete', 'load') && canDeleteLoad(status),
    cancel: update && canCancelLoad(status),
    reopen: update && canReopenLoad(role, status),
    recordStops: can(role, 'update', 'loadStop') && isOnRoad(status),
  }
}

// ---- Who sees a load's money ----

/**
 * Whether the role sees a load's money: its linehaul, charges, total, rate per mile and rate
 * confirmations (what the broker pays). Those who read its invoices or the pay it makes do; a
 * role that reads loads without either (the mechanic, ADR 134) reads where and when, not what for.
 */
export function seesLoadMoney(role: Role) {
  return can(role, 'read', 'invoice') || can(role, 'read', 'settlement')
}

/** A list sorted by the load's total reveals it: for a role that does not see money, the default order instead. */
export function moneyFreeSort<Sort extends string>(role: Role, sort: Sort, fallback: Sort): Sort {
  return sort === 'totalCents' && !seesLoadMoney(role) ? fallback : sort
}

// ---- Who sees which loads (one driver scope) ----

/** The loads a user may read: a driver only those assigned to them, every other reader the organization's. */
export type LoadScope = { organizationId: string; driverId?: string }

/** Drivers work from their own loads ("My loads"), never the organization's list or board. */
export function seesOwnLoadsOnly(role: Role | string) {
  return role === 'driver'
}

export function loadScope(user: { organizationId: string; role: Role | string; id: string }): LoadScope {
  return { organizationId: user.organizationId, ...(seesOwnLoadsOnly(user.role) ? { driverId: user.id } : {}) }
}

/** The scope as a filter on loads (Prisma's `where` shape; for a stop or document: `{ load: loadScopeWhere(scope) }`). */
export function loadScopeWhere(scope: LoadScope) {
  return { organizationId: scope.organizationId, ...(scope.driverId ? { driverId: scope.driverId } : {}) }
}

// ---- Documents ----

/** Who uploads which kinds: the office every kind, a driver BOLs and PODs (on their own loads, by the scope). */
export function uploadableKinds(role: Role): readonly LoadDocumentKind[] {
  if (!can(role, 'create', 'loadDocument')) return []
  return can(role, 'update', 'load') ? LOAD_DOCUMENT_KINDS : DRIVER_DOCUMENT_KINDS
}

export function canDeleteDocuments(role: Role) {
  return can(role, 'delete', 'loadDocument')
}

/** An invoiced load's papers are the invoice's evidence (its packet, a factor's purchase): they stay until the invoice is voided. */
export function documentDeleteRefusal(status: LoadStatus): PolicyRefusal | null {
  return status === 'invoiced' ? { code: 'in_use', key: 'loads.documents.errors.invoiced' } : null
}

// ---- One track: the stops' times and the status ----

/** The road's statuses in order: stops only ever move a load forward along these. */
export const ROAD = ['dispatched', 'at_pickup', 'in_transit', 'at_delivery', 'delivered'] as const satisfies readonly LoadStatus[]
export type RoadStatus = (typeof ROAD)[number]

type StopTimes<When> = { type: string; actualArrival: When | null; actualDeparture: When | null }

/**
 * Where the stops say the load is: at a pickup once one is reached, in transit once every pickup
 * is left, at delivery once a delivery is reached after that, delivered once every stop is left.
 */
export function statusFromStops<When>(stops: Array<StopTimes<When>>): RoadStatus {
  if (stops.every((stop) => stop.actualDeparture)) return 'delivered'
  const pickups = stops.filter((stop) => stop.type === 'pickup')
  const pickedUp = pickups.every((stop) => stop.actualDeparture)
  if (pickedUp && stops.some((stop) => stop.type === 'delivery' && stop.actualArrival)) return 'at_delivery'
  if (pickedUp) return 'in_transit'
  if (pickups.some((stop) => stop.actualArrival)) return 'at_pickup'
  return 'dispatched'
}

/**
 * The times a status implies, in stop order: for each stop, whether it must have been reached and
 * left. At pickup: the first pickup reached (every stop before it left); in transit: every stop up
 * to the last pickup left; at delivery: that, and the next delivery reached; delivered: every stop
 * left. Other statuses imply nothing.
 */
export function impliedStopEvents(status: LoadStatus, stops: Array<{ type: string }>): Array<{ arrive: boolean; depart: boolean }> {
  const firstPickup = stops.findIndex((stop) => stop.type === 'pickup')
  const lastPickup = stops.findLastIndex((stop) => stop.type === 'pickup')
  const nextDelivery = stops.findIndex((stop, index) => index > lastPickup && stop.type === 'delivery')
  // The last stop reached (arrived), and the last one left, by each status.
  const bounds: Partial<Record<LoadStatus, [reached: number, left: number]>> = {
    at_pickup: [firstPickup, firstPickup - 1],
    in_transit: [lastPickup, lastPickup],
    at_delivery: [nextDelivery, nextDelivery - 1],
    delivered: [stops.length - 1, stops.length - 1],
    invoiced: [stops.length - 1, stops.length - 1],
  }
  const [reached, left] = bounds[status] ?? [-1, -1]
  return stops.map((_, index) => ({ arrive: index <= reached, depart: index <= left }))
}

/**
 * The stop times a move to `status` records: each implied time not recorded yet, as `when`. The
 * caller has checked `when` (not in the future, not before a time already recorded).
 */
export function stopTimesForStatus<When, Stop extends StopTimes<When>>(status: LoadStatus, stops: Stop[], when: When): Stop[] {
  const implied = impliedStopEvents(status, stops)
  return stops.map((stop, index) => ({
    ...stop,
    actualArrival: stop.actualArrival ?? (implied[index].arrive ? when : null),
    actualDeparture: stop.actualDeparture ?? (implied[index].depart ? when : null),
  }))
}

/**
 * The one next thing to record on a load on the road: arrival at or departure from its first stop
 * not yet left, skipping what its status says is done already (stop actions follow the status).
 */
export function nextStopEvent(
  status: LoadStatus,
  stops: Array<{ id: string; type: string; actualArrival: unknown; actualDeparture: unknown }>,
): { stopId: string; event: StopEvent } | null {
  if (!isOnRoad(status)) return null
  const implied = impliedStopEvents(status, stops)
  const index = stops.findIndex((stop, i) => !stop.actualDeparture && !implied[i].depart)
  if (index < 0) return null
  const stop = stops[index]
  return { stopId: stop.id, event: stop.actualArrival || implied[index].arrive ? 'depart' : 'arrive' }
}

/** When the load was delivered: the departure from its last stop (null until then). */
export function deliveredAt<When>(stops: Array<{ actualDeparture: When | null }>): When | null {
  return stops.at(-1)?.actualDeparture ?? null
}

/**
 * The day a load's driver and units must be fit for (license, medical card, annual inspection):
 * its first pickup's, or today for a load without a pickup time, on the organization's calendar
 * (`timeZone`): a pickup at 8 pm in Chicago is that day's, not the next UTC day's (ADR 138).
 */
export function assignmentDay(pickupAt: Date | null, timeZone: string, now = new Date()) {
  return zonedWallClock(pickupAt ?? now, timeZone).slice(0, 10)
}
