/**
 * One record as the books see it (the accounting export, ADR 144): the export's models turn invoices, payments,
 * settlements, fuel purchases, work orders and factoring into entries; the format writers
 * (./formats) turn entries into QuickBooks Desktop IIF, QuickBooks Online CSV or Xero CSV.
 * The record kinds know nothing of the formats and the formats nothing of the records.
 *
 * Amounts are whole cents (safe integers), positive as the document shows them: an invoice's
 * lines and total are positive; a reversal carries the same positive figures and says it reverses
 * (the writer flips what its format needs flipped). `lines` add up to `totalCents`.
 */
import type { AccountingKind } from '~/schemas/accounting-options'

/**
 * What the entry is to the books:
 * - `invoice`: a sale to a customer (A/R up, income by line);
 * - `payment`: money received from a customer against invoices (`counterAccount` is the bank);
 * - `bill`: owed to a vendor (A/P up, expense by line): a driver's settlement, a repair shop;
 * - `expense`: paid at once from `counterAccount` (a bank or card account): fuel, parts, labor;
 * - `journal`: a general journal entry whose lines carry their own sign (`debit` true/false),
 *   for factoring advances, fees and reserve releases.
 */
export type AccountingEntryType = 'invoice' | 'payment' | 'bill' | 'expense' | 'journal'

export type AccountingParty = {
  /** The customer's or vendor's name as the settings name them (broker name or code, driver's name). */
  name: string
  role: 'customer' | 'vendor'
}

export type AccountingLine = {
  /** The account's name (or, for Xero, its code when the settings give codes). */
  account: string
  /** The product/service item (QuickBooks) or item code (Xero), for invoice and bill lines; null otherwise. */
  item: string | null
  description: string
  /** Quantity as a decimal string (`"1"`, `"2.5"`), when the line has one. */
  quantity: string | null
  /** Unit price in cents, when the line has a quantity. */
  unitPriceCents: number | null
  /**
   * The line's amount in whole cents, positive as on the document (journal lines: see `debit`).
   * A line that takes away from the document's total (a settlement's deduction, an invoice's
   * discount) is negative, so the lines still add up to `totalCents` (ADR 144).
   */
  amountCents: number
  /** Journal entries only: true for a debit line, false for a credit line. */
  debit?: boolean
  /**
   * Journal lines on a bank account only: the clearing account a program that refuses manual
   * journals on bank accounts (Xero) posts the line to instead, the money itself coming in on the
   * bank statement, coded to that account (ADR 151).
   */
  clearingAccount?: string
}

export type AccountingEntry = {
  kind: AccountingKind
  /** The record's id in Freightdesk (invoice, payment, settlement, fuel purchase, work order, factoring schedule). */
  recordId: string
  type: AccountingEntryType
  /** The document number the books show: INV-000012, the payment's reference, ST-000004, WO-000031, … */
  number: string
  /** The day the books date it, `YYYY-MM-DD` in the organization's time zone. */
  date: string
  /** Invoices and bills: when they fall due, `YYYY-MM-DD`. */
  dueDate: string | null
  /** Null for journal entries without a name. */
  party: AccountingParty | null
  /**
   * The other side of the lines: accounts receivable (invoice), the bank (payment, expense),
   * accounts payable (bill). Null for journal entries, whose lines balance themselves.
   */
  counterAccount: string | null
  memo: string
  /** Sum of the lines (journal entries: sum of the debit lines). */
  totalCents: number
  lines: AccountingLine[]
  /** Payments only: the invoice numbers it pays, with the amount applied to each. */
  applied: { number: string; amountCents: number }[]
  /**
   * Set when this entry takes back one exported in an earlier batch (a voided invoice, a deleted
   * payment): the number of the batch that carried the original. Its figures are the original's.
   */
  reverses: { batchNumber: number } | null
}
