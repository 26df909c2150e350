/**
 * Money, and every other exact decimal, in one module (ADR 105): how amounts are held (integer
 * units), how far each kind may go (ADR 089), the one rounding rule, how people's text becomes
 * units and back, and the totals that pages, schemas, policies and models all compute (a load's, an
 * invoice's). No zod and nothing server-only: the browser imports it for live totals.
 *
 * A decimal is an integer count of 10^-scale units: cents are scale 2, an invoice quantity in
 * thousandths scale 3, a percent in basis points scale 4 of a whole (10,000 = 100 %), and so will be
 * gallons (scale 3) and rates per gallon (scale 4 of a dollar). Products and quotients are
 * computed exactly (BigInt) and rounded once, at the end, by `roundHalfUp`: a half rounds up,
 * toward +∞ (0.5 → 1, 1.5 → 2, −0.5 → 0; as `Math.round`). Amounts are never negative in practice.
 */

/* ---------------------------------------------------------------- maximums (ADR 089) */

/** What an `Int` column (PostgreSQL INTEGER) holds at most. */
export const PG_INT_MAX = 2_147_483_647

/**
 * One amount, $10,000,000.00: what a person or a program enters as one sum of money (a load's
 * linehaul and each charge, a settlement's advance or reimbursement, a recurring deduction, a
 * driver's flat pay per load, a quoted price) and a load's total.
 */
export const MAX_AMOUNT_CENTS = 1_000_000_000

/**
 * One document, $20,000,000.00: an invoice's subtotal and total, a store order's, and what is set
 * against one: an invoice line (it may bill the whole invoice), a payment, a remittance advice, a
 * discount, a tax, a factor's advance, fee and reserve on one invoice. The most an INTEGER column
 * holds with room to spare.
 */
export const MAX_DOCUMENT_CENTS = 2_000_000_000

/**
 * Across documents, $100,000,000.00: what is entered against many of them (a broker's credit
 * limit, against its open invoices; a release of a schedule's reserve). BIGINT columns. The sums
 * the app computes over any number of lines (a settlement's gross, deductions and net, a
 * schedule's totals) are BIGINT too and need no maximum of their own: their lines have one.
 */
export const MAX_SUM_CENTS = 10_000_000_000

/** A company store product's price, $100,000.00: a store item, not a truck (99 of one are a document). */
export const MAX_PRICE_CENTS = 10_000_000

/**
 * A driver's pay per mile, loaded or empty, $500.00: at the most miles a load carries (20,000
 * loaded and 20,000 empty) a load pays $20,000,000.00, a document.
 */
export const MAX_RATE_PER_MILE_CENTS = 50_000

export type MoneyKind = 'amount' | 'document' | 'sum' | 'price' | 'ratePerMile'

/** Each kind's maximum and the message (a catalogue key) that refuses more (app/schemas/money-fields.ts builds the fields on it). */
export const MONEY_LIMITS: Record<MoneyKind, { max: number; tooLarge: string }> = {
  amount: { max: MAX_AMOUNT_CENTS, tooLarge: 'validation.money.amountTooLarge' },
  document: { max: MAX_DOCUMENT_CENTS, tooLarge: 'validation.money.documentTooLarge' },
  sum: { max: MAX_SUM_CENTS, tooLarge: 'validation.money.sumTooLarge' },
  price: { max: MAX_PRICE_CENTS, tooLarge: 'products.errors.priceTooLarge' },
  ratePerMile: { max: MAX_RATE_PER_MILE_CENTS, tooLarge: 'validation.money.ratePerMileTooLarge' },
}

/* ---------------------------------------------------------------- fixed-point decimals */

/** Units of a decimal at each scale this app holds. */
export const SCALE = { cents: 2, milli: 3, basisPoints: 4 } as const

function assertInteger(name: string, ...values: number[]) {
  for (const value of values) if (!Number.isSafeInteger(value)) throw new RangeError(`${name}: safe integers only (${value})`)
}

/** `numerator / denominator` rounded half up (toward +∞), exactly; the denominator is positive. */
export function roundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('roundHalfUp: a positive denominator only')
  // floor((2n + d) / 2d): BigInt division truncates toward zero, so a negative quotient is floored by hand.
  const top = 2n * numerator + denominator
  const bottom = 2n * denominator
  const quotient = top / bottom
  return top < 0n && quotient * bottom !== top ? quotient - 1n : quotient
}

/**
 * `a` (at `aScale`) × `b` (at `bScale`) as units of `scale`, rounded once, half up. Quantity in
 * thousandths × cents → cents is `multiplyDecimal(q, 3, c, 2, 2)`; gallons × a rate per gallon
 * (4 decimals of a dollar) → cents is `multiplyDecimal(g, 3, r, 4, 2)`.
 */
export function multiplyDecimal(a: number, aScale: number, b: number, bScale: number, scale: number): number {
  assertInteger('multiplyDecimal', a, b)
  const product = BigInt(a) * BigInt(b)
  const shift = aScale + bScale - scale
  return Number(shift >= 0 ? roundHalfUp(product, 10n ** BigInt(shift)) : product * 10n ** BigInt(-shift))
}

/** `numerator / denominator` (integers of the same scale, or a whole count such as miles), rounded half up. */
export function divideHalfUp(numerator: number, denominator: number): number {
  assertInteger('divideHalfUp', numerator, denominator)
  return Number(roundHalfUp(BigInt(numerator), BigInt(denominator)))
}

// At most 15 digits before the point: beyond that a number of units is no longer exact anyway.
const MAX_WHOLE_DIGITS = 15

function unitsOf(whole: string, fraction: string, scale: number) {
  if (whole.length > MAX_WHOLE_DIGITS) return null
  return Number(whole) * 10 ** scale + Number(fraction.padEnd(scale, '0') || '0')
}

/** Units of `scale` from a plain decimal ("12", "12.5", "0.125"), or null when it is not one or has more decimals. */
export function parseDecimal(value: string, scale: number): number | null {
  const match = new RegExp(scale > 0 ? `^(\\d+)(?:\\.(\\d{1,${scale}}))?$` : '^(\\d+)$').exec(value.trim())
  return match ? unitsOf(match[1], match[2] ?? '', scale) : null
}

/** Units of `scale` as an exact decimal string with every decimal ("-1234.05" for -123405 cents): no floating point on the way. */
export function formatDecimal(units: number | bigint, scale: number): string {
  const value = BigInt(units)
  const digits = (value < 0n ? -value : value).toString().padStart(scale + 1, '0')
  const sign = value < 0n ? '-' : ''
  return scale > 0 ? `${sign}${digits.slice(0, -scale)}.${digits.slice(-scale)}` : `${sign}${digits}`
}

/** Units of `scale` from a number that a schema took with at most that many decimals (`decimalUnits(97.5, 2)` is 9750). */
export function decimalUnits(value: number, scale: number): number {
  return Math.round(value * 10 ** scale)
}

/** Whether a number as JSON carries it has at most `scale` decimals (2.125 has three). */
export function hasAtMostDecimals(value: number, scale: number): boolean {
  const units = value * 10 ** scale
  return Math.abs(units - Math.round(units)) < 1e-6
}

/* ---------------------------------------------------------------- cents and dollars */

// "25000", "25000.5", "25000.50", "25,000.50" (comma groups of three), "25000,50" (decimal comma).
const PLAIN = /^(\d+)(?:[.,](\d{1,2}))?$/
const GROUPED = /^(\d{1,3}(?:,\d{3})+)(?:\.(\d{1,2}))?$/

/** Cents from what a person typed as an amount ("$25,000.50", "25000,5"), or null when it is not one. */
export function parseDollars(value: string): number | null {
  const compact = value.replace(/[\s$]/g, '')
  const match = PLAIN.exec(compact) ?? GROUPED.exec(compact)
  return match ? unitsOf(match[1].replace(/,/g, ''), match[2] ?? '', SCALE.cents) : null
}

/** Cents as a form shows them: "25000" or "25000.50" (no grouping, so `parseDollars` reads it back the same). */
export function centsToDollars(cents: number | null | undefined): string | undefined {
  if (cents === null || cents === undefined) return undefined
  const exact = formatDecimal(Math.round(cents), SCALE.cents)
  return exact.endsWith('.00') ? exact.slice(0, -3) : exact
}

/* ---------------------------------------------------------------- percents */

/** 100 % in basis points: a percent is stored in hundredths of a percent (25.5 % = 2550). */
export const FULL_PERCENT_BP = 10_000

/** A percent as people and the API write it (97.5) in basis points (9750). */
export function percentToBasisPoints(percent: number) {
  return decimalUnits(percent, SCALE.cents)
}

export function basisPointsToPercent(basisPoints: number) {
  return basisPoints / 100
}

/**
 * `basisPoints` / 10,000 of `cents`, rounded half up to the cent: a store discount, a driver's
 * percent of a load, a factor's advance and fee. 10 % of 5 cents is 0.5 → 1; 1 % of 5 cents is
 * 0.05 → 0; 50 % of 3 cents is 1.5 → 2. Non-negative integers only.
 */
export function percentOfCents(cents: number, basisPoints: number): number {
  if (!Number.isSafeInteger(cents) || !Number.isSafeInteger(basisPoints) || cents < 0 || basisPoints < 0)
    throw new RangeError('percentOfCents: non-negative integers only')
  return multiplyDecimal(cents, SCALE.cents, basisPoints, SCALE.basisPoints, SCALE.cents)
}

/** Miles times a rate in cents per mile: whole numbers, so exact (a negative count is none). */
export function milesTimesRate(miles: number, rateCents: number): number {
  return multiplyDecimal(Math.max(0, miles), 0, Math.max(0, rateCents), SCALE.cents, SCALE.cents)
}

/* ---------------------------------------------------------------- loads */

/** A load's total in cents: linehaul plus its charges (the model stores it, the form shows it as typed); at most one amount. */
export function loadTotalCents(linehaulCents: number, charges: Array<{ amountCents: number }>) {
  return charges.reduce((sum, charge) => sum + charge.amountCents, linehaulCents)
}

/** Rate per mile in cents: the total over loaded plus empty miles, rounded half up, or null without miles. */
export function ratePerMileCents(load: { totalCents: number; loadedMiles: number | null; emptyMiles: number | null }) {
  const miles = (load.loadedMiles ?? 0) + (load.emptyMiles ?? 0)
  return miles > 0 ? divideHalfUp(load.totalCents, miles) : null
}

/* ---------------------------------------------------------------- invoices (ADR 031) */

/** A line's total: quantity (in thousandths) × unit price, rounded once, half up, to the cent. */
export function lineTotalCents(quantityMilli: number, unitPriceCents: number) {
  return multiplyDecimal(quantityMilli, SCALE.milli, unitPriceCents, SCALE.cents, SCALE.cents)
}

export type InvoiceMoney = {
  items: Array<{ quantityMilli: number; unitPriceCents: number }>
  discountCents: number
  taxCents: number
  amountPaidCents?: number
}

/** Subtotal, total and balance of an invoice: the one place they are computed. */
export function invoiceTotals(invoice: InvoiceMoney) {
  const subtotalCents = invoice.items.reduce((sum, item) => sum + lineTotalCents(item.quantityMilli, item.unitPriceCents), 0)
  const totalCents = subtotalCents - invoice.discountCents + invoice.taxCents
  const amountPaidCents = invoice.amountPaidCents ?? 0
  return { subtotalCents, totalCents, amountPaidCents, balanceCents: totalCents - amountPaidCents }
}
