/**
 * The largest amounts of money, one per kind of amount, in integer cents (ADR 089): the one place
 * they are written. Every schema that takes money refuses past its kind's maximum (400
 * `validation_failed` with the kind's message), and every column holds what its kind can reach: a
 * column of one amount or one document is an INTEGER with a CHECK at the maximum, a sum of any
 * number of them (a settlement, a factoring schedule, a credit limit) a BIGINT. No zod: policies
 * and pages import it (app/schemas/money.ts builds the fields on it).
 */

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

/** Each kind's maximum and the message (a catalogue key) that refuses more. */
export const MONEY_LIMITS: Record<MoneyKind, { max: number; tooLarge: string }> = {
  amount: { max: MAX_AMOUNT_CENTS, tooLarge: 'validation.money.amountTooLarge' },
  document: { max: MAX_DOCUMENT_CENTS, tooLarge: 'validation.money.documentTooLarge' },
  sum: { max: MAX_SUM_CENTS, tooLarge: 'validation.money.sumTooLarge' },
  price: { max: MAX_PRICE_CENTS, tooLarge: 'products.errors.priceTooLarge' },
  ratePerMile: { max: MAX_RATE_PER_MILE_CENTS, tooLarge: 'validation.money.ratePerMileTooLarge' },
}
