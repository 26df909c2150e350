/**
 * The accident register (49 CFR 390.15; ADR 141), shared by the pages under /dashboard/accidents and
 * /api/accidents: reference data on the record store (no workflow), whose driver, truck, trailer and
 * load are the organization's own. The time is the organization's wall clock on forms and never in
 * the future; `recordable` is the policy's (app/policies/accident.ts), never stored. Its documents
 * are accident-document.server.ts's, the 3-year report accident-register.server.ts's.
 */
import { href } from 'react-router'

import type { Prisma } from '~/generated/prisma/client'
import { type Actor, recordAudit } from '~/models/audit/audit.server'
import { removeStoredFiles } from '~/models/loads/load-document.server'
import { organizationTimeZone } from '~/models/organization/organization.server'
import { apiRecord, containsAny, recordStore, sortOrder } from '~/models/records/record-store.server'
import { assertActorMay, assertId, deleteVersioned, ownReference, requireFound } from '~/models/records/records.server'
import { isFutureAccident, isRecordable } from '~/policies/accident'
import type { AccidentDocumentRecord, AccidentInput, AccidentListQuery, AccidentRecord, AccidentUpdate } from '~/schemas/accident'
import type { RecordableFilter } from '~/schemas/accident-options'
import type { Jurisdiction } from '~/schemas/ifta-options'
import type { CsvColumn } from '~/utils/csv.server'
import { prisma } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'
import { nextDay, zonedDayStart, zonedInstant, zonedWallClock } from '~/utils/time'

export const ACCIDENT_NOT_FOUND = 'accidents.errors.notFound'

export const accidentInclude = {
  driver: { select: { id: true, firstName: true, lastName: true } },
  truck: { select: { id: true, unitNumber: true } },
  trailer: { select: { id: true, unitNumber: true } },
  load: { select: { id: true, loadNumber: true } },
  documents: {
    orderBy: [{ uploadedAt: 'asc' }, { id: 'asc' }],
    select: { id: true, accidentId: true, fileName: true, contentType: true, sizeBytes: true, uploadedAt: true },
  },
} satisfies Prisma.AccidentInclude
export type AccidentRow = Prisma.AccidentGetPayload<{ include: typeof accidentInclude }>

/** What the store writes: the input with its time resolved to an instant (and, on create, who recorded it). */
type AccidentColumns = Omit<AccidentInput, 'occurredAt'> & { occurredAt: Date; createdById?: string }

/** Recordable accidents (or the others) as a condition on the row: the policy's rule, in SQL. */
export function recordableWhere(filter: RecordableFilter): Prisma.AccidentWhereInput {
  const recordable: Prisma.AccidentWhereInput = { OR: [{ fatalities: { gt: 0 } }, { injuries: { gt: 0 } }, { towAway: true }] }
  return filter === 'yes' ? recordable : { NOT: recordable }
}

/** The days `from` to `to` (both included) on the organization's calendar, as a condition on `occurredAt`. */
export function occurredBetween(from: string | undefined, to: string | undefined, timeZone: string): Prisma.DateTimeFilter | undefined {
  if (!from && !to) return undefined
  return {
    ...(from ? { gte: zonedDayStart(from, timeZone) } : {}),
    ...(to ? { lt: zonedDayStart(nextDay(to), timeZone) } : {}),
  }
}

const accidents = recordStore<AccidentRow, AccidentColumns, AccidentListQuery>({
  entity: 'accident',
  table: (db) => db.accident,
  include: accidentInclude,
  // The documents are a to-many with their own order: a second query, not a JSON aggregate per row (ADR 066).
  relationLoadStrategy: 'query',
  notFound: ACCIDENT_NOT_FOUND,
  inUse: ACCIDENT_NOT_FOUND,
  unique: {},
  // Another organization's driver, unit or load is the field's "unknown" error (a user who is not a driver too).
  references: (organizationId, input) => [
    ownReference(organizationId, 'driver', 'driverId', input.driverId, 'accidents.errors.unknownDriver'),
    ownReference(organizationId, 'truck', 'truckId', input.truckId, 'accidents.errors.unknownTruck'),
    ownReference(organizationId, 'trailer', 'trailerId', input.trailerId, 'accidents.errors.unknownTrailer'),
    ownReference(organizationId, 'load', 'loadId', input.loadId, 'accidents.errors.unknownLoad'),
  ],
  toData: (input) => ({
    occurredAt: input.occurredAt,
    driverId: input.driverId,
    truckId: input.truckId,
    trailerId: input.trailerId || null,
    loadId: input.loadId || null,
    city: input.city,
    state: input.state,
    fatalities: input.fatalities,
    injuries: input.injuries,
    towAway: input.towAway,
    hazmatReleased: input.hazmatReleased,
    reportNumber: input.reportNumber ?? null,
    notes: input.notes ?? null,
    // Set on create only: an update leaves who recorded it alone.
    createdById: input.createdById,
  }),
  where: async (organizationId, { q, from, to, driverId, truckId, recordable }) => {
    const occurredAt = from || to ? occurredBetween(from, to, await organizationTimeZone(organizationId)) : undefined
    const and: Prisma.AccidentWhereInput[] = []
    if (recordable) and.push(recordableWhere(recordable))
    if (q) and.push({ OR: containsAny(q, ['city', 'reportNumber', 'driver.firstName', 'driver.lastName', 'truck.unitNumber', 'load.loadNumber']) })
    return { organizationId, driverId, truckId, occurredAt, ...(and.length ? { AND: and } : {}) }
  },
  orderBy: (query) =>
    sortOrder(query, {
      relations: { driver: (dir) => [{ driver: { lastName: dir } }, { driver: { firstName: dir } }] },
    }).flat(),
})

export const listAccidents = accidents.list
export const exportAccidents = accidents.all
export const getAccident = accidents.get

/** The input's time as an instant (the organization's wall clock, or the instant an API client sent); never in the future. */
async function resolveTime(organizationId: string, occurredAt: string, now: Date) {
  const instant = zonedInstant(occurredAt, await organizationTimeZone(organizationId))
  if (isFutureAccident(instant, now)) throw new DomainError('validation_failed', 'validation.failed', { fields: { occurredAt: ['accidents.errors.future'] } })
  return instant
}

/** Records an accident (who recorded it, audited); a time in the future, a negative count or another organization's reference writes nothing. */
export async function createAccident(actor: Actor, input: AccidentInput, now = new Date()): Promise<AccidentRow> {
  assertActorMay(actor, 'create', 'accident')
  const occurredAt = await resolveTime(actor.organizationId, input.occurredAt, now)
  return accidents.create(actor, { ...input, occurredAt, createdById: actor.userId ?? undefined })
}

/** Saves the whole accident at the version read (409 otherwise), by the same rules. */
export async function updateAccident(actor: Actor, id: string, input: AccidentUpdate, now = new Date()): Promise<AccidentRow> {
  assertActorMay(actor, 'update', 'accident')
  const occurredAt = await resolveTime(actor.organizationId, input.occurredAt, now)
  return accidents.update(actor, id, { ...input, occurredAt })
}

/**
 * Deletes an accident recorded by mistake at the version read (409 otherwise), its documents with
 * it: the row under a lock (an upload meanwhile waits, then finds it gone), audited, then the files.
 */
export async function deleteAccident(actor: Actor, id: string, version?: number): Promise<AccidentRow> {
  assertActorMay(actor, 'delete', 'accident')
  assertId(id, ACCIDENT_NOT_FOUND)
  const { organizationId } = actor
  const { before, keys } = await prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT "id" FROM "Accident" WHERE "id" = ${id} AND "organizationId" = ${organizationId} FOR UPDATE`
    const stored = requireFound(await tx.accident.findFirst({ where: { id, organizationId }, include: accidentInclude }), ACCIDENT_NOT_FOUND)
    // Read before the delete, which takes the documents' rows with it (ON DELETE CASCADE).
    const documents = await tx.accidentDocument.findMany({ where: { accidentId: id }, select: { storageKey: true } })
    await deleteVersioned(tx.accident, { id, organizationId }, version, ACCIDENT_NOT_FOUND)
    await recordAudit(tx, actor, {
      entity: 'accident',
      entityId: id,
      action: 'delete',
      before: { occurredAt: stored.occurredAt, driverId: stored.driverId, truckId: stored.truckId, city: stored.city, state: stored.state },
    })
    return { before: stored, keys: documents.map((document) => document.storageKey) }
  })
  await removeStoredFiles(keys)
  return before
}

/** A person's name as lists print it. */
export function personName(person: { firstName: string; lastName: string }) {
  return `${person.firstName} ${person.lastName}`.trim()
}

/** The API shape of a document; `url` reads it with the same key or session. */
export function serializeAccidentDocument(document: AccidentRow['documents'][number]): AccidentDocumentRecord {
  return {
    id: document.id,
    fileName: document.fileName,
    contentType: document.contentType,
    sizeBytes: document.sizeBytes,
    uploadedAt: document.uploadedAt.toISOString(),
    url: href('/api/accidents/:id/documents/:documentId', { id: document.accidentId, documentId: document.id }),
  }
}

/** The API shape (AccidentRecordSchema, the OpenAPI's `Accident`), with `recordable` derived. */
export function serializeAccident(accident: AccidentRow): AccidentRecord {
  const { documents, createdById: _createdBy, ...rest } = accident
  return {
    ...apiRecord(rest),
    state: accident.state as Jurisdiction,
    recordable: isRecordable(accident),
    documents: documents.map(serializeAccidentDocument),
  }
}

/** The editor's values of an accident: its time on the organization's wall clock, as a datetime-local input shows it. */
export function accidentFormValues(record: AccidentRecord, timeZone: string) {
  return { occurredAt: zonedWallClock(new Date(record.occurredAt), timeZone) }
}

/** The organization's drivers by name (the editor's choice and the list's filter). */
export async function accidentDrivers(organizationId: string) {
  const drivers = await prisma.user.findMany({
    where: { organizationId, role: 'driver' },
    select: { id: true, firstName: true, lastName: true },
    orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }],
    take: 500,
  })
  return drivers.map((driver) => ({ id: driver.id, name: personName(driver) }))
}

/** What the editor offers: the organization's drivers, trucks, trailers, and the load it names (with its unit and driver). */
export async function accidentFormOptions(organizationId: string, keep: { loadId?: string | null } = {}) {
  const [drivers, trucks, trailers, load] = await Promise.all([
    accidentDrivers(organizationId),
    prisma.truck.findMany({ where: { organizationId }, select: { id: true, unitNumber: true }, orderBy: { unitNumber: 'asc' }, take: 500 }),
    prisma.trailer.findMany({ where: { organizationId }, select: { id: true, unitNumber: true }, orderBy: { unitNumber: 'asc' }, take: 500 }),
    keep.loadId && /^[A-Za-z0-9_-]{1,64}$/.test(keep.loadId)
      ? prisma.load.findFirst({
          where: { id: keep.loadId, organizationId },
          select: { id: true, loadNumber: true, driverId: true, truckId: true, trailerId: true },
        })
      : null,
  ])
  return { drivers, trucks, trailers, load }
}

/** The export's columns, for the page (translated) and `GET /api/accidents?format=csv` (keys). */
export const ACCIDENT_CSV_COLUMNS: CsvColumn<AccidentRow>[] = [
  { key: 'occurredAt', label: 'accidents.fields.occurredAt', value: (accident) => accident.occurredAt.toISOString() },
  { key: 'city', label: 'accidents.fields.city', value: (accident) => accident.city },
  { key: 'state', label: 'accidents.fields.state', value: (accident) => accident.state },
  { key: 'driver', label: 'accidents.fields.driver', value: (accident) => personName(accident.driver) },
  { key: 'truck', label: 'accidents.fields.truck', value: (accident) => accident.truck.unitNumber },
  { key: 'trailer', label: 'accidents.fields.trailer', value: (accident) => accident.trailer?.unitNumber },
  { key: 'load', label: 'accidents.fields.load', value: (accident) => accident.load?.loadNumber },
  { key: 'fatalities', label: 'accidents.fields.fatalities', value: (accident) => accident.fatalities },
  { key: 'injuries', label: 'accidents.fields.injuries', value: (accident) => accident.injuries },
  { key: 'towAway', label: 'accidents.fields.towAway', value: (accident) => accident.towAway },
  { key: 'hazmatReleased', label: 'accidents.fields.hazmatReleased', value: (accident) => accident.hazmatReleased },
  { key: 'recordable', label: 'accidents.fields.recordable', value: (accident) => isRecordable(accident) },
  { key: 'reportNumber', label: 'accidents.fields.reportNumber', value: (accident) => accident.reportNumber },
  { key: 'notes', label: 'fields.notes', value: (accident) => accident.notes },
  { key: 'id', label: 'fields.id', value: (accident) => accident.id },
]
