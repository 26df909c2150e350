/**
 * Driver pay: what a load pays its driver (docs/domain.md, "Driver pay"; ADR 059). Every amount is
 * integer cents; the only fraction in pay is a percent (`payRate` of a percent driver is basis
 * points, 25.5 % = 2550), rounded half up to the cent once per load by the money module's
 * `percentOfCents` (app/utils/money.ts, exact with BigInt). No zod and nothing server-only.
 */
import type { PayMethod, PayType } from '~/schemas/user-options'
import { decimalUnits, milesTimesRate, percentOfCents, SCALE } from '~/utils/money'

export function payTypeOf(method: PayMethod): PayType {
  return method === 'flat' ? 'per_load' : method
}

export function payMethodOf(type: PayType): PayMethod {
  return type === 'per_load' ? 'flat' : type
}

/**
 * The stored pay (`payMethod`, `payRate` in its unit) from a profile as written: the contract's
 * `payType` with `payRateCents` or `payPercent` (two decimals → basis points) when sent, else
 * `payMethod` and `payRate` as they are.
 */
export function storedPay(input: { payMethod?: PayMethod; payRate?: number; payType?: PayType; payRateCents?: number; payPercent?: number } | undefined) {
  if (!input?.payType) return { payMethod: input?.payMethod ?? null, payRate: input?.payRate ?? null }
  const rate = input.payType === 'percent' ? (input.payPercent === undefined ? undefined : decimalUnits(input.payPercent, SCALE.cents)) : input.payRateCents
  return { payMethod: payMethodOf(input.payType), payRate: rate ?? null }
}

/** The contract's view of the stored pay: `payType`, `payRateCents` (per mile or per load), `payPercent`. */
export function contractPay(payMethod: PayMethod | null, payRate: number | null) {
  return {
    payType: payMethod ? payTypeOf(payMethod) : null,
    payRateCents: payMethod && payMethod !== 'percent' ? payRate : null,
    payPercent: payMethod === 'percent' && payRate !== null ? payRate / 100 : null,
  }
}

export type PaySettings = { payMethod: PayMethod | null; payRate: number | null; emptyMileRateCents: number | null }
export type PayableLoad = { totalCents: number; loadedMiles: number | null; emptyMiles: number | null }

/**
 * What one load pays its driver: per mile = loaded miles × rate + empty miles × empty-mile rate;
 * percent = the load's total × percent; flat = the rate. A driver without pay settings earns 0
 * (the line still shows, so the office sees the load and sets the rate).
 */
export function loadPayCents(settings: PaySettings, load: PayableLoad): number {
  const rate = settings.payRate ?? 0
  switch (settings.payMethod) {
    case 'per_mile':
      return milesTimesRate(load.loadedMiles ?? 0, rate) + milesTimesRate(load.emptyMiles ?? 0, settings.emptyMileRateCents ?? 0)
    case 'percent':
      return percentOfCents(load.totalCents, rate)
    case 'flat':
      return rate
    default:
      return 0
  }
}

/** Gross (loads and reimbursements), deductions (recurring, store orders, advances) and net, which may be negative. */
export function settlementTotals(items: Array<{ type: string; amountCents: number }>) {
  let grossCents = 0
  let deductionsCents = 0
  for (const item of items) {
    if (item.type === 'load' || item.type === 'reimbursement') grossCents += item.amountCents
    else deductionsCents += item.amountCents
  }
  return { grossCents, deductionsCents, netCents: grossCents - deductionsCents }
}

export type RecurringDeduction = { description: string; amountCents: number }

/** The profile's recurring deductions as stored (JSON), keeping only well-formed lines. */
export function recurringDeductionsOf(value: unknown): RecurringDeduction[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((line: unknown) => {
    if (!line || typeof line !== 'object') return []
    const { description, amountCents } = line as Record<string, unknown>
    return typeof description === 'string' && description && Number.isSafeInteger(amountCents) && (amountCents as number) > 0
      ? [{ description, amountCents: amountCents as number }]
      : []
  })
}
