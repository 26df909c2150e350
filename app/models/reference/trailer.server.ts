/** Trailers: the domain rules, shared by /dashboard/trailers/* and /api/trailers. */
import type { Trailer } from '~/generated/prisma/client'
import { apiRecord, containsAny, recordStore, sortOrder, toColumns } from '~/models/records/record-store.server'
import { idsByCompactPlate, isoDate, ownReference } from '~/models/records/records.server'
import type { CustomFieldValues } from '~/schemas/api-record'
import { type TrailerInput, type TrailerListQuery, type TrailerRecord, TrailerSchema } from '~/schemas/trailer'
import type { CsvColumn } from '~/utils/csv.server'

export type TrailerWithRelations = Trailer & { company: { id: string; name: string } | null }

const trailers = recordStore<TrailerWithRelations, TrailerInput, TrailerListQuery>({
  entity: 'trailer',
  table: (db) => db.trailer,
  include: { company: { select: { id: true, name: true } } },
  notFound: 'trailers.errors.notFound',
  // Loads point at it (their foreign key is RESTRICT).
  inUse: 'trailers.errors.inUse',
  // CITEXT columns, so case does not matter.
  unique: {
    Trailer_organizationId_unitNumber_key: { field: 'unitNumber', messageKey: 'trailers.errors.duplicateUnit' },
    Trailer_organizationId_vin_key: { field: 'vin', messageKey: 'validation.vinTaken' },
  },
  references: (organizationId, input) => [ownReference(organizationId, 'company', 'companyId', input.companyId, 'trailers.errors.unknownCompany')],
  customFields: 'trailers',
  toData: (input) => toColumns(TrailerSchema, input, ['registrationExpiry', 'inspectionDue']),
  where: async (organizationId, { q, status, type, companyId }) => {
    const plateIds = q ? await idsByCompactPlate('trailer', organizationId, q) : []
    const search = q ? { OR: [...containsAny(q, ['unitNumber', 'vin', 'licensePlate', 'company.name']), { id: { in: plateIds } }] } : {}
    return { organizationId, status, type, companyId, ...search }
  },
  orderBy: (query) =>
    sortOrder(query, {
      nullable: ['lengthFt', 'vin', 'licensePlate', 'registrationExpiry', 'inspectionDue'],
      relations: { company: (dir) => ({ company: { name: dir } }) },
    }),
})

export const listTrailers = trailers.list
export const exportTrailers = trailers.all
export const getTrailer = trailers.get
export const createTrailer = trailers.create
export const updateTrailer = trailers.update
export const deleteTrailer = trailers.remove

/** The API shape (TrailerRecordSchema, the OpenAPI's `Trailer`): dates as YYYY-MM-DD so a client can PUT back what it read. */
export const serializeTrailer = (trailer: TrailerWithRelations): TrailerRecord => ({
  ...apiRecord(trailer, ['registrationExpiry', 'inspectionDue']),
  customFields: trailer.customFields as CustomFieldValues,
})

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
