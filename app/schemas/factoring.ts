/** One schema per factoring form and API body (messages are i18n keys; ADR 068). */
import { z } from 'zod'

import { FULL_PERCENT_BP, hasAtMostDecimals, percentToBasisPoints, SCALE } from '~/utils/money'

import { CompanySchema } from './company'
import { MAX_SCHEDULE_INVOICES, SCHEDULE_SORTS, SCHEDULE_STATUSES } from './factoring-options'
import { dateOnly, idText, requiredText, text } from './fields'
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
