/** Trucks: the domain rules, shared by /dashboard/trucks/* and /api/trucks. */
import type { Truck } from '~/generated/prisma/client'
import { complianceWhere, startOfToday } from '~/models/organization/compliance.server'
import { apiRecord, containsAny, recordStore, sortOrder, toColumns } from '~/models/records/record-store.server'
import { idsByCompactPlate, isoDate, ownReference } from '~/models/records/records.server'
import type { CustomFieldValues } from '~/schemas/api-record'
import { type TruckInput, type TruckListQuery, type TruckRecord, TruckSchema } from '~/schemas/truck'
import type { CsvColumn } from '~/utils/csv.server'
import { prisma } from '~/utils/db.server'

export type TruckWithRelations = Truck & {
  company: { id: string; name: string } | null
  primaryDriver: { id: string; firstName: string; lastName: string } | null
}

const trucks = recordStore<TruckWithRelations, TruckInput, TruckListQuery>({
  entity: 'truck',
  table: (db) => db.truck,
  include: {
    company: { select: { id: true, name: true } },
    primaryDriver: { select: { id: true, firstName: true, lastName: true } },
  },
  notFound: 'trucks.errors.notFound',
  // Loads point at it (their foreign key is RESTRICT).
  inUse: 'trucks.errors.inUse',
  // CITEXT columns, so case does not matter.
  unique: {
    Truck_organizationId_unitNumber_key: { field: 'unitNumber', messageKey: 'trucks.errors.duplicateUnit' },
    Truck_organizationId_vin_key: { field: 'vin', messageKey: 'validation.vinTaken' },
  },
  /** The company and the primary driver (a user with the driver role) are the organization's own. */
  references: (organizationId, input) => [
    ownReference(organizationId, 'company', 'companyId', input.companyId, 'trucks.errors.unknownCompany'),
    ownReference(organizationId, 'driver', 'primaryDriverId', input.primaryDriverId, 'trucks.errors.unknownDriver'),
  ],
  customFields: 'trucks',
  toData: (input) => toColumns(TruckSchema, input, ['registrationExpiry', 'inspectionDue']),
  where: async (organizationId, { q, status, companyId, compliance }) => {
    const plateIds = q ? await idsByCompactPlate('truck', organizationId, q) : []
    const search = q ? [{ OR: [...containsAny(q, ['unitNumber', 'vin', 'licensePlate', 'make', 'model', 'company.name']), { id: { in: plateIds } }] }] : []
    const compliant = compliance ? [complianceWhere(compliance, startOfToday())] : []
    return { organizationId, status, companyId, AND: [...compliant, ...search] }
  },
  orderBy: (query) =>
    sortOrder(query, {
      nullable: ['vin', 'make', 'year', 'licensePlate', 'registrationExpiry', 'inspectionDue', 'odometerMiles'],
      relations: { company: (dir) => ({ company: { name: dir } }) },
    }),
})

export const listTrucks = trucks.list
export const exportTrucks = trucks.all
export const getTruck = trucks.get
export const createTruck = trucks.create
export const updateTruck = trucks.update
export const deleteTruck = trucks.remove

/** The API shape (TruckRecordSchema, the OpenAPI's `Truck`): dates as YYYY-MM-DD so a client can PUT back what it read. */
export const serializeTruck = (truck: TruckWithRelations): TruckRecord => ({
  ...apiRecord(truck, ['registrationExpiry', 'inspectionDue']),
  customFields: truck.customFields as CustomFieldValues,
})

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

export async function countTrucksByStatus(organizationId: string) {
  const rows = await prisma.truck.groupBy({ by: ['status'], where: { organizationId }, _count: { _all: true } })
  return Object.fromEntries(rows.map((row) => [row.status, row._count._all])) as Partial<Record<Truck['status'], number>>
}

/** Every unit as a picker offers it (fuel purchases, trips): id and unit number, in unit order. */
export function listTruckOptions(organizationId: string) {
  return prisma.truck.findMany({ where: { organizationId }, select: { id: true, unitNumber: true }, orderBy: { unitNumber: 'asc' } })
}
