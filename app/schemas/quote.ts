/** One schema per quote request form and API body (messages are i18n keys). */
import { z } from 'zod'

import { apiRecordSchema, day, instant, namedRef } from './api-record'
import { EmailSchema } from './auth'
import { dateOnly, idText, integer, optionalPhone, optionalText, requiredText } from './fields'
import { enumFilter, listQuery } from './list-query'
import { LOAD_STATUSES } from './load-options'
import { cents } from './money-fields'
import { QUOTE_HONEYPOT, QUOTE_SORTS, QUOTE_STATUSES } from './quote-options'
import { TRAILER_TYPES } from './trailer-options'
import { VersionSchema } from './version'

/**
 * The public /pricing form: the lane, the equipment, the day and weight, who asks. `website` is
 * the honeypot (hidden from people): the page drops a filled one silently, so it is allowed here.
 */
export const QuoteRequestSchema = z.object({
  originCity: requiredText(80),
  originState: requiredText(40),
  destinationCity: requiredText(80),
  destinationState: requiredText(40),
  equipmentType: z.enum(TRAILER_TYPES, { error: 'validation.choice' }),
  pickupDate: dateOnly(),
  weightLb: integer(1, 200_000).optional(),
  name: requiredText(100),
  email: EmailSchema,
  company: optionalText(100),
  phone: optionalPhone('quotes.errors.phone'),
  message: optionalText(2000),
  [QUOTE_HONEYPOT]: optionalText(200),
})
export type QuoteRequestInput = z.infer<typeof QuoteRequestSchema>

/** "Quote a price": the amount (cents, above zero, at most what a load may total: it becomes the load's linehaul) and a note for the requester. */
export const QuotePriceSchema = z.object({
  amountCents: cents('amount').refine((value) => value > 0, 'quotes.errors.amountPositive'),
  note: optionalText(2000),
  version: VersionSchema.optional(),
})
export type QuotePriceInput = z.infer<typeof QuotePriceSchema>

/** Mark won: the version the client saw, when it sends one. */
export const QuoteActionSchema = z.object({ version: VersionSchema.optional() })

/** Mark lost, with the reason (kept for the record). */
export const QuoteLostSchema = z.object({ reason: requiredText(500), version: VersionSchema.optional() })
export type QuoteLostInput = z.infer<typeof QuoteLostSchema>

/**
 * "Convert to load": the customer the load is billed to (a load needs one): `brokerId`, one of the
 * organization's customers, or `billTo: "requester"`, the request's own requester (ADR 098).
 */
export const QuoteConvertSchema = z
  .object({
    brokerId: idText().optional(),
    billTo: z.enum(['requester'], { error: 'validation.choice' }).optional(),
    version: VersionSchema.optional(),
  })
  .superRefine((value, context) => {
    if (value.billTo && value.brokerId) context.addIssue({ code: 'custom', path: ['brokerId'], message: 'quotes.errors.customerOrRequester' })
    if (!value.billTo && !value.brokerId) context.addIssue({ code: 'custom', path: ['brokerId'], message: 'loads.errors.brokerRequired' })
  })
export type QuoteConvertInput = z.infer<typeof QuoteConvertSchema>

export const QuoteListQuerySchema = listQuery({
  sorts: QUOTE_SORTS,
  defaultSort: 'createdAt',
  defaultDir: 'desc',
  filters: { status: enumFilter(QUOTE_STATUSES) },
})
export type QuoteListQuery = z.infer<typeof QuoteListQuerySchema>

/** A quote request as the API answers it (serializeQuote), in the list and alone. */
export const QuoteRecordSchema = apiRecordSchema({
  number: z.string().meta({ readOnly: true, description: 'From the organization’s sequence, e.g. Q-000012.' }),
  status: z.enum(QUOTE_STATUSES).meta({ readOnly: true }),
  originCity: z.string(),
  originState: z.string(),
  destinationCity: z.string(),
  destinationState: z.string(),
  equipmentType: z.enum(TRAILER_TYPES),
  pickupDate: day(),
  weightLb: z.number().int().nullable(),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  phone: z.string().nullable(),
  message: z.string().nullable(),
  quotedCents: z.number().int().nullable().meta({ readOnly: true, description: 'The price last quoted.' }),
  quoteNote: z.string().nullable().meta({ readOnly: true }),
  quotedAt: instant().nullable().meta({ readOnly: true, description: 'When the first price was sent (the response time ends here).' }),
  decidedAt: instant().nullable().meta({ readOnly: true, description: 'When it was marked won or lost.' }),
  lostReason: z.string().nullable().meta({ readOnly: true }),
  answeredBy: namedRef().nullable().meta({ readOnly: true, description: 'Who last priced or decided it.' }),
  loadId: z.string().nullable().meta({ readOnly: true, description: 'The load it was converted to (one at most).' }),
  load: z
    .object({ id: z.string(), loadNumber: z.string(), status: z.enum(LOAD_STATUSES) })
    .nullable()
    .meta({ readOnly: true }),
}).omit({ organizationId: true })
export type QuoteRecord = z.infer<typeof QuoteRecordSchema>
