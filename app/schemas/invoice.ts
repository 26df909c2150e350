import { z } from 'zod'

import { decimalUnits, hasAtMostDecimals, invoiceTotals, SCALE } from '~/utils/money'

import { apiRecordSchema, customFieldValues, day, instant, namedRef } from './api-record'
import { customFieldsInput, dateOnly, idText, optionalText, requiredText, withVersion } from './fields'
import {
  INVOICE_EMAIL_STATUSES,
  INVOICE_FILTER_STATUSES,
  INVOICE_SORTS,
  INVOICE_STATUSES,
  MAX_INVOICE_CENTS,
  MAX_INVOICE_ITEMS,
  MAX_INVOICE_LOADS,
  PAYMENT_METHODS,
} from './invoice-options'
import { dateFilter, enumFilter, idFilter, listQuery } from './list-query'
import { cents } from './money-fields'
import { RemittanceRecordSchema } from './remittance'
import { STATEMENT_LANGUAGES } from './user-options'
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

const centsOut = () => z.number().int()

/** Whom an invoice tells the broker to pay (serializeRemit's `remitTo`). */
const RemitToRecordSchema = z.object({
  name: z.string(),
  address: z.string().nullable().describe('Lines separated by newlines.'),
  bank: z.object({ accountName: z.string(), bankName: z.string().nullable(), routingNumber: z.string(), accountNumber: z.string() }).nullable(),
})

/** An invoice as the API answers it (invoiceBody: serializeInvoice and serializeRemit): every amount in integer cents. */
export const InvoiceRecordSchema = apiRecordSchema({
  invoiceNumber: z.string().meta({ readOnly: true, description: 'The organization’s prefix and sequence, e.g. INV-000042.' }),
  status: z.enum(INVOICE_STATUSES).meta({ readOnly: true }),
  overdue: z.boolean().meta({ readOnly: true, description: 'Derived: sent or partially paid, a balance left, and due before today.' }),
  brokerId: z.string(),
  broker: namedRef(),
  companyId: z.string().nullable(),
  company: namedRef().nullable(),
  issueDate: day(),
  dueDate: day(),
  loadIds: z.array(z.string()).describe('The loads its lines bill.'),
  items: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      description: z.string().nullable(),
      quantity: z.number(),
      unitPriceCents: centsOut(),
      totalCents: centsOut(),
      loadId: z.string().nullable().describe('The load a line bills (its linehaul and charges).'),
    }),
  ),
  subtotalCents: centsOut().meta({ readOnly: true }),
  discountCents: centsOut(),
  taxCents: centsOut(),
  totalCents: centsOut().meta({ readOnly: true }),
  amountPaidCents: centsOut().meta({ readOnly: true }),
  balanceCents: centsOut().meta({ readOnly: true }),
  payments: z
    .array(z.object({ id: z.string(), amountCents: centsOut(), paidAt: day(), method: z.enum(PAYMENT_METHODS), reference: z.string().nullable() }))
    .meta({ readOnly: true }),
  notes: z.string().nullable(),
  customFields: customFieldValues(),
  sentAt: instant().nullable().meta({ readOnly: true }),
  email: z
    .object({
      status: z.enum(INVOICE_EMAIL_STATUSES),
      to: z.string().nullable(),
      sentAt: instant().nullable(),
      attempts: z.number().int(),
      error: z.string().nullable().describe('The last attempt’s error while retrying or after the last one.'),
    })
    .nullable()
    .meta({
      readOnly: true,
      description:
        'The emailed copy (the PDF to the broker’s billing email, else its email), sent by a job queue with retries; null until the invoice is sent.',
    }),
  language: z
    .enum(STATEMENT_LANGUAGES)
    .meta({ readOnly: true, description: 'The creator’s language: the load lines, the PDF and the email are written in it.' }),
  voidedAt: instant().nullable().meta({ readOnly: true }),
  remitTo: RemitToRecordSchema.nullable().meta({
    readOnly: true,
    description:
      'Whom the invoice tells the broker to pay (ADR 094), as its PDF and payment page print it: the factor when it is assigned to the factor (`factorAssignment`), else the remit-to it was sent with (fixed when sent), or for a draft what sending would print; null when none.',
  }),
  factorAssignment: z
    .object({ factor: z.string(), by: z.enum(['schedule', 'carrier']), scheduleNumber: z.string().nullable(), at: instant().nullable() })
    .nullable()
    .meta({
      readOnly: true,
      description:
        'Set when the invoice is assigned to the factor, which is then its remit-to and every document prints a notice of assignment: `schedule` (on a schedule sent to or bought by the factor) or `carrier` (POST /api/invoice/{id}/assignment).',
    }),
  remittanceAdvices: z.array(RemittanceRecordSchema).optional().meta({
    readOnly: true,
    description:
      'GET /api/invoice/{id} only: what brokers said they paid from the payment page (ADR 062), newest first. `pending` ones wait for an accountant; `confirmed` ones name the payment they made.',
  }),
})
export type InvoiceRecord = z.infer<typeof InvoiceRecordSchema>

/** A row of the invoice list (serializeInvoiceRow): no lines, payments or email, the balance and `overdue` derived. */
export const InvoiceRowRecordSchema = InvoiceRecordSchema.pick({
  id: true,
  invoiceNumber: true,
  status: true,
  overdue: true,
  brokerId: true,
  broker: true,
  companyId: true,
  company: true,
  issueDate: true,
  dueDate: true,
  totalCents: true,
  amountPaidCents: true,
  balanceCents: true,
  sentAt: true,
  version: true,
})
export type InvoiceRowRecord = z.infer<typeof InvoiceRowRecordSchema>
