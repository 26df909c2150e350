/**
 * Trips from an ELD's jurisdiction-miles report (Samsara, Motive) or our template, as a list of the
 * import pipeline (app/models/records/csv-import.server.ts, ADR 108, 123 and 126). A row is one
 * jurisdiction segment of a unit: its days, its state and its odometer at both ends (or its miles).
 * A unit's rows whose odometers chain (a row starts where the unit's last ended, ±1) within a day
 * of each other make one trip; a break starts another. Each trip is written by the trip model
 * (importTrips: TripSchema, the unit the organization's own, its quarter open), a trip imported
 * before (its key) is skipped as a duplicate.
 */
import { dateOf, type Parsed, type Trucks, trucksByUnit } from '~/models/fuel-tax/fuel-import.server'
import { type ImportedTrip, importTrips } from '~/models/fuel-tax/trip.server'
import type { ImportError, ImportList, ImportRow } from '~/models/records/csv-import.server'
import { JURISDICTIONS } from '~/schemas/ifta-options'
import { IMPORT_MAX_ROWS } from '~/schemas/import-options'
import { MILES_TOLERANCE, TripSchema } from '~/schemas/trip'
import { ELD_HEADERS, type EldFormat, TRIP_IMPORT_COLUMNS, type TripImportColumn } from '~/schemas/trip-import-options'

/** The organization's trucks by lowercased unit number (unit numbers are CITEXT). */

/** A row that passed its check: one segment of a unit. */
type Segment = {
  truckId: string
  unit: string
  startDay: string
  endDay: string
  jurisdiction: string
  start: number
  end: number
  miles: number
  taxable: number
}

/** The full names ELD reports may print instead of the two-letter code. */
const NAMES: Record<string, string> = {
  alabama: 'AL', arizona: 'AZ', arkansas: 'AR', california: 'CA', colorado: 'CO', connecticut: 'CT', delaware: 'DE', florida: 'FL',
  georgia: 'GA', idaho: 'ID', illinois: 'IL', indiana: 'IN', iowa: 'IA', kansas: 'KS', kentucky: 'KY', louisiana: 'LA', maine: 'ME',
  maryland: 'MD', massachusetts: 'MA', michigan: 'MI', minnesota: 'MN', mississippi: 'MS', missouri: 'MO', montana: 'MT', nebraska: 'NE',
  nevada: 'NV', newhampshire: 'NH', newjersey: 'NJ', newmexico: 'NM', newyork: 'NY', northcarolina: 'NC', northdakota: 'ND', ohio: 'OH',
  oklahoma: 'OK', oregon: 'OR', pennsylvania: 'PA', rhodeisland: 'RI', southcarolina: 'SC', southdakota: 'SD', tennessee: 'TN', texas: 'TX',
  utah: 'UT', vermont: 'VT', virginia: 'VA', washington: 'WA', westvirginia: 'WV', wisconsin: 'WI', wyoming: 'WY', alaska: 'AK', hawaii: 'HI',
  districtofcolumbia: 'DC', alberta: 'AB', britishcolumbia: 'BC', manitoba: 'MB', newbrunswick: 'NB', newfoundlandandlabrador: 'NL',
  newfoundland: 'NL', novascotia: 'NS', ontario: 'ON', princeedwardisland: 'PE', quebec: 'QC', québec: 'QC', saskatchewan: 'SK', yukon: 'YT',
  northwestterritories: 'NT', nunavut: 'NU', mexico: 'MX',
} // prettier-ignore

/** A jurisdiction's code from its code (any case) or its full name ("Texas", "New Mexico", "British Columbia"). */
function jurisdictionOf(cell: string): Parsed<string> {
  const code = cell.trim().toUpperCase()
  if ((JURISDICTIONS as readonly string[]).includes(code)) return { value: code }
  const name = NAMES[cell.toLowerCase().replace(/[^a-zé]+/g, '')]
  return name ? { value: name } : { error: 'ifta.errors.jurisdiction' }
}

/** Whole miles: 412,350 or 412350.6 (rounded half up, as ELDs print tenths). */
function milesOf(cell: string): Parsed<number> {
  const match = /^(\d{1,9})(?:\.(\d+))?$/.exec(cell.replace(/,/g, '').trim())
  if (!match) return { error: 'validation.integer' }
  return { value: Number(match[1]) + (Number((match[2] ?? '0')[0]) >= 5 ? 1 : 0) }
}

/** Which column a field of the trip's input comes from, to name it in an error. */
function columnOf(path: ReadonlyArray<PropertyKey>): TripImportColumn | null {
  const [field, , line] = path
  if (field === 'truckId') return 'unit'
  if (field === 'startedAt') return 'date'
  if (field === 'endedAt') return 'endDate'
  if (field === 'startOdometer' || field === 'endOdometer') return field
  if (field === 'jurisdictions') return line === 'jurisdiction' ? 'jurisdiction' : line === 'taxableMiles' ? 'taxableMiles' : 'miles'
  return null
}

const tripInput = (
  truckId: string,
  startDay: string,
  endDay: string,
  start: number,
  end: number,
  lines: Array<{ jurisdiction: string; miles: number; taxableMiles?: number }>,
) => ({
  truckId,
  startedAt: startDay,
  endedAt: endDay,
  startOdometer: start,
  endOdometer: end,
  jurisdictions: lines,
})

type Checked = { errors: ImportError[]; value?: Segment }

/** One row of the file: its errors, or the segment it is (checked as a trip of its own by TripSchema). */
function checkRow(row: ImportRow, line: number, trucks: Trucks): Checked {
  const errors: ImportError[] = []
  const fail = (column: TripImportColumn, message: string) => errors.push({ row: line, column, message })
  const read = <T>(column: TripImportColumn, parsed: Parsed<T>) => {
    if ('error' in parsed) fail(column, parsed.error)
    else return parsed.value
  }
  const truckId = row.unit ? trucks.get(row.unit.toLowerCase()) : undefined
  if (row.unit && !truckId) fail('unit', 'eldImport.errors.unknownUnit')
  const startDay = row.date ? read('date', dateOf(row.date))?.day : undefined
  const endDay = row.endDate ? read('endDate', dateOf(row.endDate))?.day : startDay
  const jurisdiction = row.jurisdiction ? read('jurisdiction', jurisdictionOf(row.jurisdiction)) : undefined
  let start = row.startOdometer ? read('startOdometer', milesOf(row.startOdometer)) : undefined
  let end = row.endOdometer ? read('endOdometer', milesOf(row.endOdometer)) : undefined
  let miles = row.miles ? read('miles', milesOf(row.miles)) : undefined
  const taxable = row.taxableMiles ? read('taxableMiles', milesOf(row.taxableMiles)) : undefined
  if (errors.length) return { errors }
  // The odometer at both ends, or one end and the miles: a trip is its odometer readings.
  if (start === undefined && end !== undefined && miles !== undefined) start = end - miles
  if (end === undefined && start !== undefined && miles !== undefined) end = start + miles
  if (start === undefined || end === undefined) {
    fail(start === undefined ? 'startOdometer' : 'endOdometer', 'eldImport.errors.odometer')
    return { errors }
  }
  miles ??= end - start
  const parsed = TripSchema.safeParse(
    tripInput(truckId ?? '', startDay ?? '', endDay ?? '', start, end, [{ jurisdiction: jurisdiction ?? '', miles, taxableMiles: taxable }]),
  )
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const column = columnOf(issue.path)
      if (!errors.some((error) => error.column === column)) errors.push({ row: line, column, message: issue.message })
    }
    return { errors }
  }
  const segment = parsed.data
  const only = segment.jurisdictions[0]
  return {
    errors: [],
    value: {
      truckId: segment.truckId,
      unit: row.unit.toLowerCase(),
      startDay: segment.startedAt,
      endDay: segment.endedAt,
      jurisdiction: only.jurisdiction,
      start,
      end,
      miles: only.miles,
      taxable: only.taxableMiles ?? only.miles,
    },
  }
}

const DAY = 24 * 60 * 60 * 1000

/** A trip being made of a unit's chained rows. */
type Building = { first: Segment; last: Segment; rows: number[]; lines: Map<string, { miles: number; taxableMiles: number }> }

/** The file's trips, in the order they start: a unit's rows chain while a row starts where its last ended (±1) within a day of it. */
function tripsOf(rows: ReadonlyArray<{ row: number; value: Segment }>): Building[] {
  const trips: Building[] = []
  const open = new Map<string, Building>()
  for (const { row, value } of rows) {
    const trip = open.get(value.truckId)
    const chains =
      trip !== undefined &&
      Math.abs(value.start - trip.last.end) <= MILES_TOLERANCE &&
      Math.abs(Date.parse(value.startDay) - Date.parse(trip.last.endDay)) <= DAY
    const current: Building = chains ? trip : { first: value, last: value, rows: [], lines: new Map() }
    if (!chains) {
      trips.push(current)
      open.set(value.truckId, current)
    }
    current.last = value
    current.rows.push(row)
    const line = current.lines.get(value.jurisdiction) ?? { miles: 0, taxableMiles: 0 }
    current.lines.set(value.jurisdiction, { miles: line.miles + value.miles, taxableMiles: line.taxableMiles + value.taxable })
  }
  return trips
}

/** What makes a second import of the same trip a duplicate: the unit, the odometer at both ends and the day it started. */
const importKey = (trip: Building) => `eld:${trip.first.unit}:${trip.first.start}:${trip.last.end}:${trip.first.startDay}`

/** The ELD import, the headers of `format`'s export read as its columns. */
export function tripImportList(format: EldFormat): ImportList<Segment, Trucks> {
  return {
    columns: TRIP_IMPORT_COLUMNS.map((column) => column.key),
    required: TRIP_IMPORT_COLUMNS.filter((column) => 'required' in column).map((column) => column.key),
    maxRows: IMPORT_MAX_ROWS.trips,
    aliases: ELD_HEADERS[format],
    leaveOutOthers: format !== 'generic',
    skips: { duplicate: 'eldImport.skipped.duplicate' },
    collect: ['unit'],
    prepare: trucksByUnit,
    check: (row, line, trucks) => checkRow(row, line, trucks),
    writer(tx, actor) {
      let trips = 0
      return {
        // A trip may span the whole file: every row is grouped at once (the file is bounded by IMPORT_MAX_ROWS.trips).
        batch: IMPORT_MAX_ROWS.trips + 1,
        async write(rows) {
          const refused: ImportError[] = []
          const built = new Map<ImportedTrip, Building>()
          for (const trip of tripsOf(rows)) {
            const lines = [...trip.lines].map(([jurisdiction, line]) => ({ jurisdiction, ...line }))
            const parsed = TripSchema.safeParse(tripInput(trip.first.truckId, trip.first.startDay, trip.last.endDay, trip.first.start, trip.last.end, lines))
            if (!parsed.success) {
              const issue = parsed.error.issues[0]
              refused.push({ row: trip.rows[0], column: columnOf(issue.path), message: issue.message })
              continue
            }
            built.set({ input: parsed.data, importKey: importKey(trip), firstRow: trip.rows[0], lastRow: trip.rows.at(-1)! }, trip)
          }
          const outcome = await importTrips(tx, actor, [...built.keys()])
          trips += outcome.created
          for (const { trip, message, params } of outcome.refused) refused.push({ row: trip.lastRow, column: 'date', message, params })
          const duplicate = outcome.duplicates.reduce((sum, trip) => sum + built.get(trip)!.rows.length, 0)
          return { refused, skipped: { duplicate } }
        },
        result: () => ({ created: trips }),
      }
    },
    // Duplicates and filed quarters are found by the writes, so the dry run writes and rolls back.
    dryRunWrites: true,
  }
}
