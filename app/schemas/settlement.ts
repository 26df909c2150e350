/** One schema per settlement form and API body (messages are i18n keys). */
import { z } from 'zod'

import { apiRecordSchema, day, instant, namedRef } from './api-record'
import { dateOnly, idText, optionalText, requiredText } from './fields'
import { dateFilter, enumFilter, idFilter, listQuery } from './list-query'
import { cents } from './money-fields'
import { MANUAL_ITEM_TYPES, MAX_PERIOD_DAYS, SETTLEMENT_ITEM_TYPES, SETTLEMENT_PAY_METHODS, SETTLEMENT_SORTS, SETTLEMENT_STATUSES } from './settlement-options'
import { VersionSchema } from './version'

const DAY_MS = 86_400_000

/** A pay period: both days, the end not before the start, at most MAX_PERIOD_DAYS long. */
const period = {
  periodStart: dateOnly(),
  periodEnd: dateOnly(),
}

function periodRules(value: { periodStart: string; periodEnd: string }, ctx: z.RefinementCtx) {
  if (value.periodEnd < value.periodStart) ctx.addIssue({ code: 'custom', path: ['periodEnd'], message: 'settlements.errors.endBeforeStart' })
  else if ((Date.parse(value.periodEnd) - Date.parse(value.periodStart)) / DAY_MS >= MAX_PERIOD_DAYS)
    ctx.addIssue({ code: 'custom', path: ['periodEnd'], message: 'settlements.errors.periodTooLong' })
}

/** `POST /api/settlements` and the new-settlement form. */
export const SettlementCreateSchema = z
  .object({ driverId: idText().refine((value) => value !== '', 'settlements.errors.driverRequired'), ...period })
  .superRefine(periodRules)
export type SettlementCreateInput = z.infer<typeof SettlementCreateSchema>

/** "Run pay for the period": `POST /api/settlements/run` and its form. */
export const SettlementRunSchema = z.object(period).superRefine(periodRules)
export type SettlementRunInput = z.infer<typeof SettlementRunSchema>

/** An advance or a reimbursement added by hand on a draft: one amount (at most $10,000,000.00, ADR 089). */
export const SettlementLineSchema = z.object({
  type: z.enum(MANUAL_ITEM_TYPES, { error: 'validation.choice' }),
  description: requiredText(200),
  amountCents: cents('amount').refine((value) => value > 0, 'settlements.errors.amountPositive'),
  version: VersionSchema.optional(),
})
export type SettlementLineInput = z.infer<typeof SettlementLineSchema>

export const SettlementLineRemoveSchema = z.object({ itemId: idText(), version: VersionSchema.optional() })

/** `POST /api/settlements/{id}/pay` and the "Mark paid" form. */
export const SettlementPaySchema = z.object({
  paidAt: dateOnly(),
  method: z.enum(SETTLEMENT_PAY_METHODS, { error: 'validation.choice' }).default('ach'),
  reference: optionalText(100),
  version: VersionSchema.optional(),
})
export type SettlementPayInput = z.infer<typeof SettlementPaySchema>

/** Approve, void, delete: the version the client saw, when it sends one. */
export const SettlementActionSchema = z.object({ version: VersionSchema.optional() })

export const SettlementListQuerySchema = listQuery({
  sorts: SETTLEMENT_SORTS,
  defaultSort: 'createdAt',
  defaultDir: 'desc',
  filters: {
    status: enumFilter(SETTLEMENT_STATUSES),
    driverId: idFilter(),
    from: dateFilter(),
    to: dateFilter(),
  },
})
export type SettlementListQuery = z.infer<typeof SettlementListQuerySchema>

const centsOut = () => z.number().int().meta({ readOnly: true })

/** A settlement as the API answers it (serializeSettlement): the driver and period, lines, totals in cents, the payment. */
export const SettlementRecordSchema = apiRecordSchema({
  number: z.string().meta({ readOnly: true, description: 'From the organization’s sequence, e.g. STL-000042.' }),
  status: z.enum(SETTLEMENT_STATUSES).meta({ readOnly: true }),
  driverId: z.string(),
  driver: namedRef().meta({ readOnly: true }),
  periodStart: day(),
  periodEnd: day(),
  items: z
    .array(
      z.object({
        id: z.string(),
        type: z.enum(SETTLEMENT_ITEM_TYPES),
        loadId: z.string().nullable(),
        orderId: z.string().nullable(),
        /** The claim whose payment the line deducts (ADR 142). */
        claimId: z.string().nullable(),
        description: z.string(),
        amountCents: z.number().int().min(0),
      }),
    )
    .meta({
      readOnly: true,
      description: 'Loads (pay) and reimbursements add up to `grossCents`; recurring deductions, store orders and advances to `deductionsCents`.',
    }),
  grossCents: centsOut(),
  deductionsCents: centsOut(),
  netCents: z.number().int().meta({ readOnly: true, description: 'Gross minus deductions; may be negative on a draft (not approved while it is).' }),
  paidAt: day().nullable().meta({ readOnly: true }),
  method: z.enum(SETTLEMENT_PAY_METHODS).nullable().meta({ readOnly: true, description: 'How it was paid; null until it is.' }),
  reference: z.string().nullable().meta({ readOnly: true }),
  voidedAt: instant().nullable().meta({ readOnly: true }),
}).omit({ organizationId: true })
export type SettlementRecord = z.infer<typeof SettlementRecordSchema>

/** A row of the settlement list (serializeSettlementRow): the settlement without its lines. */
export const SettlementRowRecordSchema = SettlementRecordSchema.omit({ items: true })
export type SettlementRowRecord = z.infer<typeof SettlementRowRecordSchema>

/** What a pay run answers: how many drafts it made, of how many active drivers. */
export const PayRunRecordSchema = z.object({
  created: z.number().int().min(0).describe('Drafts made.'),
  drivers: z.number().int().min(0).describe('Active drivers considered.'),
})
export type PayRunRecord = z.infer<typeof PayRunRecordSchema>
