/**
 * Loads: the domain rules, shared by the load pages and /api/loads. A load is booked from a
 * broker, has ordered stops (at least one pickup and one delivery) and charges, and moves through
 * the status machine of app/schemas/load-options.ts. What each status allows, the driver scope and
 * how stop times and the status agree are the load policy's (app/policies/load.ts, docs/domain.md).
 * This module owns what every load module reads (the scope, the shapes read with a load, the
 * organization's time zone) and the load itself: read one, create, update, delete, remove a stop.
 * The rest is by concern: the list and its cursor (load-list), status moves and reopen
 * (load-status), stop arrivals and departures (load-stop-events), the API shapes
 * (load-serialize), the editor's and filters' choices (load-pickers), the dispatch board
 * (load-board), a driver's own loads (load-driver), documents and the CSV import.
 */
import type { Prisma } from '~/generated/prisma/client'
import { type Actor, recordAudit } from '~/models/audit/audit.server'
import { resolveCustomFields } from '~/models/organization/custom-fields.server'
import { organizationTimeZone } from '~/models/organization/organization.server'
import {
  assertActorMay,
  assertId,
  assertOneRow,
  assertReferences,
  assertVersion,
  nextNumber,
  ownReference,
  type Reference,
  requireFound,
  rethrowReferenceGone,
  throwRefusal,
} from '~/models/records/records.server'
import { assertBrokerAcceptsLoads } from '~/models/reference/broker.server'
import { assertUnitsInService } from '~/models/reference/unit-service.server'
import { emitWebhookEvent } from '~/models/webhooks/webhook-events.server'
import { assignmentDay, deleteRefusal, editRefusal, type LoadScope, loadScopeWhere } from '~/policies/load'
import type { ChargeInput, LoadInput, LoadUpdate, StopInput } from '~/schemas/load'
import { ACTIVE_LOAD_STATUSES, formatLoadNumber, type LoadStatus } from '~/schemas/load-options'
import { prisma, type Tx } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'
import { loadTotalCents } from '~/utils/money'
import { zonedInstant } from '~/utils/time'

import { removeStoredFiles } from './load-document.server'

export const ENTITY = 'load'
export const NOT_FOUND = 'loads.errors.notFound'
export const ACTIVE: LoadStatus[] = [...ACTIVE_LOAD_STATUSES]

/** A person beside a load (driver, dispatcher): id and name. */
export const person = { select: { id: true, firstName: true, lastName: true } } as const
/** What a load is read with: its names, stops, charges and documents (getLoad, the API shape). */
export const include = {
  broker: { select: { id: true, name: true, status: true } },
  company: { select: { id: true, name: true } },
  driver: person,
  dispatcher: person,
  truck: { select: { id: true, unitNumber: true } },
  trailer: { select: { id: true, unitNumber: true } },
  stops: { orderBy: { sequence: 'asc' } },
  charges: { orderBy: { sequence: 'asc' } },
  documents: { orderBy: [{ uploadedAt: 'asc' }, { id: 'asc' }], include: { uploadedBy: { select: { id: true, firstName: true, lastName: true } } } },
} as const satisfies Prisma.LoadInclude

export type LoadWithRelations = Prisma.LoadGetPayload<{ include: typeof include }>

/** The organization's time zone: load pages and the editor show stop windows on its wall clock. */
export function loadTimeZone(organizationId: string) {
  return organizationTimeZone(organizationId)
}

/** Another organization's load (or, for a driver, another driver's) is simply not found. */
export async function getLoad(viewer: LoadScope, id: string): Promise<LoadWithRelations> {
  assertId(id, NOT_FOUND)
  const where = { id, ...loadScopeWhere(viewer) }
  return requireFound(await prisma.load.findFirst({ where, include }), NOT_FOUND)
}

function references(organizationId: string, input: LoadInput): Reference[] {
  return [
    ownReference(organizationId, 'broker', 'brokerId', input.brokerId, 'loads.errors.unknownBroker'),
    ownReference(organizationId, 'company', 'companyId', input.companyId, 'loads.errors.unknownCompany'),
    ownReference(organizationId, 'driver', 'driverId', input.driverId, 'loads.errors.unknownDriver'),
    ownReference(organizationId, 'truck', 'truckId', input.truckId, 'loads.errors.unknownTruck'),
    ownReference(organizationId, 'trailer', 'trailerId', input.trailerId, 'loads.errors.unknownTrailer'),
  ]
}

/** Stop times as instants: wall-clock times are the organization's. */
function stopData(stop: StopInput, index: number, timeZone: string) {
  return {
    sequence: index + 1,
    type: stop.type,
    facilityName: stop.facilityName || null,
    line1: stop.line1 || null,
    city: stop.city,
    state: stop.state || null,
    postalCode: stop.postalCode || null,
    country: stop.country || 'US',
    windowStart: stop.windowStart ? zonedInstant(stop.windowStart, timeZone) : null,
    windowEnd: stop.windowEnd ? zonedInstant(stop.windowEnd, timeZone) : null,
    appointmentRef: stop.appointmentRef || null,
    notes: stop.notes || null,
  }
}

function chargeData(charge: ChargeInput, index: number) {
  return { sequence: index + 1, type: charge.type, description: charge.description || null, amountCents: charge.amountCents }
}

type StopRow = ReturnType<typeof stopData>

/** The first pickup and last delivery, copied onto the load for its list (filters, sorts, columns). */
function summary(stops: Array<Pick<StopRow, 'type' | 'windowStart' | 'city' | 'state'>>) {
  const pickup = stops.find((stop) => stop.type === 'pickup')
  const delivery = stops.findLast((stop) => stop.type === 'delivery')
  return {
    pickupAt: pickup?.windowStart ?? null,
    pickupCity: pickup?.city ?? null,
    pickupState: pickup?.state ?? null,
    deliveryAt: delivery?.windowStart ?? null,
    deliveryCity: delivery?.city ?? null,
    deliveryState: delivery?.state ?? null,
  }
}

function loadData(input: LoadInput) {
  return {
    brokerId: input.brokerId,
    companyId: input.companyId || null,
    brokerReference: input.brokerReference || null,
    poNumbers: input.poNumbers || null,
    bolNumber: input.bolNumber || null,
    equipmentType: input.equipmentType,
    commodity: input.commodity || null,
    weightLb: input.weightLb ?? null,
    pieces: input.pieces ?? null,
    temperatureF: input.temperatureF ?? null,
    hazmat: input.hazmat,
    linehaulCents: input.linehaulCents,
    totalCents: loadTotalCents(input.linehaulCents, input.charges),
    loadedMiles: input.loadedMiles ?? null,
    emptyMiles: input.emptyMiles ?? null,
    driverId: input.driverId || null,
    truckId: input.truckId || null,
    trailerId: input.trailerId || null,
    notes: input.notes || null,
  }
}

/** The next number of the organization's sequence; the row lock serializes concurrent creates. */
async function nextLoadNumber(tx: Tx, organizationId: string) {
  return formatLoadNumber(await nextNumber(tx, organizationId, 'nextLoadNumber'))
}

/** `within` writes more in the same transaction (the rate confirmation a load is created from). */
export async function createLoad(
  actor: Actor,
  given: LoadInput | ((tx: Tx) => Promise<LoadInput>),
  within?: (tx: Tx, load: LoadWithRelations) => Promise<unknown>,
) {
  assertActorMay(actor, 'create', 'load')
  const { organizationId } = actor
  // A function gives the input from inside the transaction (a quote's customer made for its load: ADR 098).
  let input = typeof given === 'function' ? null : given
  try {
    return await prisma.$transaction(async (tx) => {
      if (typeof given === 'function') input = await given(tx)
      if (!input) throw new Error('createLoad: no input')
      const [timeZone, customFields] = await Promise.all([
        organizationTimeZone(organizationId, tx),
        resolveCustomFields(tx, organizationId, 'loads', input.customFields, undefined),
        assertReferences(tx, references(organizationId, input)),
      ])
      await assertBrokerAcceptsLoads(tx, organizationId, input.brokerId)
      const stops = input.stops.map((stop, index) => stopData(stop, index, timeZone))
      const data = { ...loadData(input), ...summary(stops), customFields, dispatcherId: actor.userId }
      await assertUnitsInService(tx, organizationId, data, assignmentDay(data.pickupAt, timeZone))
      const load = await tx.load.create({
        data: {
          ...data,
          organizationId,
          loadNumber: await nextLoadNumber(tx, organizationId),
          stops: { create: stops },
          charges: { create: input.charges.map(chargeData) },
        },
        include,
      })
      await recordAudit(tx, actor, { entity: ENTITY, entityId: load.id, action: 'create', after: { loadNumber: load.loadNumber, ...data } })
      await emitWebhookEvent(tx, organizationId, 'load.created', { id: load.id, loadNumber: load.loadNumber, status: load.status })
      await within?.(tx, load)
      return load
    })
  } catch (error) {
    if (input) rethrowReferenceGone(error, references(organizationId, input))
    throw error
  }
}

/**
 * Replaces a stop or charge list: rows with a known id are updated, rows without one are added,
 * missing ones are removed (the contract's PUT). An id that is not one of this load's is refused.
 */
async function replaceRows<Row extends { id?: string }>(
  rows: Row[],
  existing: Array<{ id: string }>,
  field: 'stops' | 'charges',
  write: {
    remove: (ids: string[]) => Promise<unknown>
    update: (id: string, row: Row, index: number) => Promise<unknown>
    create: (row: Row, index: number) => Promise<unknown>
  },
) {
  const known = new Set(existing.map((row) => row.id))
  const fields: Record<string, string[]> = {}
  rows.forEach((row, index) => {
    if (row.id && !known.has(row.id)) fields[`${field}.${index}.id`] = ['loads.errors.unknownRow']
  })
  if (Object.keys(fields).length) throw new DomainError('validation_failed', 'validation.failed', { fields })
  const kept = new Set(rows.map((row) => row.id).filter(Boolean))
  await write.remove([...known].filter((id) => !kept.has(id)))
  // Sequences are rewritten in order; no unique index on them, so no temporary clashes.
  for (const [index, row] of rows.entries()) {
    if (row.id) await write.update(row.id, row, index)
    else await write.create(row, index)
  }
}

/** Saves a whole load if nobody changed it since `version` was read; otherwise 409, nothing written. */
export async function updateLoad(actor: Actor, id: string, input: LoadUpdate) {
  assertActorMay(actor, 'update', 'load')
  assertId(id, NOT_FOUND)
  const { organizationId } = actor
  try {
    return await prisma.$transaction(async (tx) => {
      const before = requireFound(await tx.load.findFirst({ where: { id, organizationId }, include }), NOT_FOUND)
      assertVersion(before, input.version)
      const status = before.status
      throwRefusal(editRefusal(status))
      const [timeZone, customFields] = await Promise.all([
        organizationTimeZone(organizationId, tx),
        resolveCustomFields(tx, organizationId, 'loads', input.customFields, before.customFields),
        assertReferences(tx, references(organizationId, input)),
      ])
      if (input.brokerId !== before.brokerId) await assertBrokerAcceptsLoads(tx, organizationId, input.brokerId)
      const data = loadData(input)
      // On the road, the assignment changes only by taking it off first (back to booked).
      const reassigned = data.driverId !== before.driverId || data.truckId !== before.truckId || data.trailerId !== before.trailerId
      if (reassigned && ACTIVE.includes(status)) throw new DomainError('in_use', 'loads.errors.assignmentLocked')

      const stops = input.stops.map((stop, index) => stopData(stop, index, timeZone))
      // A driver or unit newly put on the load must be in service on its day; one it already had is checked at dispatch.
      await assertUnitsInService(
        tx,
        organizationId,
        {
          driverId: data.driverId !== before.driverId ? data.driverId : null,
          truckId: data.truckId !== before.truckId ? data.truckId : null,
          trailerId: data.trailerId !== before.trailerId ? data.trailerId : null,
        },
        assignmentDay(summary(stops).pickupAt, timeZone),
      )
      assertOneRow(
        await tx.load.updateMany({
          where: { id, organizationId, version: input.version },
          data: { ...data, ...summary(stops), customFields, version: { increment: 1 } },
        }),
      )
      await replaceRows(input.stops, before.stops, 'stops', {
        remove: (ids) => tx.loadStop.deleteMany({ where: { loadId: id, id: { in: ids } } }),
        update: (stopId, _row, index) => tx.loadStop.update({ where: { id: stopId }, data: stops[index] }),
        create: (_row, index) => tx.loadStop.create({ data: { ...stops[index], loadId: id } }),
      })
      await replaceRows(input.charges, before.charges, 'charges', {
        remove: (ids) => tx.loadCharge.deleteMany({ where: { loadId: id, id: { in: ids } } }),
        update: (chargeId, row, index) => tx.loadCharge.update({ where: { id: chargeId }, data: chargeData(row, index) }),
        create: (row, index) => tx.loadCharge.create({ data: { ...chargeData(row, index), loadId: id } }),
      })
      const { stops: _stops, charges: _charges, broker: _b, company: _c, driver: _d, dispatcher: _di, truck: _t, trailer: _tr, ...beforeRow } = before
      await recordAudit(tx, actor, { entity: ENTITY, entityId: id, action: 'update', before: beforeRow, after: { ...beforeRow, ...data, customFields } })
      return tx.load.findUniqueOrThrow({ where: { id }, include })
    })
  } catch (error) {
    rethrowReferenceGone(error, references(organizationId, input))
    throw error
  }
}

/**
 * Deletes a load that never reached the road or was canceled. On the road, delivered or invoiced
 * loads are kept (409 `in_use`: cancel it instead, or void its invoice).
 */
export async function deleteLoad(actor: Actor, id: string, version?: number) {
  assertActorMay(actor, 'delete', 'load')
  assertId(id, NOT_FOUND)
  return prisma
    .$transaction(async (tx) => {
      const key = { id, organizationId: actor.organizationId }
      const before = requireFound(await tx.load.findFirst({ where: key }), NOT_FOUND)
      assertVersion(before, version)
      throwRefusal(deleteRefusal(before.status))
      const documents = await tx.loadDocument.findMany({ where: { loadId: id }, select: { storageKey: true } })
      // The load's conversation goes with it (a cascade): so do the photos and files posted in it.
      const chatFiles = await tx.chatAttachment.findMany({ where: { message: { conversation: { loadId: id } } }, select: { storageKey: true } })
      const { count } = await tx.load.deleteMany({ where: { ...key, version: before.version } })
      assertOneRow({ count })
      await recordAudit(tx, actor, { entity: ENTITY, entityId: id, action: 'delete', before })
      return { before, keys: [...documents, ...chatFiles].map((file) => file.storageKey) }
    })
    .then(async ({ before, keys }) => {
      // The rows went with the load (cascade); their files go once that is committed.
      await removeStoredFiles(keys)
      return before
    })
}

/**
 * Removes one stop (the specification's `DELETE /api/loads/address/{id}`); the load's only pickup
 * or only delivery stays (409 `in_use`). The load's version moves on, so an editor open on the old
 * stop list gets a conflict instead of writing it back.
 */
export async function deleteStop(actor: Actor, stopId: string, version?: number) {
  assertActorMay(actor, 'update', 'load')
  const notFound = 'loads.errors.stopNotFound'
  assertId(stopId, notFound)
  return prisma.$transaction(async (tx) => {
    const stop = requireFound(
      await tx.loadStop.findFirst({ where: { id: stopId, load: { organizationId: actor.organizationId } }, include: { load: { include: { stops: true } } } }),
      notFound,
    )
    const { load } = stop
    assertVersion(load, version)
    throwRefusal(editRefusal(load.status))
    const rest = load.stops.filter((other) => other.id !== stopId).sort((a, b) => a.sequence - b.sequence)
    if (!rest.some((other) => other.type === stop.type)) throw new DomainError('in_use', `loads.errors.lastStop.${stop.type}`)
    await tx.loadStop.delete({ where: { id: stopId } })
    for (const [index, other] of rest.entries())
      if (other.sequence !== index + 1) await tx.loadStop.update({ where: { id: other.id }, data: { sequence: index + 1 } })
    assertOneRow(await tx.load.updateMany({ where: { id: load.id, version: load.version }, data: { ...summary(rest), version: { increment: 1 } } }))
    await recordAudit(tx, actor, { entity: ENTITY, entityId: load.id, action: 'update', before: { stop: stop.city }, after: { stop: null } })
    return { id: stopId, loadId: load.id }
  })
}

/** A new load's row and its stops as createLoad writes them, for the CSV import's batches (app/models/loads/load-import.server.ts). */
export function newLoadRecord(input: LoadInput, timeZone: string) {
  const stops = input.stops.map((stop, index) => stopData(stop, index, timeZone))
  return { data: { ...loadData(input), ...summary(stops) }, stops }
}
