/**
 * Invoice choices and the editor's running total, shared by pages, schemas and models. No zod
 * here: the list and the view page do not download the validation library. Every amount is integer
 * cents; an invoice's totals are computed once, by `invoiceTotals` in the money module
 * (app/utils/money.ts, ADR 031, ADR 105).
 */
import { decimalUnits, lineTotalCents, MAX_DOCUMENT_CENTS, parseDollars, SCALE } from '~/utils/money'

import type { PaymentTerm } from './broker-options'
import type { Tone } from './tone'

export const INVOICE_STATUSES = ['draft', 'sent', 'partially_paid', 'paid', 'void'] as const
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number]

/** What lists and filters show: the stored statuses plus `overdue`, derived from the due date and balance. */
export const INVOICE_FILTER_STATUSES = ['draft', 'sent', 'partially_paid', 'paid', 'overdue', 'void'] as const
export type InvoiceFilterStatus = (typeof INVOICE_FILTER_STATUSES)[number]

export const INVOICE_STATUS_META = {
  draft: { tone: 'default' },
  sent: { tone: 'info' },
  partially_paid: { tone: 'warning' },
  paid: { tone: 'success' },
  overdue: { tone: 'error' },
  void: { tone: 'default' },
} as const satisfies Record<InvoiceFilterStatus, { tone: Tone }>

/** Invoices that still expect money: these can take payments and become overdue. */
export const OPEN_INVOICE_STATUSES = ['sent', 'partially_paid'] as const satisfies readonly InvoiceStatus[]

/** Where the emailed copy of a sent invoice is: queued, handed to the mail server, given up, or not sent (no address). */
export const INVOICE_EMAIL_STATUSES = ['queued', 'sent', 'failed', 'no_address'] as const
export type InvoiceEmailStatus = (typeof INVOICE_EMAIL_STATUSES)[number]

export const PAYMENT_METHODS = ['ach', 'check', 'wire', 'card', 'cash', 'factoring', 'other'] as const

export const INVOICE_SORTS = ['invoiceNumber', 'issueDate', 'dueDate', 'totalCents', 'status', 'createdAt'] as const

/** Days from the issue date to the due date, per broker payment terms (quick pay: two days). */
export const DUE_DAYS: Record<PaymentTerm, number> = { due_on_receipt: 0, net_15: 15, net_30: 30, net_45: 45, net_60: 60, quick_pay: 2 }

/** `YYYY-MM-DD` plus days, as calendar dates (no time zone involved). */
export function addDays(day: string, days: number) {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/** An invoice's subtotal and total are a document's: at most $20,000,000.00 (app/utils/money.ts, ADR 089). */
export const MAX_INVOICE_CENTS = MAX_DOCUMENT_CENTS
export const MAX_INVOICE_ITEMS = 100
export const MAX_INVOICE_LOADS = 50

/** Overdue: still expecting money after its due date (`today` in the organization's zone). */
export function isOverdue(invoice: { status: string; dueDate: string; balanceCents: number }, today: string) {
  return (OPEN_INVOICE_STATUSES as readonly string[]).includes(invoice.status) && invoice.balanceCents > 0 && invoice.dueDate < today
}

/** The status a payment total gives an open invoice. */
export function paidStatus(totalCents: number, amountPaidCents: number): 'sent' | 'partially_paid' | 'paid' {
  if (amountPaidCents <= 0) return 'sent'
  return amountPaidCents >= totalCents ? 'paid' : 'partially_paid'
}

/** `INV-000042`: the organization's prefix and sequence, padded so numbers sort as text. */
export function formatInvoiceNumber(prefix: string, sequence: number) {
  return `${prefix}${String(sequence).padStart(6, '0')}`
}

/** The invoice editor's values as the form sends them (the server parses them: app/requests/invoice-form.server.ts). */
export type InvoiceLine = { title: string; description: string; quantity: string; unitPrice: string }
export type InvoiceFormValues = {
  companyId: string
  issueDate: string
  dueDate: string
  loadIds: string[]
  lines: InvoiceLine[]
  discount: string
  tax: string
  notes: string
}
export const EMPTY_LINE: InvoiceLine = { title: '', description: '', quantity: '1', unitPrice: '' }

export type BillableLoad = { id: string; loadNumber: string; lane: string; deliveredOn: string | null; reference: string | null; totalCents: number }

/**
 * The running total of the invoice editor, from what is typed (no zod: the browser computes it as
 * the accountant types; the server renders it from the same values without JavaScript): the
 * ticked loads, the lines (an empty quantity is 1), minus the discount, plus the tax. Text that is
 * not yet an amount counts as nothing and sets `incomplete`.
 */
export function invoiceFormTotals(
  values: Pick<InvoiceFormValues, 'loadIds' | 'lines' | 'discount' | 'tax'>,
  loads: Array<Pick<BillableLoad, 'id' | 'totalCents'>>,
) {
  let incomplete = false
  const amount = (text: string) => {
    if (!text.trim()) return 0
    const cents = parseDollars(text)
    if (cents === null) incomplete = true
    return cents ?? 0
  }
  const ticked = new Set(values.loadIds)
  const loadsCents = loads.reduce((sum, load) => sum + (ticked.has(load.id) ? load.totalCents : 0), 0)
  const linesCents = values.lines.reduce((sum, line) => {
    const quantity = line.quantity.trim() ? Number(line.quantity) : 1
    if (!Number.isFinite(quantity)) {
      incomplete = true
      return sum
    }
    const quantityMilli = decimalUnits(quantity, SCALE.milli)
    // A quantity past what a number holds exactly is not a quantity yet either.
    if (!Number.isSafeInteger(quantityMilli)) {
      incomplete = true
      return sum
    }
    return sum + lineTotalCents(quantityMilli, amount(line.unitPrice))
  }, 0)
  const discountCents = amount(values.discount)
  const taxCents = amount(values.tax)
  return { loadsCents, linesCents, discountCents, taxCents, totalCents: loadsCents + linesCents - discountCents + taxCents, incomplete }
}

/** The editor's values from its form as the browser holds them (`items[2].unitPrice` …), for the running total. */
export function invoiceFormValuesOf(form: FormData): Pick<InvoiceFormValues, 'loadIds' | 'lines' | 'discount' | 'tax'> {
  const lines: InvoiceLine[] = []
  for (const [name, value] of form) {
    const match = /^items\[(\d+)\]\.(title|description|quantity|unitPrice)$/.exec(name)
    if (!match || typeof value !== 'string') continue
    const index = Number(match[1])
    if (index >= MAX_INVOICE_ITEMS) continue
    lines[index] ??= { ...EMPTY_LINE }
    lines[index][match[2] as keyof InvoiceLine] = value
  }
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : ''
  }
  return {
    loadIds: form.getAll('loadIds').filter((id): id is string => typeof id === 'string'),
    lines: lines.filter(Boolean),
    discount: text('discount'),
    tax: text('tax'),
  }
}
