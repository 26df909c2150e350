/**
 * Loads: the domain rules, shared by the load pages and /api/loads. A load is booked from a
 * broker, has ordered stops (at least one pickup and one delivery) and charges, and moves through
 * the status machine of app/schemas/load-options.ts. What each status allows, the driver scope and
 * how stop times and the status agree are the load policy's (app/policies/load.ts, docs/domain.md).
 * Dispatching locks the driver, truck and trailer rows, so of two dispatchers racing for the same
 * truck exactly one wins.
 */
import type { Prisma } from '~/generated/prisma/client'
import type { ChargeInput, LoadInput, LoadListQuery, LoadReopen, LoadStatusMove, LoadUpdate, StopEventInput, StopInput } from '~/schemas/load'
import {
  ACTIVE_LOAD_STATUSES,
  LOAD_STATUSES,
  canMove,
  DRIVER_RECENT_DAYS,
  formatLoadNumber,
  LOAD_COUNT_CAP,
  loadTotalCents,
  ratePerMileCents,
  type LoadStatus,
} from '~/schemas/load-options'
import { BOARD_COLUMN_LIMIT, BOARD_DELIVERED_DAYS, BOARD_STATUSES, type BoardStatus } from '~/schemas/kanban-options'
import {
  deleteRefusal,
  deliveredAt,
  editRefusal,
  impliedStopEvents,
  loadScope,
  loadScopeWhere,
  reopenRefusal,
  ROAD,
  statusFromStops,
  type RoadStatus,
  stopTimesForStatus,
  type LoadScope,
  type PolicyRefusal,
} from '~/policies/load'
import type { Role } from '~/utils/permissions'
import { prisma, type Tx } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'
import { safeTimeZone, zonedDayStart, nextDay, zonedInstant } from '~/utils/time'
import { isStoredInstant } from '~/schemas/dates'
import { zonedWallClock } from '~/utils/time'
import { recordAudit, type Actor } from './audit.server'
import { removeStoredFiles, serializeLoadDocument } from './load-document.server'
import { assertBrokerAcceptsLoads } from './broker.server'
import { resolveCustomFields } from './custom-fields.server'
import {
  assertId,
  assertOneRow,
  assertReferences,
  assertVersion,
  escapeLike,
  listPage,
  ownReference,
  type Reference,
  requireFound,
  rethrowReferenceGone,
} from './records.server'

const ENTITY = 'load'
const NOT_FOUND = 'loads.errors.notFound'
const ACTIVE = [...ACTIVE_LOAD_STATUSES] as LoadStatus[]

/** Who reads: everyone allowed to read loads, but a driver only the loads assigned to them (the load scope, app/policies/load.ts). */
export type LoadViewer = LoadScope

/** The load policy's refusal, thrown. */
function refuse(refusal: PolicyRefusal | null, params?: Record<string, unknown>) {
  if (refusal) throw new DomainError(refusal.code, refusal.key, params ? { params } : undefined)
}

const person = { select: { id: true, firstName: true, lastName: true } } as const
const include = {
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

/** What a list row shows: the load and the names beside it, never its stops and charges. */
const listInclude = {
  broker: { select: { id: true, name: true } },
  driver: person,
  truck: { select: { id: true, unitNumber: true } },
} as const satisfies Prisma.LoadInclude

async function timeZoneOf(db: Tx, organizationId: string) {
  const organization = await db.organization.findUniqueOrThrow({ where: { id: organizationId }, select: { timezone: true } })
  return safeTimeZone(organization.timezone)
}

function orderBy(sort: LoadListQuery['sort'], dir: LoadListQuery['dir']): Prisma.LoadOrderByWithRelationInput[] {
  // PostgreSQL's own null order (last going up, first going down) is the order of the indexes
  // (organizationId, pickupAt, id), read forwards or backwards: no sort of a million rows.
  // Loads without a pickup time yet come first in the default, newest-first order.
  const primary: Prisma.LoadOrderByWithRelationInput = { [sort]: dir }
  return [primary, { id: dir }]
}

/** Loads a search finds by a stop's facility: looked up first (trigram index), at most 1,000. */
async function loadsByFacility(organizationId: string, q: string) {
  const rows = await prisma.$queryRaw<Array<{ loadId: string }>>`
    SELECT s."loadId" FROM "LoadStop" s JOIN "Load" l ON l."id" = s."loadId"
    WHERE l."organizationId" = ${organizationId} AND s."facilityName" ILIKE ${`%${escapeLike(q)}%`}
    LIMIT 1000`
  return [...new Set(rows.map((row) => row.loadId))]
}

/** The list's search and filters, shared by the page and the API. */
async function listWhere(viewer: LoadViewer, query: LoadListQuery): Promise<Prisma.LoadWhereInput> {
  const timeZone = query.from || query.to ? await timeZoneOf(prisma, viewer.organizationId) : 'UTC'
  const q = query.q
  const facilityIds = q ? await loadsByFacility(viewer.organizationId, q) : []
  return {
    ...loadScopeWhere(viewer),
    ...(query.status ? { status: query.status } : {}),
    ...(query.brokerId ? { brokerId: query.brokerId } : {}),
    ...(query.companyId ? { companyId: query.companyId } : {}),
    ...(query.driverId && !viewer.driverId ? { driverId: query.driverId } : {}),
    ...(query.truckId ? { truckId: query.truckId } : {}),
    ...(query.from || query.to
      ? {
          pickupAt: {
            ...(query.from ? { gte: zonedDayStart(query.from, timeZone) } : {}),
            ...(query.to ? { lt: zonedDayStart(nextDay(query.to), timeZone) } : {}),
          },
        }
      : {}),
    ...(q
      ? {
          OR: [
            { loadNumber: { contains: q, mode: 'insensitive' } },
            { brokerReference: { contains: q, mode: 'insensitive' } },
            { pickupCity: { contains: q, mode: 'insensitive' } },
            { deliveryCity: { contains: q, mode: 'insensitive' } },
            ...(facilityIds.length ? [{ id: { in: facilityIds } }] : []),
          ],
        }
      : {}),
  }
}

/**
 * The order a capped count reads in: the filters' index, not the page's sort. With a status the
 * index (organizationId, status, pickupAt, id) holds every row counted, so the count never visits
 * the table (a count in the page's order, say by total, would fetch each row to check its status).
 */
function countOrder(query: LoadListQuery): Prisma.LoadOrderByWithRelationInput[] {
  return query.status ? [{ status: 'asc' }, { pickupAt: 'asc' }, { id: 'asc' }] : [{ pickupAt: 'asc' }, { id: 'asc' }]
}

export async function listLoads(viewer: LoadViewer, query: LoadListQuery) {
  const where = await listWhere(viewer, query)
  const order = orderBy(query.sort, query.dir)
  const after = query.after ? decodeCursor(query.after, query) : null
  const result = await listPage(
    query,
    // count({ take }) needs an order, and by id (its default) it would walk the whole table. A text
    // search is counted whole instead: its trigram indexes find the matches directly.
    () => (query.q ? prisma.load.count({ where }) : prisma.load.count({ where, orderBy: countOrder(query), take: LOAD_COUNT_CAP + 1 })),
    // The page's ids first (an index read, however deep the page), then those rows with their
    // broker, driver and truck: joining before OFFSET would join every skipped row too. After a
    // cursor, the ids are read from the cursor's place in the index on: no rows skipped at all.
    async (window) => {
      const ids = after ? await idsAfter(where, query, after, window.take) : await pageIds(where, order, window)
      if (ids.length === 0) return []
      const rows = await prisma.load.findMany({ where: { id: { in: ids } }, include: listInclude })
      const byId = new Map(rows.map((row) => [row.id, row]))
      return ids.flatMap((id) => byId.get(id) ?? [])
    },
  )
  const last = result.items.at(-1)
  const nextCursor = last && result.items.length === query.pageSize ? encodeCursor(query, last) : null
  return { ...result, total: Math.min(result.total, LOAD_COUNT_CAP), totalCapped: result.total > LOAD_COUNT_CAP, nextCursor }
}

async function pageIds(where: Prisma.LoadWhereInput, order: Prisma.LoadOrderByWithRelationInput[], window: { skip: number; take: number }) {
  return (await prisma.load.findMany({ where, select: { id: true }, orderBy: order, ...window })).map((row) => row.id)
}

// ---- Keyset paging: a cursor names the last row read (its sort value and id) ----

type SortValue = string | number | null
type Cursor = { value: SortValue; id: string }
const DATE_SORTS = new Set<LoadListQuery['sort']>(['pickupAt', 'deliveryAt', 'createdAt'])
const NULLABLE_SORTS = new Set<LoadListQuery['sort']>(['pickupAt', 'deliveryAt'])

function sortValue(sort: LoadListQuery['sort'], row: Record<LoadListQuery['sort'], unknown>): SortValue {
  const value = row[sort]
  return value instanceof Date ? value.toISOString() : (value as SortValue)
}

/** Opaque to clients: the sort and direction it was made for, the last row's sort value and id. */
function encodeCursor(query: LoadListQuery, row: Record<LoadListQuery['sort'], unknown> & { id: string }) {
  return Buffer.from(JSON.stringify([query.sort, query.dir, sortValue(query.sort, row), row.id])).toString('base64url')
}

function decodeCursor(text: string, query: LoadListQuery): Cursor {
  const invalid = () => new DomainError('validation_failed', 'validation.failed', { fields: { after: ['loads.errors.cursor'] } })
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
  } catch {
    throw invalid()
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) throw invalid()
  const [sort, dir, value, id] = parsed as unknown[]
  if (sort !== query.sort || dir !== query.dir || typeof id !== 'string' || !/^[a-z0-9]{1,40}$/i.test(id)) throw invalid()
  const nullable = NULLABLE_SORTS.has(query.sort)
  if (
    value === null
      ? !nullable
      : DATE_SORTS.has(query.sort)
        ? typeof value !== 'string' || !isStoredInstant(value)
        : query.sort === 'totalCents'
          ? !Number.isSafeInteger(value)
          : typeof value !== 'string'
  )
    throw invalid()
  if (query.sort === 'status' && !(LOAD_STATUSES as readonly unknown[]).includes(value)) throw invalid()
  return { value: value as SortValue, id }
}

/**
 * The ids after the cursor in the list's order (sort value, then id; PostgreSQL puts nulls last
 * going up and first going down). The redundant bound (`<= v` / `>= v`) lets the index start at the
 * cursor instead of filtering every earlier row; nulls, at one end, are read on their own.
 */
async function idsAfter(where: Prisma.LoadWhereInput, query: LoadListQuery, cursor: Cursor, take: number) {
  const { sort, dir } = query
  const order = orderBy(sort, dir)
  const read = async (extra: Prisma.LoadWhereInput, limit: number) =>
    (await prisma.load.findMany({ where: { AND: [where, extra] }, select: { id: true }, orderBy: order, take: limit })).map((row) => row.id)
  const id = dir === 'asc' ? { gt: cursor.id } : { lt: cursor.id }
  if (cursor.value === null) {
    // Going down the nulls come first: the nulls left, then every row with a value. Going up they come last.
    const nulls = await read({ [sort]: null, id }, take)
    if (dir === 'asc' || nulls.length === take) return nulls
    return [...nulls, ...(await read({ NOT: { [sort]: null } }, take - nulls.length))]
  }
  const value = DATE_SORTS.has(sort) ? new Date(cursor.value as string) : cursor.value
  let bound: Prisma.LoadWhereInput
  if (sort === 'status') {
    const at = LOAD_STATUSES.indexOf(value as LoadStatus)
    const beyond = dir === 'asc' ? LOAD_STATUSES.slice(at + 1) : LOAD_STATUSES.slice(0, at)
    bound = { OR: [{ status: { in: [...beyond] } }, { status: value as LoadStatus, id }] }
  } else {
    bound = { [sort]: dir === 'asc' ? { gte: value } : { lte: value }, OR: [{ [sort]: dir === 'asc' ? { gt: value } : { lt: value } }, { [sort]: value, id }] }
  }
  const rows = await read(bound, take)
  if (dir === 'desc' || rows.length === take || !NULLABLE_SORTS.has(sort)) return rows
  return [...rows, ...(await read({ [sort]: null }, take - rows.length))]
}

/** Another organization's load (or, for a driver, another driver's) is simply not found. */
export async function getLoad(viewer: LoadViewer, id: string): Promise<LoadWithRelations> {
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
  const [row] = await tx.$queryRaw<Array<{ number: number }>>`
    UPDATE "Organization" SET "nextLoadNumber" = "nextLoadNumber" + 1 WHERE "id" = ${organizationId}
    RETURNING "nextLoadNumber" - 1 AS "number"`
  return formatLoadNumber(row.number)
}

export async function createLoad(actor: Actor, input: LoadInput) {
  const { organizationId } = actor
  try {
    return await prisma.$transaction(async (tx) => {
      const [timeZone, customFields] = await Promise.all([
        timeZoneOf(tx, organizationId),
        resolveCustomFields(tx, organizationId, 'loads', input.customFields, undefined),
        assertReferences(tx, references(organizationId, input)),
      ])
      await assertBrokerAcceptsLoads(tx, organizationId, input.brokerId)
      const stops = input.stops.map((stop, index) => stopData(stop, index, timeZone))
      const data = { ...loadData(input), ...summary(stops), customFields, dispatcherId: actor.userId }
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
      return load
    })
  } catch (error) {
    rethrowReferenceGone(error, references(organizationId, input))
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
  assertId(id, NOT_FOUND)
  const { organizationId } = actor
  try {
    return await prisma.$transaction(async (tx) => {
      const before = requireFound(await tx.load.findFirst({ where: { id, organizationId }, include }), NOT_FOUND)
      assertVersion(before, input.version)
      const status = before.status as LoadStatus
      refuse(editRefusal(status))
      const [timeZone, customFields] = await Promise.all([
        timeZoneOf(tx, organizationId),
        resolveCustomFields(tx, organizationId, 'loads', input.customFields, before.customFields),
        assertReferences(tx, references(organizationId, input)),
      ])
      if (input.brokerId !== before.brokerId) await assertBrokerAcceptsLoads(tx, organizationId, input.brokerId)
      const data = loadData(input)
      // On the road, the assignment changes only by taking it off first (back to booked).
      const reassigned = data.driverId !== before.driverId || data.truckId !== before.truckId || data.trailerId !== before.trailerId
      if (reassigned && ACTIVE.includes(status)) throw new DomainError('in_use', 'loads.errors.assignmentLocked')

      const stops = input.stops.map((stop, index) => stopData(stop, index, timeZone))
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
  assertId(id, NOT_FOUND)
  return prisma
    .$transaction(async (tx) => {
      const key = { id, organizationId: actor.organizationId }
      const before = requireFound(await tx.load.findFirst({ where: key }), NOT_FOUND)
      assertVersion(before, version)
      refuse(deleteRefusal(before.status as LoadStatus))
      const documents = await tx.loadDocument.findMany({ where: { loadId: id }, select: { storageKey: true } })
      const { count } = await tx.load.deleteMany({ where: { ...key, version: before.version } })
      assertOneRow({ count })
      await recordAudit(tx, actor, { entity: ENTITY, entityId: id, action: 'delete', before })
      return { before, keys: documents.map((document) => document.storageKey) }
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
  const notFound = 'loads.errors.stopNotFound'
  assertId(stopId, notFound)
  return prisma.$transaction(async (tx) => {
    const stop = requireFound(
      await tx.loadStop.findFirst({ where: { id: stopId, load: { organizationId: actor.organizationId } }, include: { load: { include: { stops: true } } } }),
      notFound,
    )
    const { load } = stop
    assertVersion(load, version)
    refuse(editRefusal(load.status as LoadStatus))
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
  const day = (load.pickupAt ?? new Date()).toISOString().slice(0, 10)
  const validOn = (expiry: Date | null | undefined) => Boolean(expiry && expiry.toISOString().slice(0, 10) >= day)
  if (!validOn(profile?.licenseExpiry)) throw new DomainError('in_use', 'loads.errors.licenseInvalid', { params: { date: day } })
  if (!validOn(profile?.medicalCardExpiry)) throw new DomainError('in_use', 'loads.errors.medicalInvalid', { params: { date: day } })

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
  assertId(id, NOT_FOUND)
  return prisma.$transaction(async (tx) => {
    const found = requireFound(
      await tx.load.findFirst({ where: { id, organizationId: actor.organizationId }, include: { stops: { orderBy: { sequence: 'asc' } } } }),
      NOT_FOUND,
    )
    assertVersion(found, move.version)
    const { stops, ...before } = found
    assertMove(before.status as LoadStatus, move.status)
    const at = move.at ? zonedInstant(move.at, await timeZoneOf(tx, actor.organizationId)).toISOString() : undefined
    await recordImpliedStops(tx, actor, before.id, stops, move.status, eventTime(at, now), Boolean(at))
    await applyMove(tx, actor, before, move.status)
    return tx.load.findUniqueOrThrow({ where: { id }, include })
  })
}

function assertMove(from: LoadStatus, to: LoadStatus) {
  if (!canMove(from, to)) throw new DomainError('invalid_transition', 'loads.errors.invalidTransition', { params: { from, to } })
}

/** A recorded time: now, or the client's, never in the future (a few minutes of clock skew allowed). */
function eventTime(at: string | undefined, now: Date) {
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
  for (const stop of changed)
    await tx.loadStop.update({ where: { id: stop.id }, data: { actualArrival: stop.actualArrival, actualDeparture: stop.actualDeparture } })
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
export async function reopenLoad(actor: Actor, role: Role, id: string, input: LoadReopen) {
  assertId(id, NOT_FOUND)
  return prisma.$transaction(async (tx) => {
    const found = requireFound(
      await tx.load.findFirst({ where: { id, organizationId: actor.organizationId }, include: { stops: { orderBy: { sequence: 'asc' } } } }),
      NOT_FOUND,
    )
    assertVersion(found, input.version)
    const { stops, ...before } = found
    refuse(reopenRefusal(role, before.status as LoadStatus))
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

type MovingLoad = Prisma.LoadGetPayload<object>

/** The move itself, inside the caller's transaction, on the row the caller read and version-checked. */
async function applyMove(tx: Tx, actor: Actor, before: MovingLoad, to: LoadStatus) {
  const from = before.status as LoadStatus
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
  return { ...before, status: to, version: before.version + 1 }
}

// ---- Stop arrival and departure (a driver on the road, or dispatch on the phone with one) ----

export { statusFromStops }

/**
 * Arrival at or departure from one stop, in order: a stop is reached only after the one before it
 * was left, left only after it was reached, and each only once. The load follows (arrived at the
 * first pickup, in transit when the last pickup is left, …, delivered when the last stop is left),
 * through the same moves as the status buttons, so delivery frees the truck here too. Drivers
 * record only on their own loads (others are "not found"); the version is the load's.
 */
export async function recordStopEvent(actor: Actor, viewer: LoadViewer, ids: { loadId: string; stopId: string }, input: StopEventInput, now = new Date()) {
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
    if (!ACTIVE.includes(load.status as LoadStatus))
      throw new DomainError('invalid_transition', 'loads.errors.stopNotOnRoad', { params: { status: load.status } })
    const when = eventTime(input.at, now)
    // What the status says was done already (a move by its buttons records those times) is not recorded again.
    const done = impliedStopEvents(load.status as LoadStatus, load.stops)[load.stops.findIndex((other) => other.id === stop.id)]
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
    return tx.load.findUniqueOrThrow({ where: { id: load.id }, include })
  })
}

function name(user: { firstName: string; lastName: string } | null) {
  return user ? `${user.firstName} ${user.lastName}`.trim() : null
}

/** The API shape: everything a client can PUT back, plus the derived and display fields. */
export function serializeLoad(load: LoadWithRelations) {
  return {
    id: load.id,
    organizationId: load.organizationId,
    loadNumber: load.loadNumber,
    status: load.status,
    brokerId: load.brokerId,
    broker: load.broker,
    companyId: load.companyId,
    company: load.company,
    brokerReference: load.brokerReference,
    poNumbers: load.poNumbers,
    bolNumber: load.bolNumber,
    equipmentType: load.equipmentType,
    commodity: load.commodity,
    weightLb: load.weightLb,
    pieces: load.pieces,
    temperatureF: load.temperatureF,
    hazmat: load.hazmat,
    linehaulCents: load.linehaulCents,
    totalCents: load.totalCents,
    ratePerMileCents: ratePerMileCents(load),
    loadedMiles: load.loadedMiles,
    emptyMiles: load.emptyMiles,
    driverId: load.driverId,
    driver: load.driver ? { id: load.driver.id, name: name(load.driver) } : null,
    truckId: load.truckId,
    truck: load.truck,
    trailerId: load.trailerId,
    trailer: load.trailer,
    dispatcher: load.dispatcher ? { id: load.dispatcher.id, name: name(load.dispatcher) } : null,
    notes: load.notes,
    customFields: load.customFields,
    stops: load.stops.map((stop) => ({
      id: stop.id,
      type: stop.type,
      facilityName: stop.facilityName,
      line1: stop.line1,
      city: stop.city,
      state: stop.state,
      postalCode: stop.postalCode,
      country: stop.country,
      windowStart: stop.windowStart?.toISOString() ?? null,
      windowEnd: stop.windowEnd?.toISOString() ?? null,
      appointmentRef: stop.appointmentRef,
      actualArrival: stop.actualArrival?.toISOString() ?? null,
      actualDeparture: stop.actualDeparture?.toISOString() ?? null,
      notes: stop.notes,
    })),
    charges: load.charges.map((charge) => ({ id: charge.id, type: charge.type, description: charge.description, amountCents: charge.amountCents })),
    /** When it was delivered: the departure from its last stop (null before). */
    deliveredAt: deliveredAt(load.stops)?.toISOString() ?? null,
    // The specification's document lists (issue 9, documents); `name` repeats `fileName` for its client.
    ...documentLists(load.documents),
    createdAt: load.createdAt.toISOString(),
    updatedAt: load.updatedAt.toISOString(),
    version: load.version,
  }
}
export type LoadDto = ReturnType<typeof serializeLoad>

/** The document lists by kind, in upload order. */
function documentLists(documents: LoadWithRelations['documents']) {
  const lists = { bols: [] as LoadDocumentItem[], rateConn: [] as LoadDocumentItem[], pod: [] as LoadDocumentItem[] }
  for (const document of documents) {
    const { kind: _kind, uploadedBy: _uploadedBy, ...item } = serializeLoadDocument(document)
    lists[document.kind].push(item)
  }
  return lists
}
type LoadDocumentItem = { id: string; fileName: string; name: string; contentType: string; sizeBytes: number; uploadedAt: string; url: string }

/** A list row for the API: the load without stops and charges, with its first pickup and last delivery. */
export function serializeLoadRow(load: Prisma.LoadGetPayload<{ include: typeof listInclude }>) {
  return {
    id: load.id,
    loadNumber: load.loadNumber,
    status: load.status,
    brokerId: load.brokerId,
    broker: load.broker,
    brokerReference: load.brokerReference,
    equipmentType: load.equipmentType,
    pickup: { at: load.pickupAt?.toISOString() ?? null, city: load.pickupCity, state: load.pickupState },
    delivery: { at: load.deliveryAt?.toISOString() ?? null, city: load.deliveryCity, state: load.deliveryState },
    driverId: load.driverId,
    driver: load.driver ? { id: load.driver.id, name: name(load.driver) } : null,
    truckId: load.truckId,
    truck: load.truck,
    linehaulCents: load.linehaulCents,
    totalCents: load.totalCents,
    ratePerMileCents: ratePerMileCents(load),
    loadedMiles: load.loadedMiles,
    emptyMiles: load.emptyMiles,
    createdAt: load.createdAt.toISOString(),
    updatedAt: load.updatedAt.toISOString(),
    version: load.version,
  }
}

/** The loads a user may read: a driver only their own, everyone else the organization's (the load scope). */
export function loadViewer(user: { organizationId: string; role: string; id: string }): LoadViewer {
  return loadScope(user)
}

// ---- Reads for the load pages (list tabs, filters, times) ----

/**
 * Loads per status for the list's tabs, in one grouped query: the list's search and filters apply,
 * its status does not (every tab counts what it would show).
 */
export async function countLoadsByStatus(viewer: LoadViewer, query: LoadListQuery): Promise<Partial<Record<LoadStatus, number>>> {
  const filtered = Boolean(query.q || query.brokerId || query.companyId || (query.driverId && !viewer.driverId) || query.truckId || query.from || query.to)
  if (!filtered) return countByStatusCapped(viewer)
  const where = await listWhere(viewer, { ...query, status: undefined })
  const rows = await prisma.load.groupBy({ by: ['status'], where, _count: { _all: true } })
  return Object.fromEntries(rows.map((row) => [row.status, row._count._all]))
}

/**
 * The unfiltered tabs: each status counted up to LOAD_COUNT_CAP + 1 on its own index range (a
 * group-by would read every one of half a million index entries on each page view).
 */
async function countByStatusCapped(viewer: LoadViewer): Promise<Partial<Record<LoadStatus, number>>> {
  const rows = await prisma.$queryRaw<Array<{ status: LoadStatus; n: number }>>`
    SELECT s.status, (
      SELECT count(*)::int FROM (
        SELECT 1 FROM "Load" l
        WHERE l."organizationId" = ${viewer.organizationId} AND l."status" = s.status::"LoadStatus"
          AND (${viewer.driverId ?? null}::text IS NULL OR l."driverId" = ${viewer.driverId ?? null})
        LIMIT ${LOAD_COUNT_CAP + 1}
      ) AS capped
    ) AS n
    FROM unnest(enum_range(NULL::"LoadStatus")::text[]) AS s(status)`
  return Object.fromEntries(rows.filter((row) => row.n > 0).map((row) => [row.status, row.n]))
}

/** The organization's time zone: load pages and the editor show stop windows on its wall clock. */
export function loadTimeZone(organizationId: string) {
  return timeZoneOf(prisma, organizationId)
}

const AVAILABLE_FIRST = { available: 0 } as Record<string, number>
const availableFirst = <Row extends { status: string }>(rows: Row[], ready = AVAILABLE_FIRST) =>
  [...rows].sort((a, b) => (ready[a.status] ?? 1) - (ready[b.status] ?? 1))

/**
 * The editor's choices: every broker (those on hold are shown, and refused by createLoad), the
 * active companies, the drivers (not banned), trucks and trailers with what can go out listed first
 * (active drivers, available equipment), each list otherwise in name order. Records the load
 * already names are always offered, whatever their state. A driver on another live load carries
 * it (`onLoad`), as the dispatch check would name it.
 */
export async function loadEditorOptions(organizationId: string, keep: { companyId?: string | null; driverId?: string | null; loadId?: string | null } = {}) {
  const [brokers, companies, drivers, trucks, trailers, driving] = await Promise.all([
    prisma.broker.findMany({ where: { organizationId }, select: { id: true, name: true, status: true }, orderBy: { name: 'asc' } }),
    prisma.company.findMany({
      where: { organizationId, OR: [{ status: 'active' }, ...(keep.companyId ? [{ id: keep.companyId }] : [])] },
      select: { id: true, name: true, status: true },
      orderBy: { name: 'asc' },
    }),
    prisma.user.findMany({
      // Banned users are not offered, unless the load already names them.
      where: { organizationId, role: 'driver', OR: [{ status: { not: 'banned' } }, ...(keep.driverId ? [{ id: keep.driverId }] : [])] },
      select: { id: true, firstName: true, lastName: true, status: true },
      orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }],
    }),
    prisma.truck.findMany({ where: { organizationId }, select: { id: true, unitNumber: true, status: true }, orderBy: { unitNumber: 'asc' } }),
    prisma.trailer.findMany({ where: { organizationId }, select: { id: true, unitNumber: true, status: true }, orderBy: { unitNumber: 'asc' } }),
    prisma.load.findMany({
      where: { organizationId, status: { in: ACTIVE }, driverId: { not: null }, ...(keep.loadId ? { id: { not: keep.loadId } } : {}) },
      select: { id: true, loadNumber: true, driverId: true },
      distinct: ['driverId'],
    }),
  ])
  const onLoad = new Map(driving.map((load) => [load.driverId, { id: load.id, loadNumber: load.loadNumber }]))
  return {
    brokers,
    companies,
    drivers: availableFirst(
      drivers.map((driver) => {
        const busy = onLoad.get(driver.id) ?? null
        // A busy driver is listed with the unavailable ones, like dispatched equipment.
        return { id: driver.id, name: name(driver)!, status: busy && driver.status === 'active' ? 'on_load' : (driver.status as string), onLoad: busy }
      }),
      { active: 0 },
    ),
    trucks: availableFirst(trucks.map((truck) => ({ ...truck, status: truck.status as string }))),
    trailers: availableFirst(trailers.map((trailer) => ({ ...trailer, status: trailer.status as string }))),
  }
}
export type LoadEditorOptions = Awaited<ReturnType<typeof loadEditorOptions>>

/** Trucks for the list's truck filter (unit numbers only). */
export const TRUCK_OPTIONS_MAX = 200

/**
 * Trucks for the list's truck filter (unit numbers only), or null past TRUCK_OPTIONS_MAX: a
 * select of 5,000 units is unusable and weighs hundreds of KB; the page then asks for a unit number.
 */
export async function listLoadTruckOptions(organizationId: string) {
  const trucks = await prisma.truck.findMany({
    where: { organizationId },
    select: { id: true, unitNumber: true },
    orderBy: { unitNumber: 'asc' },
    take: TRUCK_OPTIONS_MAX + 1,
  })
  return trucks.length > TRUCK_OPTIONS_MAX ? null : trucks
}

/** The truck a typed unit number names in the organization (the same case-insensitive rule as its unique index). */
export async function findTruckByUnit(organizationId: string, unitNumber: string) {
  return prisma.truck.findFirst({ where: { organizationId, unitNumber }, select: { id: true, unitNumber: true } })
}

/** A person's display name ("First Last"), as the API's `driver.name` shows it. */
export function personName(user: { firstName: string; lastName: string } | null) {
  return name(user)
}

// ---- The dispatch board (/dashboard/kanban) ----

const boardInclude = {
  broker: { select: { name: true } },
  driver: person,
} as const satisfies Prisma.LoadInclude

type BoardRow = Prisma.LoadGetPayload<{ include: typeof boardInclude }>

/**
 * One column of the board: its most relevant cards and how many loads it holds (capped like the
 * list's counts). Every query reads the (organizationId, status, pickupAt, id) index in one
 * direction with a LIMIT, so a column costs the same at a thousand loads or a million.
 * - Loads on their way (booked to at_delivery): pickups from today on, soonest first; then the
 *   ones whose pickup day is past, most recent first; then those without a pickup time.
 * - Delivered: pickups of the last BOARD_DELIVERED_DAYS days, most recent first (older ones are on the list).
 */
async function boardColumn(organizationId: string, status: BoardStatus, bounds: { today: Date; deliveredSince: Date }, limit: number) {
  const base = { organizationId, status }
  const count = (where: Prisma.LoadWhereInput) => prisma.load.count({ where, orderBy: [{ pickupAt: 'asc' }, { id: 'asc' }], take: LOAD_COUNT_CAP + 1 })
  const rows = (where: Prisma.LoadWhereInput, dir: 'asc' | 'desc', take: number): Promise<BoardRow[]> =>
    take > 0 ? prisma.load.findMany({ where, include: boardInclude, orderBy: [{ pickupAt: dir }, { id: dir }], take }) : Promise.resolve([])
  if (status === 'delivered') {
    const where = { ...base, pickupAt: { gte: bounds.deliveredSince } }
    const [items, total] = await Promise.all([rows(where, 'desc', limit), count(where)])
    return { items, total }
  }
  const [upcoming, total] = await Promise.all([rows({ ...base, pickupAt: { gte: bounds.today } }, 'asc', limit), count(base)])
  const past = await rows({ ...base, pickupAt: { lt: bounds.today } }, 'desc', limit - upcoming.length)
  const unscheduled = await rows({ ...base, pickupAt: null }, 'asc', limit - upcoming.length - past.length)
  return { items: [...upcoming, ...past, ...unscheduled], total }
}

/**
 * The dispatch board: per column (BOARD_STATUSES) at most `limit` cards and the column's total
 * (up to LOAD_COUNT_CAP, then `totalCapped`). Not for drivers: the page sends them to their list.
 */
export async function loadBoard(organizationId: string, options: { now?: Date; limit?: number } = {}) {
  const { now = new Date(), limit = BOARD_COLUMN_LIMIT } = options
  const timeZone = await timeZoneOf(prisma, organizationId)
  const day = zonedWallClock(now, timeZone).slice(0, 10)
  const weekAgo = new Date(Date.parse(`${day}T00:00:00Z`) - BOARD_DELIVERED_DAYS * 86_400_000).toISOString().slice(0, 10)
  const bounds = { today: zonedDayStart(day, timeZone), deliveredSince: zonedDayStart(weekAgo, timeZone) }
  const columns = await Promise.all(BOARD_STATUSES.map((status) => boardColumn(organizationId, status, bounds, limit)))
  return {
    timeZone,
    columns: BOARD_STATUSES.map((status, index) => {
      const { items, total } = columns[index]
      return {
        status,
        total: Math.min(total, LOAD_COUNT_CAP),
        totalCapped: total > LOAD_COUNT_CAP,
        cards: items.map((load) => ({
          id: load.id,
          version: load.version,
          loadNumber: load.loadNumber,
          status: load.status as BoardStatus,
          broker: load.broker.name,
          pickup: { city: load.pickupCity, state: load.pickupState },
          delivery: { city: load.deliveryCity, state: load.deliveryState },
          driver: name(load.driver),
          pickupAt: load.pickupAt?.toISOString() ?? null,
        })),
      }
    }),
  }
}
export type LoadBoard = Awaited<ReturnType<typeof loadBoard>>
export type BoardCard = LoadBoard['columns'][number]['cards'][number]

// ---- A driver's own loads ("My loads") ----

const driverInclude = {
  broker: { select: { name: true } },
  truck: { select: { unitNumber: true } },
  trailer: { select: { unitNumber: true } },
  stops: { orderBy: { sequence: 'asc' } },
  documents: { select: { kind: true } },
} as const satisfies Prisma.LoadInclude

/**
 * What a driver works with: their loads on the road and booked for them (the next pickup first),
 * and what they delivered lately. Bounded: a driver has a few loads at a time, never thousands.
 */
export async function listDriverLoads(viewer: Required<LoadViewer>, now = new Date()) {
  const where = { organizationId: viewer.organizationId, driverId: viewer.driverId }
  const [current, recent] = await Promise.all([
    prisma.load.findMany({
      where: { ...where, status: { in: ['booked', ...ACTIVE] } },
      include: driverInclude,
      orderBy: [{ pickupAt: { sort: 'asc', nulls: 'last' } }, { loadNumber: 'asc' }],
      take: 20,
    }),
    prisma.load.findMany({
      where: { ...where, status: { in: ['delivered', 'invoiced'] }, updatedAt: { gte: new Date(now.getTime() - DRIVER_RECENT_DAYS * 86_400_000) } },
      select: {
        id: true,
        loadNumber: true,
        status: true,
        deliveryCity: true,
        deliveryState: true,
        updatedAt: true,
        // When it was delivered: the last stop's departure (deliveredAt).
        stops: { orderBy: { sequence: 'desc' }, take: 1, select: { actualDeparture: true } },
      },
      orderBy: { updatedAt: 'desc' },
      take: 10,
    }),
  ])
  return { current, recent }
}

/** A new load's row and its stops as createLoad writes them, for the CSV import's batches (app/models/load-import.server.ts). */
export function newLoadRecord(input: LoadInput, timeZone: string) {
  const stops = input.stops.map((stop, index) => stopData(stop, index, timeZone))
  return { data: { ...loadData(input), ...summary(stops) }, stops }
}
