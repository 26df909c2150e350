import { z } from 'zod'

import { decimalUnits, hasAtMostDecimals, invoiceTotals, SCALE } from '~/utils/money'

import { customFieldsInput, dateOnly, idText, optionalText, requiredText, withVersion } from './fields'
import { INVOICE_FILTER_STATUSES, INVOICE_SORTS, MAX_INVOICE_CENTS, MAX_INVOICE_ITEMS, MAX_INVOICE_LOADS, PAYMENT_METHODS } from './invoice-options'
import { dateFilter, enumFilter, idFilter, listQuery } from './list-query'
import { cents } from './money-fields'
import { VersionSchema } from './version'

/** A quantity such as 1, 2.5 or 0.125: positive, at most three decimals, at most 100,000. */
function quantity() {
  return z
    .number({ error: 'validation.number' })
    .positive('validation.tooSmall')
    .max(100_000, 'validation.tooLarge')
    .refine((value) => hasAtMostDecimals(value, SCALE.milli), 'invoices.errors.quantityDecimals')
}

/**
 * A free line. A load's lines are made from the load by the model (from `loadIds`): a line sent
 * back with its `loadId`, as a client read it, is one of those and is not taken as a free line.
 */
export const InvoiceItemSchema = z.object({
  loadId: idText().optional(),
  title: requiredText(200),
  description: optionalText(500),
  quantity: quantity().default(1),
  unitPriceCents: cents('document'),
})

export const InvoiceFields = z.object({
  brokerId: idText().refine((value) => value !== '', 'invoices.errors.brokerRequired'),
  companyId: idText().optional(),
  issueDate: dateOnly().optional(),
  // Empty: from the broker's payment terms.
  dueDate: dateOnly().optional(),
  loadIds: z
    .array(idText(), { error: 'validation.choice' })
    .max(MAX_INVOICE_LOADS, 'invoices.errors.tooManyLoads')
    .default([])
    .refine((ids) => new Set(ids).size === ids.length, 'invoices.errors.duplicateLoad'),
  items: z.array(InvoiceItemSchema, { error: 'validation.choice' }).max(MAX_INVOICE_ITEMS, 'invoices.errors.tooManyItems').default([]),
  discountCents: cents('document').default(0),
  taxCents: cents('document').default(0),
  notes: optionalText(2000),
  customFields: customFieldsInput(),
})

type InvoiceShape = z.infer<typeof InvoiceFields>

/** The lines a client wrote itself (a line with a `loadId` comes from `loadIds`). */
export function freeItems<Item extends { loadId?: string }>(items: Item[]) {
  return items.filter((item) => !item.loadId)
}

/** Something to bill, dates in order, and money that fits: the rules across fields. */
export function invoiceRules(invoice: InvoiceShape, ctx: z.RefinementCtx) {
  if (invoice.loadIds.length === 0 && freeItems(invoice.items).length === 0)
    ctx.addIssue({ code: 'custom', message: 'invoices.errors.nothingToBill', path: ['items'] })
  if (invoice.issueDate && invoice.dueDate && invoice.dueDate < invoice.issueDate)
    ctx.addIssue({ code: 'custom', message: 'invoices.errors.dueBeforeIssue', path: ['dueDate'] })
  const free = invoiceTotals({
    items: freeItems(invoice.items).map((item) => ({ quantityMilli: decimalUnits(item.quantity, SCALE.milli), unitPriceCents: item.unitPriceCents })),
    discountCents: 0,
    taxCents: invoice.taxCents,
  })
  // The free lines alone (the loads' are added by the model): their sum, with the tax, fits a document.
  if (free.subtotalCents > MAX_INVOICE_CENTS || free.totalCents > MAX_INVOICE_CENTS)
    ctx.addIssue({ code: 'custom', message: 'invoices.errors.totalTooLarge', path: ['items'] })
}

/** One schema for the invoice editor and `POST /api/invoice`. Messages are i18n keys. */
export const InvoiceSchema = InvoiceFields.superRefine(invoiceRules)
export type InvoiceInput = z.infer<typeof InvoiceSchema>

/** A draft's editor and `PUT /api/invoice/{id}`: the whole invoice plus the version read. */
export const InvoiceUpdateSchema = withVersion(InvoiceFields).superRefine(invoiceRules)
export type InvoiceUpdate = z.infer<typeof InvoiceUpdateSchema>

/** Send, void, email: the version the client saw, when it sends one (else the invoice's current state decides). */
export const InvoiceActionSchema = z.object({ version: VersionSchema.optional() })

/** `POST /api/invoice/{id}/assignment` (ADR 094): assign the invoice to the factor (`true`) or take it back (`false`). */
export const FactorAssignmentSchema = z.object({ assigned: z.boolean({ error: 'validation.choice' }), version: VersionSchema.optional() })
export type FactorAssignmentInput = z.infer<typeof FactorAssignmentSchema>

/** `POST /api/invoice/{id}/payments` and the "Record payment" form. */
export const PaymentSchema = z.object({
  amountCents: cents('document').refine((value) => value > 0, 'invoices.errors.paymentPositive'),
  paidAt: dateOnly(),
  method: z.enum(PAYMENT_METHODS, { error: 'validation.choice' }).default('ach'),
  reference: optionalText(100),
  // Appending a payment never needs the invoice's version; one that is sent is still checked.
  version: VersionSchema.optional(),
})
export type PaymentInput = z.infer<typeof PaymentSchema>

/** List query from the URL or the API's query string; bad values fall back. */
export const InvoiceListQuerySchema = listQuery({
  sorts: INVOICE_SORTS,
  defaultSort: 'issueDate',
  defaultDir: 'desc',
  filters: {
    status: enumFilter(INVOICE_FILTER_STATUSES),
    brokerId: idFilter(),
    companyId: idFilter(),
    from: dateFilter(),
    to: dateFilter(),
    dueFrom: dateFilter(),
    dueTo: dateFilter(),
  },
})
export type InvoiceListQuery = z.infer<typeof InvoiceListQuerySchema>
