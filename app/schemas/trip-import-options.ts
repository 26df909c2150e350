/**
 * The ELD import's columns and formats (ADR 126): a jurisdiction-miles file of an ELD (Samsara,
 * Motive) or our template, shared by the import page, the API and the list
 * (app/models/fuel-tax/trip-import.server.ts). No zod here: the page shows the choices without the
 * validation library.
 */
import { csvText } from './import-options'

/** The exports a file may come from: an ELD's IFTA report, or our template ("generic"). */
export const ELD_FORMATS = ['generic', 'samsara', 'motive'] as const
export type EldFormat = (typeof ELD_FORMATS)[number]

export function isEldFormat(value: unknown): value is EldFormat {
  return typeof value === 'string' && (ELD_FORMATS as readonly string[]).includes(value)
}

/** The template's columns, in its order, with its example rows (a unit T-101 must exist to import it as it is): one trip through two states. */
export const TRIP_IMPORT_COLUMNS = [
  { key: 'unit', examples: ['T-101', 'T-101'], required: true },
  { key: 'date', examples: ['2026-10-14', '2026-10-14'], required: true },
  { key: 'endDate', examples: ['', '2026-10-15'] },
  { key: 'jurisdiction', examples: ['TX', 'OK'], required: true },
  { key: 'startOdometer', examples: ['412000', '412180'] },
  { key: 'endOdometer', examples: ['412180', '412420'] },
  { key: 'miles', examples: ['180', '240'] },
  { key: 'taxableMiles', examples: ['', ''] },
] as const

export type TripImportColumn = (typeof TRIP_IMPORT_COLUMNS)[number]['key']

/**
 * The headers each ELD's export names our columns with (besides the column keys themselves),
 * compared without regard to case, spaces, `_` or `-`. Other headers are left out; the generic
 * format refuses them (the mapping step matches them).
 */
export const ELD_HEADERS: Record<EldFormat, Partial<Record<TripImportColumn, readonly string[]>>> = {
  generic: {},
  samsara: {
    unit: ['Vehicle', 'Vehicle Name'],
    date: ['Start Time', 'Start Date', 'Date'],
    endDate: ['End Time', 'End Date'],
    jurisdiction: ['Jurisdiction', 'State'],
    startOdometer: ['Start Odometer', 'Start Odometer (mi)'],
    endOdometer: ['End Odometer', 'End Odometer (mi)'],
    miles: ['Distance (mi)', 'Distance', 'Total Distance (mi)', 'Total Miles'],
    taxableMiles: ['Taxable Distance (mi)', 'Taxable Distance', 'Taxable Miles'],
  },
  motive: {
    unit: ['Vehicle', 'Vehicle Number', 'Vehicle #'],
    date: ['Date', 'Start Date'],
    endDate: ['End Date'],
    jurisdiction: ['State', 'Jurisdiction', 'State/Province'],
    startOdometer: ['Odometer Start', 'Start Odometer'],
    endOdometer: ['Odometer End', 'End Odometer'],
    miles: ['Distance', 'Distance (mi)', 'Miles'],
    taxableMiles: ['Taxable Miles', 'Taxable Distance'],
  },
}

/** The ELD import's template: the header and two example rows, one trip. */
export function tripImportTemplate() {
  return csvText(
    TRIP_IMPORT_COLUMNS.map((column) => column.key),
    [0, 1].map((index) => TRIP_IMPORT_COLUMNS.map((column) => column.examples[index])),
  )
}
