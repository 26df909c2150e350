/**
 * The CSV format of a load import (/dashboard/loads/import, `POST /api/loads/import`): one row
 * per load with its first pickup and last delivery. Headers are matched without regard to case,
 * spaces or underscores; columns other than these are refused (a typo would otherwise lose data).
 * No zod here: the import page shows the columns without the validation library.
 */
import { csvText, IMPORT_MAX_ERRORS, IMPORT_MAX_ROWS } from './import-options'

export const LOAD_IMPORT_COLUMNS = [
  'broker',
  'brokerReference',
  'company',
  'status',
  'equipmentType',
  'commodity',
  'weightLb',
  'linehaul',
  'loadedMiles',
  'emptyMiles',
  'pickupFacility',
  'pickupAddress',
  'pickupCity',
  'pickupState',
  'pickupPostalCode',
  'pickupCountry',
  'pickupStart',
  'pickupEnd',
  'deliveryFacility',
  'deliveryAddress',
  'deliveryCity',
  'deliveryState',
  'deliveryPostalCode',
  'deliveryCountry',
  'deliveryStart',
  'deliveryEnd',
  'driver',
  'truck',
  'trailer',
  'notes',
] as const
export type LoadImportColumn = (typeof LOAD_IMPORT_COLUMNS)[number]

/** Columns every file must have. */
export const LOAD_IMPORT_REQUIRED = ['broker', 'pickupCity', 'deliveryCity'] as const satisfies readonly LoadImportColumn[]

/** A load is imported as a draft or booked; the rest of its life happens in the app. */
export const LOAD_IMPORT_STATUSES = ['draft', 'booked'] as const

/** The bounds every import shares (import-options.ts), as the load import's API documents them. */
export const LOAD_IMPORT_MAX_ROWS = IMPORT_MAX_ROWS.loads
export const LOAD_IMPORT_MAX_ERRORS = IMPORT_MAX_ERRORS

/** The downloadable template: the header and one example row. */
export function loadImportTemplate() {
  const example: Record<LoadImportColumn, string> = {
    broker: 'Prairie Line Logistics',
    brokerReference: 'PL-4471',
    company: '',
    status: 'booked',
    equipmentType: 'reefer',
    commodity: 'Frozen poultry',
    weightLb: '38000',
    linehaul: '2450.00',
    loadedMiles: '812',
    emptyMiles: '40',
    pickupFacility: 'Trinity Cold Storage',
    pickupAddress: '2400 Irving Blvd',
    pickupCity: 'Dallas',
    pickupState: 'TX',
    pickupPostalCode: '75207',
    pickupCountry: 'US',
    pickupStart: '2026-12-01T08:00',
    pickupEnd: '2026-12-01T10:00',
    deliveryFacility: 'Delta Grocers DC',
    deliveryAddress: '3900 Lamar Ave',
    deliveryCity: 'Memphis',
    deliveryState: 'TN',
    deliveryPostalCode: '38118',
    deliveryCountry: 'US',
    deliveryStart: '2026-12-02T14:00',
    deliveryEnd: '',
    driver: '',
    truck: '',
    trailer: '',
    notes: 'Keep at -10 °F',
  }
  return csvText(LOAD_IMPORT_COLUMNS, [LOAD_IMPORT_COLUMNS.map((column) => example[column])])
}
