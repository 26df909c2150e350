/**
 * The fuel tax (IFTA) policy: quarters and their due dates, which writes a filed quarter refuses,
 * and the quarterly return's arithmetic as the IFTA Articles of Agreement set it (R820 total
 * miles and gallons, R830 the fleet's average MPG, R1200 the return's lines, R1220 penalty and
 * interest). Plain functions on integers: gallons in thousandths, rates in ten-thousandths of a
 * dollar, money in cents, rounded once each, half up, by the money module. No zod, nothing
 * server-only: the model, the pages, the CSV, the PDF and the API all take their figures from
 * `iftaReturn`.
 */
import { FUEL_TYPES, type FuelType, type IftaWarningCode, isIftaMember, QUARTER_PATTERN } from '~/schemas/ifta-options'
import { divideHalfUp, multiplyDecimal, percentOfCents, SCALE } from '~/utils/money'

import type { PolicyRefusal } from './refusal'

/* ---------------------------------------------------------------- quarters */

export type Quarter = { year: number; number: 1 | 2 | 3 | 4 }

export function parseQuarter(value: string): Quarter | null {
  const match = QUARTER_PATTERN.exec(value)
  if (!match) return null
  const year = Number(match[1])
  return year >= 2000 && year <= 2200 ? { year, number: Number(match[2]) as Quarter['number'] } : null
}

export function quarterName({ year, number }: Quarter) {
  return `${year}-Q${number}`
}

const pad = (value: number) => String(value).padStart(2, '0')
const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate()

/** The quarter a `YYYY-MM-DD` day falls in. */
export function quarterOf(day: string): string {
  const year = Number(day.slice(0, 4))
  const month = Number(day.slice(5, 7))
  return `${year}-Q${Math.ceil(month / 3)}`
}

/** The quarter's first and last day, `YYYY-MM-DD`. */
export function quarterRange({ year, number }: Quarter) {
  const firstMonth = number * 3 - 2
  const lastMonth = number * 3
  return { from: `${year}-${pad(firstMonth)}-01`, to: `${year}-${pad(lastMonth)}-${pad(lastDayOf(year, lastMonth))}` }
}

/** The return is due the last day of the month after the quarter (Q4's on January 31 of the next year). */
export function quarterDueDate({ year, number }: Quarter) {
  const month = number * 3 + 1
  const dueYear = month > 12 ? year + 1 : year
  const dueMonth = month > 12 ? 1 : month
  return `${dueYear}-${pad(dueMonth)}-${pad(lastDayOf(dueYear, dueMonth))}`
}

/** The quarter before, for the overview's list of recent quarters. */
export function previousQuarter({ year, number }: Quarter): Quarter {
  return number === 1 ? { year: year - 1, number: 4 } : { year, number: (number - 1) as Quarter['number'] }
}

/** The last `count` quarters up to the one `today` (`YYYY-MM-DD`) falls in, newest first. */
export function recentQuarters(today: string, count = 8): Quarter[] {
  let quarter = parseQuarter(quarterOf(today))!
  const quarters: Quarter[] = []
  for (let index = 0; index < count; index++) {
    quarters.push(quarter)
    quarter = previousQuarter(quarter)
  }
  return quarters
}

/**
 * Months late, each month or part of a month after the due date counting whole (R1220): a return
 * due on a month's last day and filed in the next month is one month late, on the day after the
 * end of that month two.
 */
export function monthsLate(dueDate: string, on: string) {
  if (on <= dueDate) return 0
  const index = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7))
  return index(on) - index(dueDate)
}

/* ---------------------------------------------------------------- what a filed quarter refuses */

/**
 * Why a fuel purchase or trip dated on `day` may not be written (created, changed, deleted, or
 * moved into or out of the quarter), or null: its quarter's return was filed. An admin reopens it
 * first (`iftaReopenRefusal`).
 */
export function periodClosedRefusal(day: string, filedQuarters: ReadonlySet<string>): PolicyRefusal | null {
  return filedQuarters.has(quarterOf(day)) ? { code: 'period_closed', key: 'ifta.errors.periodClosed' } : null
}

/** A filed quarter's rates are the filed return's: they change only after an admin reopens it (409 period_closed). */
export function ratesChangeRefusal(status: 'open' | 'filed'): PolicyRefusal | null {
  return status === 'filed' ? { code: 'period_closed', key: 'ifta.errors.ratesClosed' } : null
}

/**
 * A receipt is the evidence behind a filed return (ADR 129): one may be added to any purchase, but
 * a filed quarter's receipt is neither replaced nor removed until the quarter is reopened.
 */
export function receiptChangeRefusal(purchase: { purchasedAt: string; hasReceipt: boolean }, filedQuarters: ReadonlySet<string>): PolicyRefusal | null {
  return purchase.hasReceipt ? periodClosedRefusal(purchase.purchasedAt, filedQuarters) : null
}

export function iftaFileRefusal(status: 'open' | 'filed'): PolicyRefusal | null {
  return status === 'filed' ? { code: 'invalid_transition', key: 'ifta.errors.alreadyFiled' } : null
}

export function iftaReopenRefusal(status: 'open' | 'filed'): PolicyRefusal | null {
  return status === 'filed' ? null : { code: 'invalid_transition', key: 'ifta.errors.notFiled' }
}

/* ---------------------------------------------------------------- the return */

export type ReturnTrip = {
  truckId: string
  startedAt: string
  endedAt: string
  startOdometer: number
  endOdometer: number
  lines: ReadonlyArray<{ jurisdiction: string; miles: number; taxableMiles: number }>
}

export type ReturnPurchase = { truckId: string; jurisdiction: string; fuelType: FuelType; gallonsMilli: number; taxPaid: boolean }

/** A jurisdiction's rate for the fuel type, in ten-thousandths of a dollar per gallon. */
export type ReturnRate = { jurisdiction: string; rate: number; surcharge: number | null }

export type ReturnInput = {
  quarter: Quarter
  fuelType: FuelType
  /** The trips that ended in the quarter, of every unit. */
  trips: readonly ReturnTrip[]
  /** The fuel bought in the quarter, of every fuel type (a unit's type is the one it bought most of). */
  purchases: readonly ReturnPurchase[]
  rates: readonly ReturnRate[]
  filedAt: string | null
  /** Today in the organization's time zone: an open return past its due date is late as of today. */
  today: string
  /** Interest per month in millionths (0.4167 % is 4167), or null when none is set for the quarter. */
  interestPerMonthPpm: number | null
}

export type ReturnWarning = { code: IftaWarningCode; truckId?: string; jurisdiction?: string; params?: Record<string, string | number> }

export type ReturnLine = {
  jurisdiction: string
  totalMiles: number
  taxableMiles: number
  /** Whole gallons: taxable miles ÷ MPG, half up. */
  taxableGallons: number
  taxPaidGallonsMilli: number
  netTaxableGallonsMilli: number
  rate: number | null
  surcharge: number | null
  /** Negative: a credit. */
  taxCents: number
  surchargeCents: number
  interestCents: number
}

export type IftaReturnFigures = {
  dueDate: string
  monthsLate: number
  totalMiles: number
  taxableMiles: number
  totalGallonsMilli: number
  /** Hundredths of a mile per gallon, or null with no fuel bought. */
  mpgHundredths: number | null
  lines: ReturnLine[]
  taxDueCents: number
  penaltyCents: number
  interestCents: number
  totalDueCents: number
  warnings: ReturnWarning[]
}

/** The late-filing penalty's floor ($50) and share of the tax due (10 %, in basis points). */
const PENALTY_FLOOR_CENTS = 5_000
const PENALTY_BP = 1_000
/** Interest is a rate per month in millionths: cents × ppm is cents at 6 more decimals. */
const PPM_SCALE = 6

/**
 * The unit's fuel type for the return: the one it bought the most gallons of in the quarter (ties
 * by the order of FUEL_TYPES), diesel when it bought none. A unit that bought two types is warned.
 */
function unitFuelTypes(purchases: readonly ReturnPurchase[]) {
  const gallons = new Map<string, Map<FuelType, number>>()
  for (const purchase of purchases) {
    const byType = gallons.get(purchase.truckId) ?? new Map<FuelType, number>()
    byType.set(purchase.fuelType, (byType.get(purchase.fuelType) ?? 0) + purchase.gallonsMilli)
    gallons.set(purchase.truckId, byType)
  }
  const types = new Map<string, { fuelType: FuelType; mixed: boolean }>()
  for (const [truckId, byType] of gallons) {
    const ranked = FUEL_TYPES.filter((type) => byType.has(type)).sort((a, b) => byType.get(b)! - byType.get(a)!)
    types.set(truckId, { fuelType: ranked[0], mixed: ranked.length > 1 })
  }
  return types
}

function odometerGaps(trips: readonly ReturnTrip[]): ReturnWarning[] {
  const byUnit = new Map<string, ReturnTrip[]>()
  for (const trip of trips) byUnit.set(trip.truckId, [...(byUnit.get(trip.truckId) ?? []), trip])
  const warnings: ReturnWarning[] = []
  for (const [truckId, unitTrips] of byUnit) {
    const ordered = [...unitTrips].sort((a, b) => a.startOdometer - b.startOdometer || a.startedAt.localeCompare(b.startedAt))
    for (let index = 1; index < ordered.length; index++) {
      const from = ordered[index - 1].endOdometer
      const to = ordered[index].startOdometer
      if (from !== to) warnings.push({ code: 'odometer_gap', truckId, params: { from, to } })
    }
  }
  return warnings
}

/** The quarterly return for one fuel type, every figure exact (docs/domain.md, "Fuel tax"). */
export function iftaReturn(input: ReturnInput): IftaReturnFigures {
  const { quarter, fuelType } = input
  const range = quarterRange(quarter)
  const dueDate = quarterDueDate(quarter)
  const late = monthsLate(dueDate, input.filedAt ?? input.today)
  const warnings: ReturnWarning[] = []

  const unitTypes = unitFuelTypes(input.purchases)
  const runsOn = (truckId: string) => unitTypes.get(truckId)?.fuelType ?? 'diesel'
  for (const [truckId, { fuelType: type, mixed }] of unitTypes) if (mixed && type === fuelType) warnings.push({ code: 'mixed_fuel', truckId })

  const trips = input.trips.filter((trip) => runsOn(trip.truckId) === fuelType)
  const purchases = input.purchases.filter((purchase) => purchase.fuelType === fuelType)
  const unitsWithMiles = new Set(trips.map((trip) => trip.truckId))
  for (const truckId of unitsWithMiles) if (!unitTypes.has(truckId)) warnings.push({ code: 'no_fuel', truckId })
  for (const truckId of new Set(purchases.map((purchase) => purchase.truckId))) if (!unitsWithMiles.has(truckId)) warnings.push({ code: 'no_miles', truckId })
  for (const trip of trips)
    if (trip.startedAt < range.from) warnings.push({ code: 'trip_outside_quarter', truckId: trip.truckId, params: { from: trip.startedAt } })
  warnings.push(...odometerGaps(trips))

  // Per jurisdiction: miles run, taxable miles, gallons bought with the tax paid.
  const byJurisdiction = new Map<string, { totalMiles: number; taxableMiles: number; taxPaidGallonsMilli: number }>()
  const at = (jurisdiction: string) => {
    const found = byJurisdiction.get(jurisdiction) ?? { totalMiles: 0, taxableMiles: 0, taxPaidGallonsMilli: 0 }
    byJurisdiction.set(jurisdiction, found)
    return found
  }
  let totalMiles = 0
  let taxableMiles = 0
  for (const trip of trips) {
    for (const line of trip.lines) {
      totalMiles += line.miles
      const member = isIftaMember(line.jurisdiction)
      if (member) taxableMiles += line.taxableMiles
      const row = at(line.jurisdiction)
      row.totalMiles += line.miles
      if (member) row.taxableMiles += line.taxableMiles
    }
  }
  let totalGallonsMilli = 0
  for (const purchase of purchases) {
    totalGallonsMilli += purchase.gallonsMilli
    if (purchase.taxPaid) at(purchase.jurisdiction).taxPaidGallonsMilli += purchase.gallonsMilli
  }

  // R830: miles ÷ gallons, to two decimals: miles × 100 × 1000 over thousandths of a gallon.
  // Without fuel there is no MPG (every unit with miles is warned of above) and no taxable gallon.
  const mpgHundredths = totalGallonsMilli > 0 ? divideHalfUp(totalMiles * 100 * 10 ** SCALE.milli, totalGallonsMilli) : null

  const rates = new Map(input.rates.map((rate) => [rate.jurisdiction, rate]))
  const lines: ReturnLine[] = []
  for (const [jurisdiction, row] of [...byJurisdiction].sort(([a], [b]) => a.localeCompare(b))) {
    if (!isIftaMember(jurisdiction)) continue
    const rate = rates.get(jurisdiction) ?? null
    if (!rate) warnings.push({ code: 'missing_rate', jurisdiction })
    const taxableGallons = mpgHundredths ? divideHalfUp(row.taxableMiles * 100, mpgHundredths) : 0
    const netTaxableGallonsMilli = taxableGallons * 10 ** SCALE.milli - row.taxPaidGallonsMilli
    const taxCents = rate ? multiplyDecimal(netTaxableGallonsMilli, SCALE.milli, rate.rate, SCALE.basisPoints, SCALE.cents) : 0
    // A surcharge is paid on every taxable gallon: fuel bought there gives no credit against it.
    const surchargeCents = rate?.surcharge ? multiplyDecimal(taxableGallons, 0, rate.surcharge, SCALE.basisPoints, SCALE.cents) : 0
    const owed = taxCents + surchargeCents
    const interestCents =
      late > 0 && owed > 0 && input.interestPerMonthPpm ? multiplyDecimal(owed * late, SCALE.cents, input.interestPerMonthPpm, PPM_SCALE, SCALE.cents) : 0
    lines.push({
      jurisdiction,
      totalMiles: row.totalMiles,
      taxableMiles: row.taxableMiles,
      taxableGallons,
      taxPaidGallonsMilli: row.taxPaidGallonsMilli,
      netTaxableGallonsMilli,
      rate: rate?.rate ?? null,
      surcharge: rate?.surcharge ?? null,
      taxCents,
      surchargeCents,
      interestCents,
    })
  }

  const taxDueCents = lines.reduce((sum, line) => sum + line.taxCents + line.surchargeCents, 0)
  // A quarter without a mile or a gallon of this fuel has nothing to file late (a carrier's quarters
  // before it used Freightdesk, or a fuel type it does not burn).
  const hasRecords = totalMiles > 0 || totalGallonsMilli > 0
  const penaltyCents = late > 0 && hasRecords ? Math.max(PENALTY_FLOOR_CENTS, taxDueCents > 0 ? percentOfCents(taxDueCents, PENALTY_BP) : 0) : 0
  const interestCents = lines.reduce((sum, line) => sum + line.interestCents, 0)
  if (late > 0 && input.interestPerMonthPpm === null && lines.some((line) => line.taxCents + line.surchargeCents > 0))
    warnings.push({ code: 'no_interest_rate' })

  return {
    dueDate,
    monthsLate: late,
    totalMiles,
    taxableMiles,
    totalGallonsMilli,
    mpgHundredths,
    lines,
    taxDueCents,
    penaltyCents,
    interestCents,
    totalDueCents: taxDueCents + penaltyCents + interestCents,
    warnings,
  }
}
