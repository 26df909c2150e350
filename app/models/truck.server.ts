/** Trucks: the domain rules, shared by /dashboard/trucks/* and /api/trucks. */
import type { Prisma, Truck } from '~/generated/prisma/client'
import type { TruckInput, TruckListQuery, TruckUpdate } from '~/schemas/truck'
import { prisma, type Tx } from '~/utils/db.server'
import type { CsvColumn } from '~/utils/csv.server'
import { DomainError } from '~/utils/errors.server'
import { recordAudit, type Actor } from './audit.server'
import { complianceWhere, startOfToday } from './compliance.server'
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

const ENTITY = 'truck'

export type TruckWithRelations = Truck & {
  company: { id: string; name: string } | null
  primaryDriver: { id: string; firstName: string; lastName: string } | null
}

const include = {
  company: { select: { id: true, name: true } },
  primaryDriver: { select: { id: true, firstName: true, lastName: true } },
} as const

// Prisma accepts `nulls: 'last'` only on nullable columns.
const NULLABLE_SORTS = new Set<string>(['vin', 'make', 'year', 'licensePlate', 'registrationExpiry', 'inspectionDue', 'odometerMiles'])

function orderBy(sort: TruckListQuery['sort'], dir: TruckListQuery['dir']): Prisma.TruckOrderByWithRelationInput[] {
  const primary: Prisma.TruckOrderByWithRelationInput =
    sort === 'company' ? { company: { name: dir } } : NULLABLE_SORTS.has(sort) ? { [sort]: { sort: dir, nulls: 'last' } } : { [sort]: dir }
  // A stable tiebreaker keeps pagination from repeating or skipping rows.
  return [primary, { id: 'asc' }]
}

/** The list's search and filters, shared by the page, the API and the CSV export. */
async function listWhere(organizationId: string, query: TruckListQuery, today: Date): Promise<Prisma.TruckWhereInput> {
  const plateIds = query.q ? await idsByCompactPlate('truck', organizationId, query.q) : []
  const conditions: Prisma.TruckWhereInput[] = []
  if (query.compliance) conditions.push(complianceWhere(query.compliance, today))
  if (query.q) {
    conditions.push({
      OR: [
        { unitNumber: { contains: query.q, mode: 'insensitive' } },
        { vin: { contains: query.q, mode: 'insensitive' } },
        { licensePlate: { contains: query.q, mode: 'insensitive' } },
        { make: { contains: query.q, mode: 'insensitive' } },
        { model: { contains: query.q, mode: 'insensitive' } },
        { company: { name: { contains: query.q, mode: 'insensitive' } } },
        ...(plateIds.length ? [{ id: { in: plateIds } }] : []),
      ],
    })
  }
  return {
    organizationId,
    ...(query.status ? { status: query.status } : {}),
    ...(query.companyId ? { companyId: query.companyId } : {}),
    ...(conditions.length ? { AND: conditions } : {}),
  }
}

export async function listTrucks(organizationId: string, query: TruckListQuery, today = startOfToday()) {
  const where = await listWhere(organizationId, query, today)
  return listPage(
    query,
    () => prisma.truck.count({ where }),
    (window) => prisma.truck.findMany({ where, include, orderBy: orderBy(query.sort, query.dir), ...window }),
  )
}

/** Every truck the list's search and filters match, in its order (CSV export). */
export async function* exportTrucks(organizationId: string, query: TruckListQuery, today = startOfToday()) {
  const where = await listWhere(organizationId, query, today)
  yield* inBatches((window) => prisma.truck.findMany({ where, include, orderBy: orderBy(query.sort, query.dir), ...window }))
}

/** The export's columns, for the page (translated) and `GET /api/trucks?format=csv` (keys). */
export const TRUCK_CSV_COLUMNS: CsvColumn<TruckWithRelations>[] = [
  { key: 'unitNumber', label: 'fields.unitNumber', value: (truck) => truck.unitNumber },
  { key: 'status', label: 'fields.status', value: (truck) => truck.status, valueLabel: (value) => `trucks.status.${value}` },
  { key: 'company', label: 'fields.company', value: (truck) => truck.company?.name },
  { key: 'vin', label: 'fields.vin', value: (truck) => truck.vin },
  { key: 'make', label: 'fields.make', value: (truck) => truck.make },
  { key: 'model', label: 'fields.model', value: (truck) => truck.model },
  { key: 'year', label: 'fields.year', value: (truck) => truck.year },
  { key: 'licensePlate', label: 'fields.licensePlate', value: (truck) => truck.licensePlate },
  { key: 'plateState', label: 'fields.plateState', value: (truck) => truck.plateState },
  { key: 'ownership', label: 'fields.ownership', value: (truck) => truck.ownership, valueLabel: (value) => `trucks.ownership.${value}` },
  { key: 'registrationExpiry', label: 'fields.registrationExpiry', value: (truck) => isoDate(truck.registrationExpiry) },
  { key: 'inspectionDue', label: 'fields.inspectionDue', value: (truck) => isoDate(truck.inspectionDue) },
  { key: 'odometerMiles', label: 'fields.odometerMiles', value: (truck) => truck.odometerMiles },
  {
    key: 'primaryDriver',
    label: 'fields.primaryDriver',
    value: (truck) => (truck.primaryDriver ? `${truck.primaryDriver.firstName} ${truck.primaryDriver.lastName}` : null),
  },
  { key: 'notes', label: 'fields.notes', value: (truck) => truck.notes },
  { key: 'id', label: 'fields.id', value: (truck) => truck.id },
]

/** The dashboard's compliance counts, by the same rules as the list filter. */
export async function countTrucksByCompliance(organizationId: string, today = startOfToday()) {
  const [overdue, dueSoon] = await Promise.all([
    prisma.truck.count({ where: { organizationId, ...complianceWhere('overdue', today) } }),
    prisma.truck.count({ where: { organizationId, ...complianceWhere('due_soon', today) } }),
  ])
  return { overdue, due_soon: dueSoon }
}

const NOT_FOUND = 'trucks.errors.notFound'

/** Another organization's truck is simply not found: never its data, never a hint it exists. */
export async function getTruck(organizationId: string, id: string): Promise<TruckWithRelations> {
  assertId(id, NOT_FOUND)
  return requireFound(await prisma.truck.findFirst({ where: { id, organizationId }, include }), NOT_FOUND)
}

/** The company and the primary driver (a user with the driver role) are the organization's own. */
function references(organizationId: string, input: TruckInput): Reference[] {
  return [
    {
      field: 'companyId',
      id: input.companyId,
      find: (tx, id) => tx.company.findFirst({ where: { id, organizationId }, select: { id: true } }),
      messageKey: 'trucks.errors.unknownCompany',
    },
    {
      field: 'primaryDriverId',
      id: input.primaryDriverId,
      find: (tx, id) => tx.user.findFirst({ where: { id, organizationId, role: 'driver' }, select: { id: true } }),
      messageKey: 'trucks.errors.unknownDriver',
    },
  ]
}

/** The unique indexes of trucks, as the field errors their violation means. The first is the fallback. */
const UNIQUE_INDEXES: UniqueIndexes = {
  Truck_organizationId_unitNumber_key: { field: 'unitNumber', messageKey: 'trucks.errors.duplicateUnit' },
  Truck_organizationId_vin_key: { field: 'vin', messageKey: 'validation.vinTaken' },
}

/** Everything a write checks before it writes, in the write's transaction. */
async function prepare(tx: Tx, organizationId: string, input: TruckInput, exceptId?: string, storedCustomFields?: unknown) {
  const [customFields] = await Promise.all([
    resolveCustomFields(tx, organizationId, 'trucks', input.customFields, storedCustomFields),
    assertReferences(tx, references(organizationId, input)),
    assertUniqueFields(tx.truck, organizationId, exceptId, UNIQUE_INDEXES, input),
  ])
  return toData(input, customFields)
}

function toData(input: TruckInput, customFields: CustomFieldValues) {
  return {
    unitNumber: input.unitNumber,
    companyId: input.companyId || null,
    vin: input.vin || null,
    make: input.make || null,
    model: input.model || null,
    year: input.year ?? null,
    licensePlate: input.licensePlate || null,
    plateState: input.plateState || null,
    status: input.status,
    ownership: input.ownership,
    registrationExpiry: toDateOnly(input.registrationExpiry),
    inspectionDue: toDateOnly(input.inspectionDue),
    odometerMiles: input.odometerMiles ?? null,
    primaryDriverId: input.primaryDriverId || null,
    notes: input.notes || null,
    customFields,
  }
}

export async function createTruck(actor: Actor, input: TruckInput) {
  try {
    return await prisma.$transaction(async (tx) => {
      const data = await prepare(tx, actor.organizationId, input)
      const truck = await tx.truck.create({ data: { ...data, organizationId: actor.organizationId }, include })
      await recordAudit(tx, actor, { entity: ENTITY, entityId: truck.id, action: 'create', after: data })
      return truck
    })
  } catch (error) {
    rethrowReferenceGone(error, references(actor.organizationId, input))
    rethrowUnique(error, UNIQUE_INDEXES)
  }
}

/**
 * Saves a whole truck if nobody changed it since `version` was read; otherwise a 409 conflict
 * and nothing is written, so the other edit is not lost.
 */
export async function updateTruck(actor: Actor, id: string, input: TruckUpdate) {
  const { organizationId } = actor
  try {
    return await prisma.$transaction(async (tx) => {
      const { before, data } = await updateVersioned(tx.truck, { id, organizationId }, input.version, NOT_FOUND, (stored) =>
        prepare(tx, organizationId, input, id, stored.customFields),
      )
      await recordAudit(tx, actor, { entity: ENTITY, entityId: id, action: 'update', before, after: { ...before, ...data } })
      return tx.truck.findUniqueOrThrow({ where: { id }, include })
    })
  } catch (error) {
    rethrowReferenceGone(error, references(organizationId, input))
    rethrowUnique(error, UNIQUE_INDEXES)
  }
}

/**
 * Deletes a truck if it is still the version the client saw (when one is given). The version is
 * part of the DELETE's WHERE clause, so a racing update or delete cannot slip in between a check
 * and the write: exactly one of many parallel deletes wins, the others get 404 or 409.
 */
export async function deleteTruck(actor: Actor, id: string, version?: number) {
  try {
    return await prisma.$transaction(async (tx) => {
      const before = await deleteVersioned(tx.truck, { id, organizationId: actor.organizationId }, version, NOT_FOUND)
      await recordAudit(tx, actor, { entity: ENTITY, entityId: id, action: 'delete', before })
      return before
    })
  } catch (error) {
    // Loads point at it (their foreign key is RESTRICT): kept, and the client is told why.
    if (isForeignKeyViolation(error)) throw new DomainError('in_use', 'trucks.errors.inUse')
    throw error
  }
}

export async function countTrucksByStatus(organizationId: string) {
  const rows = await prisma.truck.groupBy({ by: ['status'], where: { organizationId }, _count: { _all: true } })
  return Object.fromEntries(rows.map((row) => [row.status, row._count._all])) as Partial<Record<Truck['status'], number>>
}

/** The API shape: dates as YYYY-MM-DD so a client can PUT back what it read. */
export function serializeTruck(truck: TruckWithRelations) {
  return {
    id: truck.id,
    organizationId: truck.organizationId,
    unitNumber: truck.unitNumber,
    companyId: truck.companyId,
    company: truck.company,
    vin: truck.vin,
    make: truck.make,
    model: truck.model,
    year: truck.year,
    licensePlate: truck.licensePlate,
    plateState: truck.plateState,
    status: truck.status,
    ownership: truck.ownership,
    registrationExpiry: isoDate(truck.registrationExpiry),
    inspectionDue: isoDate(truck.inspectionDue),
    odometerMiles: truck.odometerMiles,
    primaryDriverId: truck.primaryDriverId,
    primaryDriver: truck.primaryDriver,
    notes: truck.notes,
    customFields: truck.customFields,
    createdAt: truck.createdAt.toISOString(),
    updatedAt: truck.updatedAt.toISOString(),
    version: truck.version,
  }
}
export type TruckDto = ReturnType<typeof serializeTruck>
