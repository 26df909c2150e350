/**
 * The lists a CSV file can fill (ADR 108) and the bounds of every import, shared by the pages, the
 * API and the pipeline (app/models/records/csv-import.server.ts). No zod here: the import page shows the
 * columns without the validation library. The load import's columns are in load-import-options.ts.
 */
import { href } from 'react-router'

import { BROKER_STATUSES, CUSTOMER_TYPES, PAYMENT_TERMS } from './broker-options'
import { COMPANY_KINDS, COMPANY_STATUSES } from './company-options'
import { PRODUCT_STATUSES } from './product-options'
import { TRAILER_STATUSES, TRAILER_TYPES } from './trailer-options'
import { TRUCK_OWNERSHIPS, TRUCK_STATUSES } from './truck-options'
import { CDL_CLASSES, PAY_METHODS, STATEMENT_LANGUAGES } from './user-options'

export const IMPORT_LISTS = ['loads', 'trucks', 'trailers', 'brokers', 'companies', 'products', 'drivers', 'fuelPurchases', 'trips'] as const
export type ImportListName = (typeof IMPORT_LISTS)[number]
/** The lists whose rows go through their editor's schema and model (record-import.server.ts); fuel purchases have their own list (fuel-import.server.ts), trips theirs (trip-import.server.ts). */
export type RecordImportName = Exclude<ImportListName, 'loads' | 'fuelPurchases' | 'trips'>

/** The most bytes of a file, before anything reads it (the page's action and the API check the size first). */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024
/** The most columns a header may have: more is no list of ours, and is refused before any row is read. */
export const IMPORT_MAX_COLUMNS = 100
/** The longest cell: longer is refused at its row and column before any validation (the longest field, notes, takes 4,000). */
export const IMPORT_MAX_CELL = 5_000
/** The longest record the parser holds (all its cells and quotes): a file that is one endless quoted cell is refused, not read. */
export const IMPORT_MAX_RECORD_BYTES = 128 * 1024
/** A page shows the first errors (the API returns the first IMPORT_MAX_ERRORS). */
export const IMPORT_ERRORS_SHOWN = 200
/** The errors kept of one file (all are counted): a file wrong in every cell must not fill the server's memory. */
export const IMPORT_MAX_ERRORS = 1_000

/**
 * Rows a file may have. Loads are written set-based (ADR 045); the other lists through their
 * editor's model function, a handful of statements a row, in one transaction: 2,000 rows is a
 * large fleet or customer list and stays within the transaction's two minutes. A driver's account
 * is a password hash (argon2) each, so drivers come 500 at a time. Fuel purchases are written
 * set-based like loads (a card's monthly export of a large fleet is thousands of rows).
 */
export const IMPORT_MAX_ROWS: Record<ImportListName, number> = {
  loads: 20_000,
  trucks: 2_000,
  trailers: 2_000,
  brokers: 2_000,
  companies: 2_000,
  products: 2_000,
  drivers: 500,
  fuelPurchases: 20_000,
  // An ELD's quarter of a large fleet; a trip is a handful of statements (the trip model's write).
  trips: 5_000,
}

/** How a column's cell becomes the editor's form value. */
export type ImportColumnKind =
  /** As typed. */
  | 'text'
  /** One of the editor's choices (`values`), whatever its case or spaces (`Out of service` → `out_of_service`). */
  | 'choice'
  /** A checkbox: yes/true/1/on ticks it, no/false/0/off or empty leaves it. */
  | 'flag'
  /** A name or an email of another list, looked up once per file (the editor's picker). */
  | 'company'
  | 'driver'

export type ImportColumn = {
  /** The column's header in the template (matched without regard to case, spaces, `_` or `-`). */
  key: string
  /** The editor's form field it fills (`driverProfile.licenseNumber`); the key when absent. */
  field?: string
  kind?: ImportColumnKind
  required?: boolean
  /** A choice column's values, as the editor stores them. */
  values?: readonly string[]
  /** The template's example value. */
  example: string
}

const text = (key: string, example = '', field?: string): ImportColumn => ({ key, example, ...(field ? { field } : {}) })
const choice = (key: string, values: readonly string[], example: string, field?: string): ImportColumn => ({
  key,
  example,
  kind: 'choice',
  values,
  ...(field ? { field } : {}),
})
const required = (key: string, example: string): ImportColumn => ({ key, example, required: true })

const address = [text('addressLine1'), text('addressLine2'), text('city'), text('state'), text('postalCode'), text('country')]

/** The columns of each list other than loads, in the template's order. */
export const RECORD_IMPORT_COLUMNS: Record<RecordImportName, readonly ImportColumn[]> = {
  trucks: [
    required('unitNumber', 'T-101'),
    choice('status', TRUCK_STATUSES, 'available'),
    choice('ownership', TRUCK_OWNERSHIPS, 'company'),
    { key: 'company', field: 'companyId', kind: 'company', example: '' },
    text('vin', ''),
    text('make', 'Freightliner'),
    text('model', 'Cascadia'),
    text('year', '2022'),
    text('licensePlate', 'TX4821'),
    text('plateState', 'TX'),
    text('registrationExpiry', '2027-03-31'),
    text('inspectionDue', '2027-01-15'),
    text('odometerMiles', '412000'),
    { key: 'primaryDriver', field: 'primaryDriverId', kind: 'driver', example: '' },
    text('notes'),
  ],
  trailers: [
    required('unitNumber', 'TR-201'),
    choice('type', TRAILER_TYPES, 'reefer'),
    choice('status', TRAILER_STATUSES, 'available'),
    { key: 'company', field: 'companyId', kind: 'company', example: '' },
    text('lengthFt', '53'),
    text('vin', ''),
    text('licensePlate', 'TX9J221'),
    text('plateState', 'TX'),
    text('registrationExpiry', '2027-03-31'),
    text('inspectionDue', '2027-01-15'),
    text('notes'),
  ],
  brokers: [
    required('name', 'Prairie Line Logistics'),
    choice('type', CUSTOMER_TYPES, 'broker'),
    text('mcNumber', 'MC-123456'),
    text('dotNumber', ''),
    text('contactName', 'Dana Whitfield'),
    text('email', 'dispatch@prairieline.test'),
    text('phone', '+1 214 555 0142'),
    text('billingEmail', 'ap@prairieline.test'),
    ...address.map((column) => ({ ...column, example: column.key === 'city' ? 'Dallas' : column.key === 'state' ? 'TX' : '' })),
    choice('paymentTerms', PAYMENT_TERMS, 'net_30'),
    text('creditLimit', '25000.00'),
    { key: 'sendPacket', kind: 'flag', example: 'no' },
    choice('status', BROKER_STATUSES, 'active'),
    text('notes'),
  ],
  companies: [
    required('name', 'Lone Star Haulers'),
    text('legalName', 'Lone Star Haulers LLC'),
    choice('kind', COMPANY_KINDS, 'own_fleet'),
    text('mcNumber', ''),
    text('dotNumber', ''),
    text('scac', 'LSHL'),
    text('email', 'office@lonestar.test'),
    text('phone', '+1 214 555 0199'),
    text('addressLine1', '1200 Commerce St'),
    text('addressLine2'),
    text('city', 'Dallas'),
    text('state', 'TX'),
    text('postalCode', '75202'),
    text('country', 'US'),
    text('factoringName'),
    text('factoringRemitTo'),
    choice('status', COMPANY_STATUSES, 'active'),
    text('notes'),
  ],
  products: [
    required('name', 'ELD tablet mount'),
    required('sku', 'ELD-100'),
    { key: 'price', required: true, example: '49.90' },
    text('category', 'Cab gear'),
    text('stock', '25'),
    choice('status', PRODUCT_STATUSES, 'active'),
    text('colors', 'Black, Grey'),
    text('description'),
  ],
  drivers: [
    required('email', 'sam.ortiz@example.test'),
    required('firstName', 'Sam'),
    required('lastName', 'Ortiz'),
    text('phone', '+1 214 555 0123'),
    { key: 'company', field: 'companyId', kind: 'company', example: '' },
    ...address,
    text('licenseNumber', 'D1234567', 'driverProfile.licenseNumber'),
    text('licenseState', 'TX', 'driverProfile.licenseState'),
    choice('cdlClass', CDL_CLASSES, 'A', 'driverProfile.cdlClass'),
    text('licenseExpiry', '2028-06-30', 'driverProfile.licenseExpiry'),
    text('medicalCardExpiry', '2027-09-30', 'driverProfile.medicalCardExpiry'),
    text('hireDate', '2024-02-01', 'driverProfile.hireDate'),
    choice('payMethod', PAY_METHODS, 'per_mile', 'driverProfile.payMethod'),
    text('payRate', '0.62', 'driverProfile.payRate'),
    choice('language', STATEMENT_LANGUAGES, 'en', 'driverProfile.language'),
    text('emergencyContactName', '', 'driverProfile.emergencyContactName'),
    text('emergencyContactPhone', '', 'driverProfile.emergencyContactPhone'),
  ],
}

/**
 * The pages of each list's import: the list, the import page and its template, each checked by
 * href(); `alias`: the API path under the specification's singular name, where it has one.
 */
export const IMPORT_PATHS: Record<ImportListName, { list: string; page: string; template: string; api: string; alias?: string }> = {
  loads: {
    list: href('/dashboard/loads/list'),
    page: href('/dashboard/loads/import'),
    template: href('/dashboard/loads/import/template'),
    api: href('/api/loads/import'),
  },
  trucks: {
    list: href('/dashboard/trucks/list'),
    page: href('/dashboard/trucks/import'),
    template: href('/dashboard/trucks/import/template'),
    api: href('/api/trucks/import'),
  },
  trailers: {
    list: href('/dashboard/trailers/list'),
    page: href('/dashboard/trailers/import'),
    template: href('/dashboard/trailers/import/template'),
    api: href('/api/trailers/import'),
  },
  brokers: {
    list: href('/dashboard/brokers/list'),
    page: href('/dashboard/brokers/import'),
    template: href('/dashboard/brokers/import/template'),
    api: href('/api/brokers/import'),
  },
  companies: {
    list: href('/dashboard/companies/list'),
    page: href('/dashboard/companies/import'),
    template: href('/dashboard/companies/import/template'),
    api: href('/api/companies/import'),
    alias: href('/api/company/import'),
  },
  products: {
    list: href('/dashboard/e-commerce/list'),
    page: href('/dashboard/e-commerce/import'),
    template: href('/dashboard/e-commerce/import/template'),
    api: href('/api/products/import'),
  },
  drivers: {
    list: href('/dashboard/user/list'),
    page: href('/dashboard/user/import'),
    template: href('/dashboard/user/import/template'),
    api: href('/api/users/import'),
  },
  fuelPurchases: {
    list: href('/dashboard/fuel/list'),
    page: href('/dashboard/fuel/import'),
    template: href('/dashboard/fuel/import/template'),
    api: href('/api/fuel-purchases/import'),
  },
  trips: {
    list: href('/dashboard/trips/list'),
    page: href('/dashboard/trips/import'),
    template: href('/dashboard/trips/import/template'),
    api: href('/api/trips/import'),
  },
}

/** Which list an import page or API path is for (`/dashboard/trucks/import…`, `/api/trucks/import`). */
export function importListOf(pathname: string): ImportListName | null {
  const path = pathname.replace(/\.data$/, '').replace(/\/+$/, '')
  for (const name of IMPORT_LISTS) {
    const paths = IMPORT_PATHS[name]
    if (path === paths.page || path === paths.template || path === paths.api || path === paths.alias) return name
  }
  return null
}

/** A header as the import compares it: no case, no spaces, underscores or hyphens. */
export function normalizeHeader(header: string) {
  return header.toLowerCase().replace(/[\s_-]+/g, '')
}

/** A CSV file of a header row and rows of cells, quoted where needed. */
export function csvText(header: readonly string[], rows: ReadonlyArray<readonly string[]>) {
  const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value)
  return [header, ...rows].map((cells) => cells.map(cell).join(',')).join('\r\n') + '\r\n'
}

/** A list's downloadable template: the header and one example row, itself a file the import accepts. */
export function recordImportTemplate(name: RecordImportName, customFields: ReadonlyArray<{ key: string; example: string }> = []) {
  const columns = [...RECORD_IMPORT_COLUMNS[name], ...customFields.filter((field) => !RECORD_IMPORT_COLUMNS[name].some((column) => column.key === field.key))]
  return csvText(
    columns.map((column) => column.key),
    [columns.map((column) => column.example)],
  )
}
