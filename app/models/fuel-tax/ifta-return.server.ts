/**
 * The quarter's rates and its return (ADR 122): the figures come from app/policies/ifta.ts on the
 * quarter's trips, fuel and rates; filing records the day and closes the quarter (its fuel
 * purchases and trips refuse writes), an admin may reopen it with a reason in the audit log.
 */
import { type Actor, recordAudit } from '~/models/audit/audit.server'
import { listLoadTruckOptions } from '~/models/loads/load-pickers.server'
import { organizationToday } from '~/models/organization/organization.server'
import { assertActorMay, isoDate, throwRefusal, toDateOnly } from '~/models/records/records.server'
import {
  iftaFileRefusal,
  iftaReopenRefusal,
  iftaReturn,
  type IftaReturnFigures,
  parseQuarter,
  type Quarter,
  quarterDueDate,
  quarterName,
  quarterRange,
  ratesChangeRefusal,
  recentQuarters,
  type ReturnWarning,
} from '~/policies/ifta'
import type { IftaRatesInput, IftaRatesRecord, IftaReturnRecord } from '~/schemas/ifta'
import { FUEL_TYPES, type FuelType, type IftaReturnStatus } from '~/schemas/ifta-options'
import { type CsvColumn, csvResponse } from '~/utils/csv.server'
import { prisma } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'
import { isolate } from '~/utils/format'
import { formatDecimal, SCALE } from '~/utils/money'

import { lockQuarterExclusive } from './ifta-period.server'
import { readRateMatrix } from './ifta-rate-matrix.server'

/** A quarter from the URL, or not found (a page) / 404 (the API). */
export function requireQuarter(value: string): Quarter {
  const quarter = parseQuarter(value)
  if (!quarter) throw new DomainError('not_found', 'ifta.errors.quarterNotFound')
  return quarter
}

async function quarterRow(organizationId: string, quarter: string) {
  return prisma.iftaQuarter.findUnique({ where: { organizationId_quarter: { organizationId, quarter } } })
}

const statusOf = (row: { filedAt: Date | null } | null): IftaReturnStatus => (row?.filedAt ? 'filed' : 'open')

/* ---------------------------------------------------------------- rates */

const perGallon = (units: number | null) => (units === null ? null : formatDecimal(units, SCALE.basisPoints))

export async function getIftaRates(organizationId: string, quarter: Quarter): Promise<IftaRatesRecord> {
  const name = quarterName(quarter)
  const [rows, row] = await Promise.all([
    prisma.iftaRate.findMany({ where: { organizationId, quarter: name }, orderBy: [{ jurisdiction: 'asc' }, { fuelType: 'asc' }] }),
    quarterRow(organizationId, name),
  ])
  return {
    quarter: name,
    status: statusOf(row),
    interestPerMonth: perGallon(row?.interestPerMonthPpm ?? null),
    rates: rows.map((rate) => ({
      jurisdiction: rate.jurisdiction as IftaRatesRecord['rates'][number]['jurisdiction'],
      fuelType: rate.fuelType,
      ratePerGallon: perGallon(rate.rateTenThousandths)!,
      surchargePerGallon: perGallon(rate.surchargeTenThousandths),
    })),
  }
}

/**
 * Replaces the quarter's rate table (or, with `fuelTypes`, those fuel types' rows only: the rates
 * page edits one column, the IFTA, Inc. matrix brings the columns it has) and its interest rate,
 * in one transaction, audited.
 */
export async function putIftaRates(
  actor: Actor,
  quarter: Quarter,
  input: IftaRatesInput,
  options: { fuelTypes?: readonly FuelType[] } = {},
): Promise<IftaRatesRecord> {
  assertActorMay(actor, 'update', 'iftaReturn')
  const { organizationId } = actor
  const name = quarterName(quarter)
  const replaced = { organizationId, quarter: name, ...(options.fuelTypes ? { fuelType: { in: [...options.fuelTypes] } } : {}) }
  await prisma.$transaction(async (tx) => {
    await lockQuarterExclusive(tx, organizationId, name)
    // A filed return's figures stay as filed: its rates change only after an admin reopens it.
    const stored = await tx.iftaQuarter.findUnique({ where: { organizationId_quarter: { organizationId, quarter: name } }, select: { filedAt: true } })
    throwRefusal(ratesChangeRefusal(statusOf(stored)), { quarter: name })
    const before = await tx.iftaRate.count({ where: replaced })
    await tx.iftaRate.deleteMany({ where: replaced })
    await tx.iftaRate.createMany({
      data: input.rates.map((rate) => ({
        organizationId,
        quarter: name,
        jurisdiction: rate.jurisdiction,
        fuelType: rate.fuelType,
        rateTenThousandths: rate.ratePerGallon,
        surchargeTenThousandths: rate.surchargePerGallon ?? null,
      })),
    })
    await tx.iftaQuarter.upsert({
      where: { organizationId_quarter: { organizationId, quarter: name } },
      create: { organizationId, quarter: name, interestPerMonthPpm: input.interestPerMonth ?? null },
      update: { interestPerMonthPpm: input.interestPerMonth ?? null, version: { increment: 1 } },
    })
    await recordAudit(tx, actor, {
      entity: 'iftaReturn',
      entityId: name,
      action: 'update',
      before: { rates: before },
      after: { rates: input.rates.length, interestPerMonth: input.interestPerMonth ?? null },
    })
  })
  return getIftaRates(organizationId, quarter)
}

/**
 * The IFTA, Inc. rate matrix of the quarter (its CSV, app/models/fuel-tax/ifta-rate-matrix.server.ts
 * reads it) as the quarter's rates: the fuel types the file has replace theirs, the others and the
 * interest rate stay. A file it cannot read is refused at its line and column, nothing written.
 */
export async function importIftaRateMatrix(actor: Actor, quarter: Quarter, file: Uint8Array): Promise<{ rates: number; fuelTypes: FuelType[] }> {
  assertActorMay(actor, 'update', 'iftaReturn')
  const matrix = await readRateMatrix(file)
  const stored = await quarterRow(actor.organizationId, quarterName(quarter))
  await putIftaRates(actor, quarter, { rates: matrix.rates, interestPerMonth: stored?.interestPerMonthPpm ?? undefined }, { fuelTypes: matrix.fuelTypes })
  return { rates: matrix.rates.length, fuelTypes: matrix.fuelTypes }
}

/* ---------------------------------------------------------------- the return */

export type IftaReturnView = IftaReturnFigures & { quarter: string; fuelType: FuelType; status: IftaReturnStatus; filedAt: string | null; version: number }

/** The return for one fuel type, computed now from the quarter's records. */
export async function readIftaReturn(organizationId: string, quarter: Quarter, fuelType: FuelType): Promise<IftaReturnView> {
  const name = quarterName(quarter)
  const range = quarterRange(quarter)
  const between = { gte: toDateOnly(range.from)!, lte: toDateOnly(range.to)! }
  // The trips and their lines as two flat reads: a nested read of thousands of trips costs a JSON
  // aggregate per trip.
  const [trips, lines, purchases, rates, row, today] = await Promise.all([
    prisma.trip.findMany({
      where: { organizationId, endedAt: between },
      select: { id: true, truckId: true, startedAt: true, endedAt: true, startOdometer: true, endOdometer: true },
    }),
    prisma.tripJurisdiction.findMany({
      where: { trip: { organizationId, endedAt: between } },
      select: { tripId: true, jurisdiction: true, miles: true, taxableMiles: true },
    }),
    prisma.fuelPurchase.findMany({
      where: { organizationId, purchasedAt: between },
      select: { truckId: true, jurisdiction: true, fuelType: true, gallonsMilli: true, taxPaid: true },
    }),
    prisma.iftaRate.findMany({ where: { organizationId, quarter: name, fuelType } }),
    quarterRow(organizationId, name),
    organizationToday(organizationId),
  ])
  const linesOf = new Map<string, typeof lines>()
  for (const line of lines) linesOf.set(line.tripId, [...(linesOf.get(line.tripId) ?? []), line])
  const filedAt = isoDate(row?.filedAt ?? null)
  const figures = iftaReturn({
    quarter,
    fuelType,
    trips: trips.map((trip) => ({ ...trip, startedAt: isoDate(trip.startedAt)!, endedAt: isoDate(trip.endedAt)!, lines: linesOf.get(trip.id) ?? [] })),
    purchases,
    rates: rates.map((rate) => ({ jurisdiction: rate.jurisdiction, rate: rate.rateTenThousandths, surcharge: rate.surchargeTenThousandths })),
    filedAt,
    today,
    interestPerMonthPpm: row?.interestPerMonthPpm ?? null,
  })
  return { ...figures, quarter: name, fuelType, status: statusOf(row), filedAt, version: row?.version ?? 0 }
}

/** A warning's sentence, in the reader's language (`t`: the page's or the API caller's). */
function warningMessage(t: Translate, warning: ReturnWarning, units: ReadonlyMap<string, string>, mark: (value: string | number) => string | number) {
  const unit = warning.truckId ? (units.get(warning.truckId) ?? warning.truckId) : ''
  const params = Object.fromEntries(
    Object.entries({ unit, jurisdiction: warning.jurisdiction ?? '', ...warning.params }).map(([key, value]) => [key, mark(value)]),
  )
  return t(`ifta.warnings.${warning.code}`, params)
}

/** The unit numbers a return's warnings name. */
async function warningUnits(organizationId: string, warnings: readonly ReturnWarning[]) {
  const ids = [...new Set(warnings.flatMap((warning) => (warning.truckId ? [warning.truckId] : [])))]
  if (ids.length === 0) return new Map<string, string>()
  const trucks = await prisma.truck.findMany({ where: { organizationId, id: { in: ids } }, select: { id: true, unitNumber: true } })
  return new Map(trucks.map((truck) => [truck.id, truck.unitNumber]))
}

const gallons = (milli: number) => formatDecimal(milli, SCALE.milli)

/** The API shape (IftaReturnRecordSchema), every figure exact: gallons and rates as decimal strings. */
function serializeIftaReturn(view: IftaReturnView, messages: string[]): IftaReturnRecord {
  return {
    quarter: view.quarter,
    fuelType: view.fuelType,
    status: view.status,
    dueDate: view.dueDate,
    filedAt: view.filedAt,
    totalMiles: view.totalMiles,
    taxableMiles: view.taxableMiles,
    totalGallons: gallons(view.totalGallonsMilli),
    mpg: view.mpgHundredths === null ? null : formatDecimal(view.mpgHundredths, SCALE.cents),
    lines: view.lines.map((line) => ({
      jurisdiction: line.jurisdiction as IftaReturnRecord['lines'][number]['jurisdiction'],
      totalMiles: line.totalMiles,
      taxableMiles: line.taxableMiles,
      taxableGallons: line.taxableGallons,
      taxPaidGallons: gallons(line.taxPaidGallonsMilli),
      netTaxableGallons: gallons(line.netTaxableGallonsMilli),
      ratePerGallon: perGallon(line.rate),
      surchargePerGallon: perGallon(line.surcharge),
      taxCents: line.taxCents,
      surchargeCents: line.surchargeCents,
      interestCents: line.interestCents,
    })),
    taxDueCents: view.taxDueCents,
    penaltyCents: view.penaltyCents,
    interestCents: view.interestCents,
    totalDueCents: view.totalDueCents,
    warnings: view.warnings.map((warning, index) => ({
      code: warning.code,
      ...(warning.truckId ? { truckId: warning.truckId } : {}),
      ...(warning.jurisdiction ? { jurisdiction: warning.jurisdiction as IftaReturnRecord['lines'][number]['jurisdiction'] } : {}),
      message: messages[index],
    })),
  }
}

type Translate = (key: string, params?: Record<string, unknown>) => string

/**
 * The return as the API answers it, its warnings in the reader's language; for a page, with the
 * data in them isolated (a date or a unit keeps its direction in an Arabic sentence).
 */
export async function iftaReturnBody(
  organizationId: string,
  quarter: Quarter,
  fuelType: FuelType,
  t: Translate,
  options: { isolate?: boolean } = {},
): Promise<IftaReturnRecord> {
  const mark = options.isolate ? isolate : (value: string | number) => value
  const view = await readIftaReturn(organizationId, quarter, fuelType)
  const units = await warningUnits(organizationId, view.warnings)
  return serializeIftaReturn(
    view,
    view.warnings.map((warning) => warningMessage(t, warning, units, mark)),
  )
}

type ReturnLineRecord = IftaReturnRecord['lines'][number]

/** What one jurisdiction's line comes to: its tax (or credit), surcharge and interest; the CSV's and the PDF's last column. */
export function lineTotalDueCents(line: ReturnLineRecord) {
  return line.taxCents + line.surchargeCents + line.interestCents
}

type CsvTotals = { return: IftaReturnRecord; taxableGallons: number; taxCents: number; surchargeCents: number }
type CsvRow = { jurisdiction: string; line?: ReturnLineRecord; totals?: CsvTotals }

/**
 * The return's CSV: one row per member jurisdiction, then the `TOTAL` row, each column meaning the
 * same in every row (the sums of the lines' taxable gallons, tax, surcharge and interest, and the
 * total due); the last three columns are the return's own: total gallons, fleet MPG and penalty.
 */
const RETURN_CSV_COLUMNS: CsvColumn<CsvRow>[] = [
  { key: 'jurisdiction', label: 'ifta.fields.jurisdiction', value: (row) => row.jurisdiction },
  { key: 'totalMiles', label: 'ifta.return.totalMiles', value: (row) => row.line?.totalMiles ?? row.totals?.return.totalMiles },
  { key: 'taxableMiles', label: 'ifta.return.taxableMiles', value: (row) => row.line?.taxableMiles ?? row.totals?.return.taxableMiles },
  { key: 'taxableGallons', label: 'ifta.return.taxableGallons', value: (row) => row.line?.taxableGallons ?? row.totals?.taxableGallons },
  { key: 'taxPaidGallons', label: 'ifta.return.taxPaidGallons', value: (row) => row.line?.taxPaidGallons },
  { key: 'netTaxableGallons', label: 'ifta.return.netTaxableGallons', value: (row) => row.line?.netTaxableGallons },
  { key: 'ratePerGallon', label: 'ifta.return.rate', value: (row) => row.line?.ratePerGallon },
  { key: 'taxCents', label: 'ifta.return.tax', value: (row) => row.line?.taxCents ?? row.totals?.taxCents, money: true },
  { key: 'surchargeCents', label: 'ifta.return.surcharge', value: (row) => row.line?.surchargeCents ?? row.totals?.surchargeCents, money: true },
  { key: 'interestCents', label: 'ifta.return.interest', value: (row) => row.line?.interestCents ?? row.totals?.return.interestCents, money: true },
  {
    key: 'totalDueCents',
    label: 'ifta.return.totalDue',
    value: (row) => (row.line ? lineTotalDueCents(row.line) : row.totals?.return.totalDueCents),
    money: true,
  },
  { key: 'totalGallons', label: 'ifta.return.totalGallons', value: (row) => row.totals?.return.totalGallons },
  { key: 'mpg', label: 'ifta.return.mpg', value: (row) => row.totals?.return.mpg },
  { key: 'penaltyCents', label: 'ifta.return.penalty', value: (row) => row.totals?.return.penaltyCents, money: true },
]

/**
 * The return as CSV: the API's (`headers: 'key'`, cents) or the page's (translated headers,
 * dollars). The totals row is named `TOTAL` (RETURN_CSV_COLUMNS): its tax, surcharge, interest and
 * penalty add up to its total due.
 */
export function iftaReturnCsv(body: IftaReturnRecord, options: { headers: 'key' | Translate }) {
  async function* rows(): AsyncGenerator<CsvRow> {
    for (const line of body.lines) yield { jurisdiction: line.jurisdiction, line }
    const sum = (of: (line: ReturnLineRecord) => number) => body.lines.reduce((total, line) => total + of(line), 0)
    yield {
      jurisdiction: 'TOTAL',
      totals: {
        return: body,
        taxableGallons: sum((line) => line.taxableGallons),
        taxCents: sum((line) => line.taxCents),
        surchargeCents: sum((line) => line.surchargeCents),
      },
    }
  }
  return csvResponse(rows(), RETURN_CSV_COLUMNS, {
    headers: options.headers,
    filename: `ifta-${body.quarter}-${body.fuelType}.csv`,
    bom: options.headers !== 'key',
  })
}

/**
 * Files the quarter's return on `filedAt` (never after today on the organization's clock): from
 * then on its fuel purchases and trips refuse writes. Under the quarter's lock, so a write that
 * started first finishes first and one that starts after sees the quarter closed.
 */
export async function fileIftaReturn(actor: Actor, quarter: Quarter, filedAt: string) {
  assertActorMay(actor, 'update', 'iftaReturn')
  const { organizationId } = actor
  const name = quarterName(quarter)
  await prisma.$transaction(async (tx) => {
    if (filedAt > (await organizationToday(organizationId, tx)))
      throw new DomainError('validation_failed', 'ifta.errors.filedInFuture', { fields: { filedAt: ['ifta.errors.filedInFuture'] } })
    if (filedAt < quarterRange(quarter).to)
      throw new DomainError('validation_failed', 'ifta.errors.filedBeforeEnd', { fields: { filedAt: ['ifta.errors.filedBeforeEnd'] } })
    await lockQuarterExclusive(tx, organizationId, name)
    const row = await tx.iftaQuarter.findUnique({ where: { organizationId_quarter: { organizationId, quarter: name } } })
    throwRefusal(iftaFileRefusal(statusOf(row)))
    await tx.iftaQuarter.upsert({
      where: { organizationId_quarter: { organizationId, quarter: name } },
      create: { organizationId, quarter: name, filedAt: toDateOnly(filedAt) },
      update: { filedAt: toDateOnly(filedAt), version: { increment: 1 } },
    })
    await recordAudit(tx, actor, { entity: 'iftaReturn', entityId: name, action: 'status', before: { status: 'open' }, after: { status: 'filed', filedAt } })
  })
}

/** Opens a filed quarter again (admins only), with the reason in the audit log. */
export async function reopenIftaReturn(actor: Actor, quarter: Quarter, reason: string) {
  assertActorMay(actor, 'delete', 'iftaReturn')
  const { organizationId } = actor
  const name = quarterName(quarter)
  await prisma.$transaction(async (tx) => {
    await lockQuarterExclusive(tx, organizationId, name)
    const row = await tx.iftaQuarter.findUnique({ where: { organizationId_quarter: { organizationId, quarter: name } } })
    throwRefusal(iftaReopenRefusal(statusOf(row)))
    await tx.iftaQuarter.update({ where: { id: row!.id }, data: { filedAt: null, version: { increment: 1 } } })
    await recordAudit(tx, actor, {
      entity: 'iftaReturn',
      entityId: name,
      action: 'status',
      before: { status: 'filed', filedAt: isoDate(row!.filedAt) },
      after: { status: 'open', reason },
    })
  })
}

/* ---------------------------------------------------------------- the overview */

export type QuarterSummary = {
  quarter: string
  status: IftaReturnStatus
  dueDate: string
  filedAt: string | null
  totalDueCents: number
  fuelTypes: FuelType[]
}

/** What the fuel purchase and trip lists filter by: the units (null past the picker's maximum) and the recent quarters. */
export async function fuelRecordFilterOptions(organizationId: string) {
  const [trucks, today] = await Promise.all([listLoadTruckOptions(organizationId), organizationToday(organizationId)])
  return { trucks, quarters: recentQuarters(today).map(quarterName) }
}

/**
 * The last `count` quarters up to today's, newest first: status, due date and the total due over
 * the fuel types that quarter has fuel of (diesel when none).
 */
export async function listIftaQuarters(organizationId: string, count = 8): Promise<QuarterSummary[]> {
  const quarters = recentQuarters(await organizationToday(organizationId), count)
  return Promise.all(
    quarters.map(async (each) => {
      const range = quarterRange(each)
      const types = await prisma.fuelPurchase.findMany({
        where: { organizationId, purchasedAt: { gte: toDateOnly(range.from)!, lte: toDateOnly(range.to)! } },
        distinct: ['fuelType'],
        select: { fuelType: true },
      })
      const fuelTypes = FUEL_TYPES.filter((type) => types.some((row) => row.fuelType === type))
      const returns = await Promise.all((fuelTypes.length ? fuelTypes : (['diesel'] as const)).map((type) => readIftaReturn(organizationId, each, type)))
      return {
        quarter: quarterName(each),
        status: returns[0].status,
        dueDate: quarterDueDate(each),
        filedAt: returns[0].filedAt,
        totalDueCents: returns.reduce((sum, view) => sum + view.totalDueCents, 0),
        fuelTypes,
      }
    }),
  )
}
