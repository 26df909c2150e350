/**
 * Trips: the individual vehicle distance record an IFTA audit asks for (ADR 122). One trip of a
 * unit, its odometer at both ends and its miles per jurisdiction, written whole (the lines are
 * replaced with the trip, in one transaction). A trip belongs to the quarter it ended in: a
 * write to a trip that ends, or ended, in a filed quarter is 409 period_closed.
 */
import type { Prisma } from '~/generated/prisma/client'
import { type Actor, recordAudit } from '~/models/audit/audit.server'
import { containsAny, sortOrder } from '~/models/records/record-store.server'
import {
  assertActorMay,
  assertId,
  assertOneRow,
  assertReferences,
  deleteVersioned,
  inBatches,
  isoDate,
  listPage,
  lockForUpdate,
  ownReference,
  requireFound,
  toDateOnly,
} from '~/models/records/records.server'
import { parseQuarter, quarterRange } from '~/policies/ifta'
import type { Jurisdiction } from '~/schemas/ifta-options'
import { type TripInput, type TripListQuery, type TripRecord, TripSchema, type TripUpdateInput } from '~/schemas/trip'
import type { CsvColumn } from '~/utils/csv.server'
import { prisma, type Tx } from '~/utils/db.server'
import { isDomainError } from '~/utils/errors.server'

import { assertQuartersOpen } from './ifta-period.server'

const NOT_FOUND = 'ifta.errors.tripNotFound'

/** A trip's lines in the order they were entered or imported (ADR 154): the page, the API, the CSV and the sheet read them so. */
export const TRIP_LINE_ORDER = [{ position: 'asc' }, { jurisdiction: 'asc' }] satisfies Prisma.TripJurisdictionOrderByWithRelationInput[]

const include = {
  truck: { select: { id: true, unitNumber: true } },
  jurisdictions: { select: { jurisdiction: true, miles: true, taxableMiles: true }, orderBy: TRIP_LINE_ORDER },
} satisfies Prisma.TripInclude

export type TripWithLines = Prisma.TripGetPayload<{ include: typeof include }>

function where(organizationId: string, { q, quarter, truckId }: TripListQuery): Prisma.TripWhereInput {
  const parsed = quarter ? parseQuarter(quarter) : null
  const range = parsed ? quarterRange(parsed) : null
  return {
    organizationId,
    truckId,
    ...(range ? { endedAt: { gte: toDateOnly(range.from)!, lte: toDateOnly(range.to)! } } : {}),
    ...(q ? { OR: containsAny(q, ['notes', 'truck.unitNumber']) } : {}),
  }
}

const orderOf = (query: TripListQuery) =>
  sortOrder(query, { relations: { truck: (dir) => ({ truck: { unitNumber: dir } }) } }) as Prisma.TripOrderByWithRelationInput[]

export async function listTrips(organizationId: string, query: TripListQuery) {
  const filter = where(organizationId, query)
  const orderBy = orderOf(query)
  return listPage(
    query,
    () => prisma.trip.count({ where: filter }),
    (window) => prisma.trip.findMany({ where: filter, include, orderBy, ...window }),
  )
}

/** Every trip the list's search and filters match, in its order, read in batches (the CSV export). */
export async function* exportTrips(organizationId: string, query: TripListQuery): AsyncGenerator<TripWithLines> {
  const filter = where(organizationId, query)
  const orderBy = orderOf(query)
  yield* inBatches((window) => prisma.trip.findMany({ where: filter, include, orderBy, ...window }))
}

/** A trip's miles: its jurisdictions' added up. */
export function tripMiles(trip: { jurisdictions: ReadonlyArray<{ miles: number }> }) {
  return trip.jurisdictions.reduce((sum, line) => sum + line.miles, 0)
}

/** The export's columns (the page's CSV, translated headers): one row per trip, its miles by state in one cell (`OK 120; TX 80`). */
export const TRIP_CSV_COLUMNS: CsvColumn<TripWithLines>[] = [
  { key: 'startedAt', label: 'trips.fields.startedAt', value: (trip) => isoDate(trip.startedAt) },
  { key: 'endedAt', label: 'trips.fields.endedAt', value: (trip) => isoDate(trip.endedAt) },
  { key: 'unit', label: 'fields.unitNumber', value: (trip) => trip.truck.unitNumber },
  { key: 'startOdometer', label: 'trips.fields.startOdometer', value: (trip) => trip.startOdometer },
  { key: 'endOdometer', label: 'trips.fields.endOdometer', value: (trip) => trip.endOdometer },
  { key: 'miles', label: 'trips.fields.miles', value: (trip) => tripMiles(trip) },
  {
    key: 'jurisdictions',
    label: 'trips.fields.jurisdictions',
    value: (trip) =>
      trip.jurisdictions.map((line) => `${line.jurisdiction} ${line.miles}${line.taxableMiles !== line.miles ? ` (${line.taxableMiles})` : ''}`).join('; '),
  },
  { key: 'notes', label: 'fields.notes', value: (trip) => trip.notes },
  { key: 'id', label: 'fields.id', value: (trip) => trip.id },
]

export async function getTrip(organizationId: string, id: string): Promise<TripWithLines> {
  assertId(id, NOT_FOUND)
  return requireFound(await prisma.trip.findFirst({ where: { id, organizationId }, include }), NOT_FOUND)
}

/** The columns and lines a trip's input stores (taxable miles default to the miles), its lines in the order given. */
function tripData(input: TripInput) {
  return {
    columns: {
      truckId: input.truckId,
      loadId: input.loadId || null,
      startedAt: toDateOnly(input.startedAt)!,
      endedAt: toDateOnly(input.endedAt)!,
      startOdometer: input.startOdometer,
      endOdometer: input.endOdometer,
      notes: input.notes ?? null,
    },
    lines: input.jurisdictions.map((line) => ({ jurisdiction: line.jurisdiction, miles: line.miles, taxableMiles: line.taxableMiles ?? line.miles })),
  }
}

/** The unit and the load are the organization's own; the quarter it ends in is open. */
async function checkTrip(tx: Tx, organizationId: string, input: TripInput, storedEnd?: Date) {
  await assertReferences(tx, [
    ownReference(organizationId, 'truck', 'truckId', input.truckId, 'ifta.errors.unknownTruck'),
    ownReference(organizationId, 'load', 'loadId', input.loadId, 'ifta.errors.unknownLoad'),
  ])
  await assertQuartersOpen(tx, organizationId, [storedEnd, input.endedAt])
}

const audited = (trip: { columns: object; lines: object[] }) => ({ ...trip.columns, jurisdictions: trip.lines })

/** The rows of a trip's lines: each keeps its place in the input (ADR 154). */
const positioned = <Line extends object>(lines: readonly Line[]) => lines.map((line, position) => ({ ...line, position }))

export async function createTrip(actor: Actor, input: TripInput): Promise<TripWithLines> {
  assertActorMay(actor, 'create', 'trip')
  return prisma.$transaction((tx) => insertTrip(tx, actor, input))
}

async function insertTrip(tx: Tx, actor: Actor, input: TripInput, importKey?: string) {
  const { organizationId } = actor
  await checkTrip(tx, organizationId, input)
  const data = tripData(input)
  const trip = await tx.trip.create({ data: { ...data.columns, organizationId, importKey, jurisdictions: { create: positioned(data.lines) } }, include })
  await recordAudit(tx, actor, { entity: 'trip', entityId: trip.id, action: 'create', after: { ...audited(data), ...(importKey ? { importKey } : {}) } })
  return trip
}

/** A trip of an ELD file (ADR 126): its input, its key, and the file's lines it was made of. */
export type ImportedTrip = { input: TripInput; importKey: string; firstRow: number; lastRow: number }

/** What an ELD import wrote: how many trips, the keys already stored (skipped), the trips refused (a filed quarter) with their error. */
export type TripImportOutcome = {
  created: number
  duplicates: ImportedTrip[]
  refused: Array<{ trip: ImportedTrip; message: string; params?: Record<string, string | number> }>
}

/**
 * The trips of an ELD file, in the import's transaction (ADR 126): each by the rules of every trip
 * write (TripSchema, the unit the organization's own, its quarter open), a key already stored
 * skipped as a duplicate, a trip of a filed quarter refused (the transaction stays usable: the
 * refusal is the model's, not the database's).
 */
export async function importTrips(tx: Tx, actor: Actor, trips: readonly ImportedTrip[]): Promise<TripImportOutcome> {
  assertActorMay(actor, 'create', 'trip')
  // One import of an organization's trips at a time: a second import of the same file waits and
  // then finds the first one's keys stored (a trip's lines cannot go ON CONFLICT DO NOTHING, as
  // purchases do). Taken before any quarter's lock, as every import takes it.
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`trip-import:${actor.organizationId}`}, 0))`
  const outcome: TripImportOutcome = { created: 0, duplicates: [], refused: [] }
  const keys = trips.map((trip) => trip.importKey)
  const stored = new Set(
    (await tx.trip.findMany({ where: { organizationId: actor.organizationId, importKey: { in: keys } }, select: { importKey: true } })).map(
      (trip) => trip.importKey,
    ),
  )
  for (const trip of trips) {
    if (stored.has(trip.importKey)) {
      outcome.duplicates.push(trip)
      continue
    }
    stored.add(trip.importKey)
    try {
      await insertTrip(tx, actor, TripSchema.parse(trip.input), trip.importKey)
      outcome.created++
    } catch (error) {
      if (!isDomainError(error)) throw error
      outcome.refused.push({ trip, message: error.messageKey, params: error.options.params as Record<string, string | number> | undefined })
    }
  }
  return outcome
}

/**
 * The trip a delivered load's odometer readings make (ADR 125), in the delivery's transaction: the
 * delivery was checked (whoever delivers, a driver too, writes it), the trip's own rules are the
 * API's (TripSchema) and its quarter must be open. Once per load: a load that has a trip keeps it.
 */
export async function createLoadTrip(tx: Tx, actor: Actor, input: TripInput & { loadId: string }) {
  if (await tx.trip.findFirst({ where: { organizationId: actor.organizationId, loadId: input.loadId }, select: { id: true } })) return null
  return insertTrip(tx, actor, TripSchema.parse(input))
}

/** Replaces the whole trip if it is still the version the client read; its lines with it. */
export async function updateTrip(actor: Actor, id: string, input: TripUpdateInput): Promise<TripWithLines> {
  assertActorMay(actor, 'update', 'trip')
  const { organizationId } = actor
  return prisma.$transaction(async (tx) => {
    const before = await lockForUpdate(tx, { table: 'Trip', id, organizationId, version: input.version, notFoundKey: NOT_FOUND }, () =>
      tx.trip.findFirst({ where: { id, organizationId }, include }),
    )
    await checkTrip(tx, organizationId, input, before.endedAt)
    const data = tripData(input)
    assertOneRow(await tx.trip.updateMany({ where: { id, organizationId, version: input.version }, data: { ...data.columns, version: { increment: 1 } } }))
    await tx.tripJurisdiction.deleteMany({ where: { tripId: id } })
    await tx.tripJurisdiction.createMany({ data: positioned(data.lines).map((line) => ({ ...line, tripId: id })) })
    await recordAudit(tx, actor, { entity: 'trip', entityId: id, action: 'update', before: auditedRow(before), after: audited(data) })
    return tx.trip.findUniqueOrThrow({ where: { id }, include })
  })
}

export async function deleteTrip(actor: Actor, id: string, version?: number): Promise<TripWithLines> {
  assertActorMay(actor, 'delete', 'trip')
  const { organizationId } = actor
  return prisma.$transaction(async (tx) => {
    const stored = await lockForUpdate(tx, { table: 'Trip', id, organizationId, version, notFoundKey: NOT_FOUND }, () =>
      tx.trip.findFirst({ where: { id, organizationId }, include }),
    )
    await assertQuartersOpen(tx, organizationId, [stored.endedAt])
    await deleteVersioned(tx.trip, { id, organizationId }, version, NOT_FOUND)
    await recordAudit(tx, actor, { entity: 'trip', entityId: id, action: 'delete', before: auditedRow(stored) })
    return stored
  })
}

function auditedRow({ truck: _truck, jurisdictions, ...columns }: TripWithLines) {
  return { ...columns, jurisdictions }
}

/** The API shape (TripRecordSchema, the OpenAPI's `Trip`). */
export function serializeTrip(trip: TripWithLines): TripRecord {
  return {
    id: trip.id,
    organizationId: trip.organizationId,
    truckId: trip.truckId,
    truck: trip.truck,
    loadId: trip.loadId,
    startedAt: isoDate(trip.startedAt)!,
    endedAt: isoDate(trip.endedAt)!,
    startOdometer: trip.startOdometer,
    endOdometer: trip.endOdometer,
    miles: tripMiles(trip),
    jurisdictions: trip.jurisdictions.map((line) => ({ ...line, jurisdiction: line.jurisdiction as Jurisdiction })),
    notes: trip.notes,
    createdAt: trip.createdAt.toISOString(),
    updatedAt: trip.updatedAt.toISOString(),
    version: trip.version,
  }
}
