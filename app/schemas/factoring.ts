/** One schema per factoring form and API body (messages are i18n keys; ADR 068). */
import { z } from 'zod'

import { FULL_PERCENT_BP, hasAtMostDecimals, percentToBasisPoints, SCALE } from '~/utils/money'

import { apiRecordSchema, day, instant, namedRef } from './api-record'
import { CompanySchema } from './company'
import { MAX_SCHEDULE_INVOICES, SCHEDULE_SORTS, SCHEDULE_STATUSES } from './factoring-options'
import { dateOnly, idText, requiredText, text } from './fields'
import { INVOICE_EMAIL_STATUSES } from './invoice-options'
import { enumFilter, listQuery } from './list-query'
import { cents } from './money-fields'
import { VersionSchema } from './version'

const EMAIL = z.email()

/** A rate in percent, 0 to 100, to the hundredth (97.5, 2.75). */
function percent() {
  return z
    .number({ error: 'validation.number' })
    .min(0, 'validation.min0')
    .max(100, 'factoring.errors.percentMax')
    .refine((value) => hasAtMostDecimals(value, SCALE.cents), 'factoring.errors.percentPrecision')
}

/** `PUT /api/factoring/agreement` and the agreement form; `version` is required once an agreement exists (the model says so). */
export const AgreementSchema = z
  .object({
    factorCompanyId: idText().refine((value) => value !== '', 'factoring.errors.factorRequired'),
    advancePercent: percent(),
    feePercent: percent(),
    factorEmail: text()
      .trim()
      .max(254, 'validation.tooLong')
      .refine((value) => value === '' || EMAIL.safeParse(value).success, 'validation.email')
      .optional(),
    version: VersionSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (percentToBasisPoints(value.advancePercent) + percentToBasisPoints(value.feePercent) > FULL_PERCENT_BP)
      ctx.addIssue({ code: 'custom', path: ['feePercent'], message: 'factoring.errors.overHundred' })
  })
export type AgreementInput = z.infer<typeof AgreementSchema>

/**
 * "Add a factor" on the agreement page: what a factor needs, a company of kind factor (ADR 094):
 * its name, the remit-to address brokers pay (printed on assigned invoices and the notice letters)
 * and the email schedules go to. The company editor's own fields and checks.
 */
export const FactorCompanySchema = CompanySchema.pick({
  name: true,
  legalName: true,
  email: true,
  phone: true,
  addressLine1: true,
  addressLine2: true,
  city: true,
  state: true,
  postalCode: true,
  country: true,
})
export type FactorCompanyInput = z.infer<typeof FactorCompanySchema>

/** A single ticked box arrives as one string: read as a list of one. */
const oneOrMany = (value: unknown) => (typeof value === 'string' ? [value] : value)

/** `POST /api/factoring/schedules` and the new-schedule form: the invoices to sell. */
export const ScheduleCreateSchema = z.object({
  invoiceIds: z.preprocess(
    oneOrMany,
    z
      .array(idText(), { error: 'factoring.errors.pickInvoices' })
      .min(1, 'factoring.errors.pickInvoices')
      .max(MAX_SCHEDULE_INVOICES, 'factoring.errors.tooManyInvoices')
      .refine((ids) => new Set(ids).size === ids.length, 'factoring.errors.duplicateInvoice'),
  ),
})
export type ScheduleCreateInput = z.infer<typeof ScheduleCreateSchema>

/** One invoice's line of the factor's purchase report: what the factor advanced, charged and holds in reserve. */
export const PurchaseLineSchema = z.object({
  invoiceNumber: requiredText(40),
  advanceCents: cents('document'),
  feeCents: cents('document'),
  reserveCents: cents('document'),
})
export type PurchaseLine = z.infer<typeof PurchaseLineSchema>

/**
 * `POST /api/factoring/schedules/{id}/purchase` and "Purchased": the day the factor paid; the
 * figures per invoice from its report, or (without `lines`) the schedule's own.
 */
export const PurchaseSchema = z.object({
  purchasedAt: dateOnly(),
  lines: z.array(PurchaseLineSchema).max(MAX_SCHEDULE_INVOICES, 'factoring.errors.tooManyInvoices').optional(),
  version: VersionSchema.optional(),
})
export type PurchaseInput = z.infer<typeof PurchaseSchema>

/** The page's import of the factor's purchase report: the day, and the CSV file (read by the model). */
export const PurchaseImportSchema = z.object({ purchasedAt: dateOnly(), version: VersionSchema.optional() })

/** "Reserve released": the day and the amount the factor paid back of the reserve. */
export const ReserveReleaseSchema = z.object({
  releasedAt: dateOnly(),
  amountCents: cents('sum').refine((value) => value > 0, 'factoring.errors.amountPositive'),
  version: VersionSchema.optional(),
})
export type ReserveReleaseInput = z.infer<typeof ReserveReleaseSchema>

/** Send to factor, void: the version the client saw, when it sends one. */
export const ScheduleActionSchema = z.object({ version: VersionSchema.optional() })

export const ScheduleListQuerySchema = listQuery({
  sorts: SCHEDULE_SORTS,
  defaultSort: 'createdAt',
  defaultDir: 'desc',
  filters: { status: enumFilter(SCHEDULE_STATUSES) },
})
export type ScheduleListQuery = z.infer<typeof ScheduleListQuerySchema>

const centsOut = () => z.number().int()

/** The factoring agreement as the API answers it (serializeAgreement): rates in percent, as the form shows them. */
export const AgreementRecordSchema = z.object({
  factorCompanyId: z.string(),
  factor: namedRef().meta({ readOnly: true, description: 'The factor company: its legal name, else its name.' }),
  advancePercent: z.number().min(0).max(100),
  feePercent: z.number().min(0).max(100),
  factorEmail: z.string().nullable(),
  updatedAt: instant().meta({ readOnly: true }),
  version: z.number().int().min(1).meta({ readOnly: true, description: 'Send it back with PUT: a stale one answers 409 conflict.' }),
})
export type AgreementRecord = z.infer<typeof AgreementRecordSchema>

/** A schedule of accounts as the API answers it (serializeSchedule): its figures in cents, fixed when it was made, and its invoices. */
export const ScheduleRecordSchema = apiRecordSchema({
  number: z.string().meta({ readOnly: true, description: 'From the organization’s sequence, e.g. SCH-000042.' }),
  status: z.enum(SCHEDULE_STATUSES).meta({ readOnly: true }),
  factor: z
    .object({ name: z.string(), email: z.string().nullable() })
    .meta({ readOnly: true, description: 'The factor as it was when the schedule was made.' }),
  advancePercent: z.number().meta({ readOnly: true }),
  feePercent: z.number().meta({ readOnly: true }),
  totalCents: centsOut().meta({ readOnly: true }),
  advanceCents: centsOut().meta({ readOnly: true, description: 'The sum of the invoices’ advances (each the face × the rate, half a cent up).' }),
  feeCents: centsOut().meta({ readOnly: true, description: 'The sum of the invoices’ fees (each the face × the rate, half a cent up).' }),
  reserveCents: centsOut().meta({ readOnly: true, description: 'What the factor holds back: total − advance − fee.' }),
  reserveReleasedCents: centsOut().meta({ readOnly: true }),
  reserveReleasedAt: day().nullable().meta({ readOnly: true }),
  purchasedAt: day().nullable().meta({ readOnly: true }),
  sentAt: instant().nullable().meta({ readOnly: true }),
  email: z
    .object({ status: z.enum(INVOICE_EMAIL_STATUSES), to: z.string().nullable(), sentAt: instant().nullable(), error: z.string().nullable() })
    .nullable()
    .meta({ readOnly: true, description: 'The email to the factor, sent by the job queue: `queued`, `sent` or `failed`; null until the schedule is sent.' }),
  voidedAt: instant().nullable().meta({ readOnly: true }),
  invoices: z
    .array(
      z.object({
        invoiceId: z.string(),
        invoiceNumber: z.string(),
        broker: namedRef(),
        issueDate: day(),
        dueDate: day(),
        amountCents: centsOut(),
        advanceCents: centsOut(),
        feeCents: centsOut(),
        reserveCents: centsOut(),
      }),
    )
    .meta({ readOnly: true }),
}).omit({ organizationId: true })
export type ScheduleRecord = z.infer<typeof ScheduleRecordSchema>

/** A row of the schedule list (serializeScheduleRow): no invoices, their number instead. */
export const ScheduleRowRecordSchema = ScheduleRecordSchema.omit({ invoices: true }).extend({
  invoiceCount: z.number().int().meta({ readOnly: true }),
})
export type ScheduleRowRecord = z.infer<typeof ScheduleRowRecordSchema>
