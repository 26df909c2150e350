/**
 * The fuel-card import's columns and formats (ADR 123), shared by the import page, the API, its
 * document and the list (app/models/fuel-tax/fuel-import.server.ts). No zod here: the page shows
 * the choices without the validation library.
 */
import { csvText } from './import-options'

/** The exports a file may come from: a card's transaction export, or our template ("generic"). */
export const FUEL_CARD_FORMATS = ['generic', 'wex', 'efs', 'comdata'] as const
export type FuelCardFormat = (typeof FUEL_CARD_FORMATS)[number]

export function isFuelCardFormat(value: unknown): value is FuelCardFormat {
  return typeof value === 'string' && (FUEL_CARD_FORMATS as readonly string[]).includes(value)
}

/** The template's columns, in its order, with its example row (a unit T-101 must exist to import it as it is). */
export const FUEL_IMPORT_COLUMNS = [
  { key: 'date', example: '2026-10-14', required: true },
  { key: 'time', example: '14:32' },
  { key: 'unit', example: 'T-101', required: true },
  { key: 'state', example: 'TX', required: true },
  { key: 'product', example: 'ULSD' },
  { key: 'gallons', example: '120.125', required: true },
  { key: 'amount', example: '456.48', required: true },
  { key: 'vendor', example: 'Lone Star Travel Center' },
  { key: 'city', example: 'Amarillo' },
  { key: 'odometer', example: '412350' },
  { key: 'taxPaid', example: 'yes' },
  { key: 'card', example: '7083 0000 0000 4821' },
  { key: 'transaction', example: '88120443' },
] as const

export type FuelImportColumn = (typeof FUEL_IMPORT_COLUMNS)[number]['key']

/**
 * The headers each card's export names our columns with (besides the column keys themselves),
 * compared without regard to case, spaces, `_` or `-`. Other headers of a card's export are left
 * out; the generic format refuses them (the mapping step matches them).
 */
export const FUEL_CARD_HEADERS: Record<FuelCardFormat, Partial<Record<FuelImportColumn, readonly string[]>>> = {
  generic: {},
  wex: {
    date: ['Transaction Date', 'Trans Date'],
    time: ['Transaction Time', 'Trans Time'],
    unit: ['Unit/Vehicle', 'Vehicle Number', 'Unit Number', 'Custom Vehicle/Asset ID'],
    vendor: ['Merchant Name'],
    city: ['Merchant City'],
    state: ['Merchant State', 'Merchant State/Province'],
    product: ['Product Description', 'Product'],
    gallons: ['Units/Gallons', 'Units', 'Gallons'],
    amount: ['Net Cost/Total', 'Net Cost', 'Total'],
    odometer: ['Odometer', 'Current Odometer'],
    card: ['Card Number'],
    transaction: ['Transaction Number', 'Transaction ID'],
  },
  efs: {
    card: ['Card #', 'Card Number', 'Card Num'],
    date: ['Tran Date', 'Transaction Date'],
    time: ['Tran Time', 'Transaction Time'],
    unit: ['Unit', 'Unit #'],
    vendor: ['Location Name', 'Location'],
    city: ['City'],
    state: ['State/Prov', 'State', 'St'],
    product: ['Item', 'Item Description'],
    gallons: ['Qty', 'Quantity'],
    amount: ['Amt', 'Amount'],
    odometer: ['Odometer', 'Hub'],
    transaction: ['Invoice', 'Invoice #'],
  },
  comdata: {
    card: ['Card Number', 'Card No'],
    date: ['Transaction Date', 'Trans Date'],
    time: ['Transaction Time', 'Trans Time'],
    unit: ['Unit Number', 'Unit', 'Tractor Number'],
    vendor: ['Truck Stop Name', 'Merchant Name'],
    city: ['Truck Stop City', 'City'],
    state: ['Truck Stop State', 'State'],
    product: ['Product Code', 'Product Description', 'Product'],
    gallons: ['Number of Tractor Gallons', 'Tractor Gallons', 'Gallons', 'Quantity'],
    amount: ['Cost of Tractor Fuel', 'Tractor Fuel Cost', 'Total Amount', 'Amount'],
    odometer: ['Odometer', 'Hubometer'],
    transaction: ['Transaction Number', 'Transaction ID', 'Invoice Number'],
  },
}

/** The fuel import's template: the header and one example row. */
export function fuelImportTemplate() {
  return csvText(
    FUEL_IMPORT_COLUMNS.map((column) => column.key),
    [FUEL_IMPORT_COLUMNS.map((column) => column.example)],
  )
}
