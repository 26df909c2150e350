/** Trailers: the domain rules, shared by /dashboard/trailers/* and /api/trailers. */
import type { Prisma, Trailer } from '~/generated/prisma/client'
import type { TrailerInput, TrailerListQuery, TrailerUpdate } from '~/schemas/trailer'
import { prisma, type Tx } from '~/utils/db.server'
import type { CsvColumn } from '~/utils/csv.server'
import { DomainError } from '~/utils/errors.server'
import { recordAudit, type Actor } from './audit.server'
import { resolveCustomFields, type CustomFieldValues } from './custom-fields.server'
import {
  assertId,
  assertReferences,
  assertUniqueFields,
  deleteVersioned,
  idsByCompactPlate,
  inBatches,
  isForeignKeyViolation,
  isoDate,
  listPage,
  type Reference,
  requireFound,
  rethrowReferenceGone,
  rethrowUnique,
  toDateOnly,
  type UniqueIndexes,
  updateVersioned,
} from './records.server'

const ENTITY = 'trailer'

export type TrailerWithRelations = Trailer & { company: { id: string; name: string } | null }

const include = { company: { select: { id: true, name: true } } } as const

// Prisma accepts `nulls: 'last'` only on nullable columns.
const NULLABLE_SORTS = new Set<string>(['lengthFt', 'vin', 'licensePlate', 'registrationExpiry', 'inspectionDue'])

function orderBy(sort: TrailerListQuery['sort'], dir: TrailerListQuery['dir']): Prisma.TrailerOrderByWithRelationInput[] {
  const primary: Prisma.TrailerOrderByWithRelationInput =
    sort === 'company' ? { company: { name: dir } } : NULLABLE_SORTS.has(sort) ? { [sort]: { sort: dir, nulls: 'last' } } : { [sort]: dir }
  // A stable tiebreaker keeps pagination from repeating or skipping rows.
  return [primary, { id: 'asc' }]
}

/** The list's search and filters, shared by the page, the API and the CSV export. */
async function listWhere(organizationId: string, query: TrailerListQuery): Promise<Prisma.TrailerWhereInput> {
  const plateIds = query.q ? await idsByCompactPlate('trailer', organizationId, query.q) : []
  return {
    organizationId,
    ...(query.status ? { status: query.status } : {}),
    ...(query.type ? { type: query.type } : {}),
    ...(query.companyId ? { companyId: query.companyId } : {}),
    ...(query.q
      ? {
          OR: [
            { unitNumber: { contains: query.q, mode: 'insensitive' } },
            { vin: { contains: query.q, mode: 'insensitive' } },
            { licensePlate: { contains: query.q, mode: 'insensitive' } },
            { company: { name: { contains: query.q, mode: 'insensitive' } } },
            ...(plateIds.length ? [{ id: { in: plateIds } }] : []),
          ],
        }
      : {}),
  }
}

export async function listTrailers(organizationId: string, query: TrailerListQuery) {
  const where = await listWhere(organizationId, query)
  return listPage(
    query,
    () => prisma.trailer.count({ where }),
    (window) => prisma.trailer.findMany({ where, include, orderBy: orderBy(query.sort, query.dir), ...window }),
  )
}

/** Every trailer the list's search and filters match, in its order (CSV export). */
export async function* exportTrailers(organizationId: string, query: TrailerListQuery) {
  const where = await listWhere(organizationId, query)
  yield* inBatches((window) => prisma.trailer.findMany({ where, include, orderBy: orderBy(query.sort, query.dir), ...window }))
}

/** The export's columns, for the page (translated) and `GET /api/trailers?format=csv` (keys). */
export const TRAILER_CSV_COLUMNS: CsvColumn<TrailerWithRelations>[] = [
  { key: 'unitNumber', label: 'fields.unitNumber', value: (trailer) => trailer.unitNumber },
  { key: 'type', label: 'fields.trailerType', value: (trailer) => trailer.type, valueLabel: (value) => `trailers.type.${value}` },
  { key: 'status', label: 'fields.status', value: (trailer) => trailer.status, valueLabel: (value) => `trailers.status.${value}` },
  { key: 'company', label: 'fields.company', value: (trailer) => trailer.company?.name },
  { key: 'lengthFt', label: 'fields.lengthFt', value: (trailer) => trailer.lengthFt },
  { key: 'vin', label: 'fields.vin', value: (trailer) => trailer.vin },
  { key: 'licensePlate', label: 'fields.licensePlate', value: (trailer) => trailer.licensePlate },
  { key: 'plateState', label: 'fields.plateState', value: (trailer) => trailer.plateState },
  { key: 'registrationExpiry', label: 'fields.registrationExpiry', value: (trailer) => isoDate(trailer.registrationExpiry) },
  { key: 'inspectionDue', label: 'fields.inspectionDue', value: (trailer) => isoDate(trailer.inspectionDue) },
  { key: 'notes', label: 'fields.notes', value: (trailer) => trailer.notes },
  { key: 'id', label: 'fields.id', value: (trailer) => trailer.id },
]

const NOT_FOUND = 'trailers.errors.notFound'

/** Another organization's trailer is simply not found: never its data, never a hint it exists. */
export async function getTrailer(organizationId: string, id: string): Promise<TrailerWithRelations> {
  assertId(id, NOT_FOUND)
  return requireFound(await prisma.trailer.findFirst({ where: { id, organizationId }, include }), NOT_FOUND)
}

function references(organizationId: string, input: TrailerInput): Reference[] {
  return [
    {
      field: 'companyId',
      id: input.companyId,
      find: (tx, id) => tx.company.findFirst({ where: { id, organizationId }, select: { id: true } }),
      messageKey: 'trailers.errors.unknownCompany',
    },
  ]
}

/** The unique indexes of trailers (CITEXT columns, so case does not matter), as field errors. */
const UNIQUE_INDEXES: UniqueIndexes = {
  Trailer_organizationId_unitNumber_key: { field: 'unitNumber', messageKey: 'trailers.errors.duplicateUnit' },
  Trailer_organizationId_vin_key: { field: 'vin', messageKey: 'validation.vinTaken' },
}

/** Everything a write checks before it writes, in the write's transaction. */
async function prepare(tx: Tx, organizationId: string, input: TrailerInput, exceptId?: string, storedCustomFields?: unknown) {
  const [customFields] = await Promise.all([
    resolveCustomFields(tx, organizationId, 'trailers', input.customFields, storedCustomFields),
    assertReferences(tx, references(organizationId, input)),
    assertUniqueFields(tx.trailer, organizationId, exceptId, UNIQUE_INDEXES, input),
  ])
  return toData(input, customFields)
}

function toData(input: TrailerInput, customFields: CustomFieldValues) {
  return {
    unitNumber: input.unitNumber,
    companyId: input.companyId || null,
    type: input.type,
    lengthFt: input.lengthFt ?? null,
    vin: input.vin || null,
    licensePlate: input.licensePlate || null,
    plateState: input.plateState || null,
    status: input.status,
    registrationExpiry: toDateOnly(input.registrationExpiry),
    inspectionDue: toDateOnly(input.inspectionDue),
    notes: input.notes || null,
    customFields,
  }
}

export async function createTrailer(actor: Actor, input: TrailerInput) {
  try {
    return await prisma.$transaction(async (tx) => {
      const data = await prepare(tx, actor.organizationId, input)
      const trailer = await tx.trailer.create({ data: { ...data, organizationId: actor.organizationId }, include })
      await recordAudit(tx, actor, { entity: ENTITY, entityId: trailer.id, action: 'create', after: data })
      return trailer
    })
  } catch (error) {
    rethrowReferenceGone(error, references(actor.organizationId, input))
    rethrowUnique(error, UNIQUE_INDEXES)
  }
}

/** Saves a whole trailer if nobody changed it since `version` was read; otherwise 409, nothing written. */
export async function updateTrailer(actor: Actor, id: string, input: TrailerUpdate) {
  const { organizationId } = actor
  try {
    return await prisma.$transaction(async (tx) => {
      const { before, data } = await updateVersioned(tx.trailer, { id, organizationId }, input.version, NOT_FOUND, (stored) =>
        prepare(tx, organizationId, input, id, stored.customFields),
      )
      await recordAudit(tx, actor, { entity: ENTITY, entityId: id, action: 'update', before, after: { ...before, ...data } })
      return tx.trailer.findUniqueOrThrow({ where: { id }, include })
    })
  } catch (error) {
    rethrowReferenceGone(error, references(organizationId, input))
    rethrowUnique(error, UNIQUE_INDEXES)
  }
}

/**
 * Deletes a trailer if it is still the version the client saw (when one is given); the version
 * is in the DELETE's WHERE, so of many parallel deletes exactly one wins.
 */
export async function deleteTrailer(actor: Actor, id: string, version?: number) {
  try {
    return await prisma.$transaction(async (tx) => {
      const before = await deleteVersioned(tx.trailer, { id, organizationId: actor.organizationId }, version, NOT_FOUND)
      await recordAudit(tx, actor, { entity: ENTITY, entityId: id, action: 'delete', before })
      return before
    })
  } catch (error) {
    // Loads point at it (their foreign key is RESTRICT): kept, and the client is told why.
    if (isForeignKeyViolation(error)) throw new DomainError('in_use', 'trailers.errors.inUse')
    throw error
  }
}

/** The API shape: dates as YYYY-MM-DD so a client can PUT back what it read. */
export function serializeTrailer(trailer: TrailerWithRelations) {
  return {
    id: trailer.id,
    organizationId: trailer.organizationId,
    unitNumber: trailer.unitNumber,
    companyId: trailer.companyId,
    company: trailer.company,
    type: trailer.type,
    lengthFt: trailer.lengthFt,
    vin: trailer.vin,
    licensePlate: trailer.licensePlate,
    plateState: trailer.plateState,
    status: trailer.status,
    registrationExpiry: isoDate(trailer.registrationExpiry),
    inspectionDue: isoDate(trailer.inspectionDue),
    notes: trailer.notes,
    customFields: trailer.customFields,
    createdAt: trailer.createdAt.toISOString(),
    updatedAt: trailer.updatedAt.toISOString(),
    version: trailer.version,
  }
}
export type TrailerDto = ReturnType<typeof serializeTrailer>
