/**
 * The IFTA, Inc. tax rate matrix as a CSV file (ADR 122): the quarter's rates per member
 * jurisdiction and fuel type, as IFTA, Inc. publishes them. What it reads:
 *
 * - a header row that names the jurisdiction column ("Jurisdiction", "State / Province" or
 *   "State") and fuel columns by the matrix's names: Gasoline, Special Diesel (or Diesel),
 *   Propane, LNG, CNG, Ethanol, Methanol, E-85, M-85, A55, Biodiesel; other columns (Gasohol,
 *   Electricity, Hydrogen, notes) are left out;
 * - a jurisdiction by its name ("ALBERTA #15": footnote marks dropped) or its two-letter code; a
 *   row without one continues the jurisdiction above (the matrix prints a "Can" row under each
 *   "U.S." row);
 * - rows in Canadian dollars per litre ("Can" in any cell) are skipped: the return is in US
 *   dollars per gallon;
 * - a surcharge row ("INDIANA SURCHARGE", "IN-Surchg") gives that jurisdiction's surcharge;
 * - a rate as printed ("$ 0.3940", "0.394"), "-", "N/A" or empty for none.
 *
 * Anything else is refused at its line (counting the non-empty lines of the file) and column, before
 * anything is written. The file is bounded before it is parsed.
 */
import { parse } from 'csv-parse/sync'

import type { IftaRatesInput } from '~/schemas/ifta'
import { FUEL_TYPES, type FuelType, IFTA_MEMBERS, type IftaMember, RATE_MATRIX_MAX_BYTES } from '~/schemas/ifta-options'
import { DomainError } from '~/utils/errors.server'
import { parseDecimal, SCALE } from '~/utils/money'

/** A matrix is about 60 rows of 30 cells (its bytes: RATE_MATRIX_MAX_BYTES): anything past these is not one. */
const MAX_ROWS = 500
const MAX_COLUMNS = 60

/** The members by their names as the matrix prints them (upper case, without accents). */
const MEMBER_NAMES: Record<string, IftaMember> = {
  ALABAMA: 'AL', ARIZONA: 'AZ', ARKANSAS: 'AR', CALIFORNIA: 'CA', COLORADO: 'CO', CONNECTICUT: 'CT', DELAWARE: 'DE',
  FLORIDA: 'FL', GEORGIA: 'GA', IDAHO: 'ID', ILLINOIS: 'IL', INDIANA: 'IN', IOWA: 'IA', KANSAS: 'KS', KENTUCKY: 'KY',
  LOUISIANA: 'LA', MAINE: 'ME', MARYLAND: 'MD', MASSACHUSETTS: 'MA', MICHIGAN: 'MI', MINNESOTA: 'MN', MISSISSIPPI: 'MS',
  MISSOURI: 'MO', MONTANA: 'MT', NEBRASKA: 'NE', NEVADA: 'NV', 'NEW HAMPSHIRE': 'NH', 'NEW JERSEY': 'NJ', 'NEW MEXICO': 'NM',
  'NEW YORK': 'NY', 'NORTH CAROLINA': 'NC', 'NORTH DAKOTA': 'ND', OHIO: 'OH', OKLAHOMA: 'OK', OREGON: 'OR', PENNSYLVANIA: 'PA',
  'RHODE ISLAND': 'RI', 'SOUTH CAROLINA': 'SC', 'SOUTH DAKOTA': 'SD', TENNESSEE: 'TN', TEXAS: 'TX', UTAH: 'UT', VERMONT: 'VT',
  VIRGINIA: 'VA', WASHINGTON: 'WA', 'WEST VIRGINIA': 'WV', WISCONSIN: 'WI', WYOMING: 'WY', ALBERTA: 'AB',
  'BRITISH COLUMBIA': 'BC', MANITOBA: 'MB', 'NEW BRUNSWICK': 'NB', NEWFOUNDLAND: 'NL', 'NEWFOUNDLAND AND LABRADOR': 'NL',
  'NOVA SCOTIA': 'NS', ONTARIO: 'ON', 'PRINCE EDWARD ISLAND': 'PE', QUEBEC: 'QC', SASKATCHEWAN: 'SK',
} // prettier-ignore

/** The matrix's fuel columns by their header (lower case, letters and digits only). */
const FUEL_COLUMNS: Record<string, FuelType> = {
  gasoline: 'gasoline',
  specialdiesel: 'diesel',
  diesel: 'diesel',
  propane: 'propane',
  lng: 'lng',
  cng: 'cng',
  ethanol: 'ethanol',
  methanol: 'methanol',
  e85: 'e85',
  m85: 'm85',
  a55: 'a55',
  biodiesel: 'biodiesel',
}
const JURISDICTION_HEADERS = new Set(['jurisdiction', 'stateprovince', 'state', 'province'])
const NONE = new Set(['', '-', 'n/a', 'na'])

const key = (cell: string) => cell.toLowerCase().replace(/[^a-z0-9]/g, '')

const refuse = (message: string, params: Record<string, string | number> = {}) =>
  new DomainError('validation_failed', 'validation.failed', { fields: { file: [message] }, params })

/** A jurisdiction cell's member and whether the row is its surcharge; null when it names none. */
function jurisdictionOf(cell: string): { jurisdiction: IftaMember; surcharge: boolean } | null {
  const upper = cell
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
  const surcharge = /SURCH(AR)?G/.test(upper)
  const name = upper
    .replace(/#\s*\d+/g, '')
    .replace(/[-\s]*SURCH(ARGE|G)?\b.*$/, '')
    .replace(/[*().]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
  const jurisdiction = MEMBER_NAMES[name] ?? (IFTA_MEMBERS as readonly string[]).find((code) => code === name)
  return jurisdiction ? { jurisdiction: jurisdiction as IftaMember, surcharge } : null
}

/** The quarter's rates from the matrix's bytes, in ten-thousandths of a dollar per gallon. */
export async function readRateMatrix(file: Uint8Array): Promise<{ rates: IftaRatesInput['rates']; fuelTypes: FuelType[] }> {
  if (file.length > RATE_MATRIX_MAX_BYTES) throw refuse('ifta.matrix.tooLarge', { size: RATE_MATRIX_MAX_BYTES / 1024 })
  let records: string[][]
  try {
    records = parse(Buffer.from(file.buffer, file.byteOffset, file.length), {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      max_record_size: 16 * 1024,
      to_line: MAX_ROWS + 1,
    }) as string[][]
  } catch (error) {
    throw refuse('ifta.matrix.malformed', { line: (error as { lines?: number }).lines ?? 1 })
  }
  const headerAt = records.findIndex((cells) => cells.some((cell) => JURISDICTION_HEADERS.has(key(cell))))
  if (headerAt < 0) throw refuse('ifta.matrix.noHeader')
  const header = records[headerAt]
  if (header.length > MAX_COLUMNS) throw refuse('ifta.matrix.malformed', { line: headerAt + 1 })
  const nameColumn = header.findIndex((cell) => JURISDICTION_HEADERS.has(key(cell)))
  const fuelColumns = header.flatMap((cell, index) => (FUEL_COLUMNS[key(cell)] ? [{ index, fuelType: FUEL_COLUMNS[key(cell)], header: cell }] : []))
  if (!fuelColumns.length) throw refuse('ifta.matrix.noFuelColumns')

  const rates = new Map<string, { jurisdiction: IftaMember; fuelType: FuelType; ratePerGallon?: number; surchargePerGallon?: number }>()
  let current: IftaMember | null = null
  for (let index = headerAt + 1; index < records.length; index++) {
    const cells = records[index]
    const line = index + 1
    const named = cells[nameColumn] ?? ''
    const found = named ? jurisdictionOf(named) : null
    if (named && !found) throw refuse('ifta.matrix.unknownJurisdiction', { line, value: named.slice(0, 40) })
    if (found && !found.surcharge) current = found.jurisdiction
    // The Canadian row under each jurisdiction: dollars per litre, not the return's.
    if (cells.some((cell) => /^(can|can\$|cad|canadian)$/i.test(cell.replace(/[.\s]/g, '')))) continue
    const jurisdiction = found?.jurisdiction ?? current
    if (!jurisdiction) continue
    for (const column of fuelColumns) {
      const raw = (cells[column.index] ?? '').replace(/[$,\s]/g, '')
      if (NONE.has(raw.toLowerCase())) continue
      const units = parseDecimal(raw, SCALE.basisPoints)
      if (units === null || units >= 10 * 10 ** SCALE.basisPoints) throw refuse('ifta.matrix.badRate', { line, column: column.header, value: raw.slice(0, 20) })
      const slot = `${jurisdiction}:${column.fuelType}`
      const rate = rates.get(slot) ?? { jurisdiction, fuelType: column.fuelType }
      if (found?.surcharge) rate.surchargePerGallon = units
      else rate.ratePerGallon = units
      rates.set(slot, rate)
    }
  }
  const rows = [...rates.values()]
  const orphan = rows.find((rate) => rate.ratePerGallon === undefined)
  if (orphan) throw refuse('ifta.matrix.surchargeWithoutRate', { jurisdiction: orphan.jurisdiction })
  if (!rows.length) throw refuse('ifta.matrix.empty')
  return {
    rates: rows.map((rate) => ({ ...rate, ratePerGallon: rate.ratePerGallon! })),
    fuelTypes: FUEL_TYPES.filter((type) => fuelColumns.some((column) => column.fuelType === type)),
  }
}
