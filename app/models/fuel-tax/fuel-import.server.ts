/**
 * Fuel purchases from a fuel card's transaction export (WEX, EFS, Comdata) or our template, as a
 * list of the import pipeline (app/models/records/csv-import.server.ts, ADR 108 and 123). A row
 * becomes the input of the fuel purchase editor (checked by FuelPurchaseSchema, the API's), its
 * card's last four digits and its import key; rows that are not fuel (DEF, oil, a scale ticket, a
 * cash advance, a fee) are skipped, and a purchase imported before is a duplicate, skipped by the
 * model's bulk write (importFuelPurchases), which keeps the rules of every purchase write.
 */
import { createHash } from 'node:crypto'

import { type ImportedFuelPurchase, importFuelPurchases } from '~/models/fuel-tax/fuel-purchase.server'
import type { ImportError, ImportList, ImportRow } from '~/models/records/csv-import.server'
import { FUEL_CARD_HEADERS, FUEL_IMPORT_COLUMNS, type FuelCardFormat, type FuelImportColumn } from '~/schemas/fuel-import-options'
import { type FuelPurchaseInput, FuelPurchaseSchema } from '~/schemas/fuel-purchase'
import { FUEL_TYPES, type FuelType } from '~/schemas/ifta-options'
import { IMPORT_MAX_ROWS } from '~/schemas/import-options'
import { prisma } from '~/utils/db.server'
import { parseDollars, SCALE } from '~/utils/money'

/** The organization's trucks by lowercased unit number (unit numbers are CITEXT). */
export type Trucks = Map<string, string>

/** An import's units, looked up once per file: the organization's trucks by lowercased unit number (the column is CITEXT). */
export async function trucksByUnit(organizationId: string, collected: Record<string, Set<string>>): Promise<{ context: Trucks; errors: [] }> {
  const trucks = await prisma.truck.findMany({ where: { organizationId, unitNumber: { in: [...collected.unit] } }, select: { id: true, unitNumber: true } })
  return { context: new Map(trucks.map((truck) => [truck.unitNumber.toLowerCase(), truck.id])), errors: [] }
}

/** Which column a field of the purchase's input comes from, to name it in an error. */
const COLUMN_OF: Partial<Record<keyof FuelPurchaseInput, FuelImportColumn>> = {
  truckId: 'unit',
  purchasedAt: 'date',
  jurisdiction: 'state',
  fuelType: 'product',
  gallons: 'gallons',
  totalCents: 'amount',
  vendor: 'vendor',
  city: 'city',
  odometer: 'odometer',
  taxPaid: 'taxPaid',
  reference: 'transaction',
}

/* ---------------------------------------------------------------- products */

// A product is read by its words (letters, digits and `#`): not fuel first, so "Diesel exhaust
// fluid" and "Reefer diesel" are not the truck's diesel; then the first fuel whose word it has.
const NOT_FUEL = new Set([
  'DEF',
  'DEFD',
  'EXHAUST',
  'FLUID',
  'REEFER',
  'RFR',
  'RFRD',
  'OIL',
  'ADDITIVE',
  'ADDITIVES',
  'LUBE',
  'SCALE',
  'SCLE',
  'CASH',
  'ADVANCE',
  'CADV',
  'FEE',
  'FEES',
  'WASH',
  'PARTS',
  'TIRE',
  'TIRES',
])
const FUEL_WORDS: ReadonlyArray<readonly [FuelType, ReadonlySet<string>]> = [
  ['e85', new Set(['E85'])],
  ['m85', new Set(['M85'])],
  ['a55', new Set(['A55'])],
  ['biodiesel', new Set(['BIO', 'BIODIESEL', 'BDSL', 'BIOD'])],
  ['diesel', new Set(['ULSD', 'ULSD1', 'ULSD2', 'ULS', 'DSL', 'DIESEL', 'D2', '#2', '#1', 'NO2', 'CLEAR', 'TRK', 'TRUCK', 'TRACTOR'])],
  ['gasoline', new Set(['GAS', 'GASOLINE', 'UNL', 'UNLEADED', 'UNLD', 'REG', 'REGULAR', 'PLUS', 'MID', 'MIDGRADE', 'PREM', 'PREMIUM', 'SUPER'])],
  ['propane', new Set(['PROPANE', 'LPG', 'LP'])],
  ['lng', new Set(['LNG'])],
  ['cng', new Set(['CNG'])],
  ['ethanol', new Set(['ETHANOL'])],
  ['methanol', new Set(['METHANOL'])],
]

/** A product's fuel type (our own words, `diesel`, first; B5 … B100 are biodiesel), or null when it is not fuel of the truck. */
export function fuelTypeOf(product: string): FuelType | null {
  const exact = FUEL_TYPES.find((type) => type === product.trim().toLowerCase())
  if (exact) return exact
  const words = product
    .toUpperCase()
    .split(/[^A-Z0-9#]+/)
    .filter(Boolean)
  if (words.some((word) => NOT_FUEL.has(word))) return null
  if (words.some((word) => /^B\d{1,3}$/.test(word))) return 'biodiesel'
  return FUEL_WORDS.find(([, names]) => words.some((word) => names.has(word)))?.[0] ?? null
}

/* ---------------------------------------------------------------- cells */

export type Parsed<T> = { value: T } | { error: string }

/** A calendar day as `YYYY-MM-DD`, or null when there is no such day. */
function day(year: number, month: number, date: number) {
  const value = new Date(Date.UTC(year, month - 1, date))
  if (value.getUTCFullYear() !== year || value.getUTCMonth() !== month - 1 || value.getUTCDate() !== date) return null
  return value.toISOString().slice(0, 10)
}

const ISO_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](.+))?$/
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})(?:\s+(.+))?$/
const TIME = /^(\d{1,2}):?(\d{2})(?::(\d{2}))?(?:\.\d+)?\s*([AaPp][Mm])?(?:Z|[+-]\d{2}:?\d{2})?$/

/** A time of day as `HH:MM`: 14:32, 2:32 PM, 14:32:05, 1432. */
function timeOf(cell: string): Parsed<string> {
  const match = TIME.exec(cell.trim())
  if (!match) return { error: 'fuelImport.errors.time' }
  let hours = Number(match[1])
  const minutes = Number(match[2])
  const meridiem = match[4]?.toUpperCase()
  if (meridiem && (hours < 1 || hours > 12)) return { error: 'fuelImport.errors.time' }
  if (meridiem) hours = (hours % 12) + (meridiem === 'PM' ? 12 : 0)
  if (hours > 23 || minutes > 59) return { error: 'fuelImport.errors.time' }
  return { value: `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}` }
}

/** A date as card exports write it: 2026-10-14 or 10/14/2026 (10/14/26), either perhaps followed by a time. */
export function dateOf(cell: string): Parsed<{ day: string; time: string | null }> {
  const iso = ISO_DATE.exec(cell)
  const us = iso ? null : US_DATE.exec(cell)
  const parts = iso ? [Number(iso[1]), Number(iso[2]), Number(iso[3]), iso[4]] : us ? [Number(us[3]), Number(us[1]), Number(us[2]), us[4]] : null
  if (!parts) return { error: 'fuelImport.errors.date' }
  const [year, month, date, rest] = parts as [number, number, number, string | undefined]
  const value = day(year < 100 ? 2000 + year : year, month, date)
  if (!value) return { error: 'fuelImport.errors.date' }
  if (!rest) return { value: { day: value, time: null } }
  const time = timeOf(rest)
  return 'error' in time ? time : { value: { day: value, time: time.value } }
}

/** Gallons to three decimals, half up (exports print up to four): thousandths, negative kept for the schema to refuse. */
function gallonsOf(cell: string): Parsed<number> {
  const match = /^(-)?(\d{1,9})(?:\.(\d+))?$/.exec(cell.replace(/,/g, ''))
  if (!match) return { error: 'validation.number' }
  const fraction = (match[3] ?? '').padEnd(4, '0')
  const milli = Number(match[2]) * 1000 + Number(fraction.slice(0, 3)) + (Number(fraction[3]) >= 5 ? 1 : 0)
  return { value: ((match[1] ? -1 : 1) * milli) / 10 ** SCALE.milli }
}

/** An amount in cents: $1,234.56, 1234.5, 412.3500; a negative (a refund) kept for the schema to refuse. */
function centsOf(cell: string): Parsed<number> {
  const negative = /^-|^\(.*\)$/.test(cell)
  const cents = parseDollars(cell.replace(/^-|^\(|\)$/g, '').replace(/(\.\d\d)0+$/, '$1'))
  return cents === null ? { error: 'validation.number' } : { value: negative ? -cents : cents }
}

const YES = new Set(['yes', 'y', 'true', '1', 'x'])
const NO = new Set(['no', 'n', 'false', '0'])

/* ---------------------------------------------------------------- the row */

type Checked = { errors: ImportError[]; value?: ImportedFuelPurchase; skip?: string }

/** One row of the file: its errors, or the purchase it becomes, or why it is skipped. */
function checkRow(row: ImportRow, line: number, trucks: Trucks): Checked {
  const errors: ImportError[] = []
  const fail = (column: FuelImportColumn, message: string) => errors.push({ row: line, column, message })
  const read = <T>(column: FuelImportColumn, parsed: Parsed<T>) => {
    if ('error' in parsed) fail(column, parsed.error)
    else return parsed.value
  }

  const product = row.product ? fuelTypeOf(row.product) : 'diesel'
  if (product === null) return { errors: [], skip: 'notFuel' }
  const when = row.date ? read('date', dateOf(row.date)) : undefined
  const time = row.time ? read('time', timeOf(row.time)) : (when?.time ?? null)
  const truckId = row.unit ? trucks.get(row.unit.toLowerCase()) : undefined
  if (row.unit && !truckId) fail('unit', 'fuelImport.errors.unknownUnit')
  const gallons = row.gallons ? read('gallons', gallonsOf(row.gallons)) : undefined
  const totalCents = row.amount ? read('amount', centsOf(row.amount)) : undefined
  const odometer = row.odometer
    ? read('odometer', /^\d[\d,]*$/.test(row.odometer) ? { value: Number(row.odometer.replace(/,/g, '')) } : { error: 'validation.integer' })
    : undefined
  const paid = row.taxPaid?.toLowerCase()
  if (paid && !YES.has(paid) && !NO.has(paid)) fail('taxPaid', 'imports.errors.flag')
  // Only the last four digits are read: the card's number is neither kept nor repeated in an error.
  const digits = row.card?.replace(/\D/g, '') ?? ''
  if (row.card && digits.length < 4) fail('card', 'fuelImport.errors.card')
  const cardLast4 = digits.length >= 4 ? digits.slice(-4) : null

  const parsed = FuelPurchaseSchema.safeParse({
    truckId: truckId ?? (row.unit ? undefined : ''),
    purchasedAt: when?.day,
    jurisdiction: row.state ?? '',
    fuelType: product,
    gallons,
    totalCents,
    vendor: row.vendor,
    city: row.city,
    odometer: odometer || undefined,
    reference: row.transaction,
    taxPaid: paid ? YES.has(paid) : true,
  })
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const column = COLUMN_OF[issue.path[0] as keyof FuelPurchaseInput] ?? null
      // A cell already reported (a date that is no date, an unknown unit) is not reported twice.
      if (!errors.some((error) => error.column === column)) errors.push({ row: line, column, message: issue.message })
    }
  }
  if (errors.length || !parsed.success) return { errors }
  return { errors: [], value: { row: line, input: parsed.data, cardLast4, importKey: importKey(parsed.data, row, cardLast4, time ?? null) } }
}

/**
 * What makes a second import of the same purchase a duplicate: the card network's transaction (or
 * invoice) number with the day, the card's last four (an EFS invoice number is a truck stop's, not
 * unique across stops) and the fuel type (one invoice may sell diesel and gasoline on two lines);
 * without one, a hash of the card's last four, the day and time, the unit, the jurisdiction, the
 * gallons and the amount.
 */
function importKey(input: FuelPurchaseInput, row: ImportRow, cardLast4: string | null, time: string | null) {
  if (input.reference) return `t:${input.purchasedAt}:${cardLast4 ?? ''}:${input.reference}:${input.fuelType}`
  const facts = [
    cardLast4 ?? '',
    `${input.purchasedAt}T${time ?? ''}`,
    (row.unit ?? '').toLowerCase(),
    input.jurisdiction,
    input.gallons.toFixed(3),
    input.totalCents,
  ]
  return `h:${createHash('sha256').update(JSON.stringify(facts)).digest('hex').slice(0, 40)}`
}

// Purchases a statement: a few hundred bytes a row, so the arrays of a batch stay small.
const BATCH = 500

/** The fuel-card import, the headers of `format`'s export read as its columns. */
export function fuelImportList(format: FuelCardFormat): ImportList<ImportedFuelPurchase, Trucks> {
  return {
    columns: FUEL_IMPORT_COLUMNS.map((column) => column.key),
    required: FUEL_IMPORT_COLUMNS.filter((column) => 'required' in column).map((column) => column.key),
    maxRows: IMPORT_MAX_ROWS.fuelPurchases,
    aliases: FUEL_CARD_HEADERS[format],
    leaveOutOthers: format !== 'generic',
    skips: { duplicate: 'fuelImport.skipped.duplicate', notFuel: 'fuelImport.skipped.notFuel' },
    collect: ['unit'],
    prepare: trucksByUnit,
    check: (row, line, trucks) => checkRow(row, line, trucks),
    writer(tx, actor) {
      return {
        batch: BATCH,
        async write(rows) {
          const outcome = await importFuelPurchases(
            tx,
            actor,
            rows.map((row) => row.value),
          )
          const refused = outcome.refused.map((refusal) => ({
            row: refusal.row,
            column: COLUMN_OF[refusal.field] ?? null,
            message: refusal.message,
            params: refusal.params,
          }))
          return { refused, skipped: { duplicate: outcome.duplicates } }
        },
        result: (created) => ({ created }),
      }
    },
    // Duplicates are found by the writes (against the database and earlier rows), so the dry run writes and rolls back.
    dryRunWrites: true,
  }
}
