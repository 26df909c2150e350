/**
 * A claim (ADR 142): one schema for `POST/PUT /api/claims` and, through `claimFromForm`, for the
 * editor at /dashboard/claims/new and …/:id/edit (the form types dollars and picks the claimant in
 * one select; the API sends cents and the claimant's id under its kind). The claimant is a broker or
 * a company, never both; the amount paid is at most the amount claimed.
 */
import { z } from 'zod'

import { day, instant } from './api-record'
import { CLAIM_KINDS, CLAIM_NOTES_MAX, CLAIM_SORTS, CLAIM_STATUSES, CLAIMANT_TYPES } from './claim-options'
import { dateOnly, optionalText, withVersion } from './fields'
import { dateFilter, enumFilter, idFilter, listQuery } from './list-query'
import { cents, optionalDollars, requiredDollars } from './money-fields'
import { idText, requiredId, text } from './text'
import { VersionSchema } from './version'

const common = {
  loadId: requiredId(),
  kind: z.enum(CLAIM_KINDS, { error: 'validation.choice' }),
  filedOn: dateOnly(),
  insurer: optionalText(120),
  insurerClaimNumber: optionalText(60),
  notes: optionalText(CLAIM_NOTES_MAX),
}

type Amounts = { amountClaimedCents: number; amountPaidCents?: number }

/** What is paid is at most what was claimed. */
function paidRule(claim: Amounts, ctx: z.RefinementCtx) {
  if (claim.amountPaidCents !== undefined && claim.amountPaidCents > claim.amountClaimedCents)
    ctx.addIssue({ code: 'custom', path: ['amountPaidCents'], message: 'claims.errors.paidOverClaimed' })
}

/** One claimant: a broker or a company (the database holds it too). */
function claimantRule(claim: { claimantBrokerId?: string; claimantCompanyId?: string }, ctx: z.RefinementCtx) {
  if (!claim.claimantBrokerId && !claim.claimantCompanyId)
    ctx.addIssue({ code: 'custom', path: ['claimantBrokerId'], message: 'claims.errors.claimantRequired' })
  if (claim.claimantBrokerId && claim.claimantCompanyId) ctx.addIssue({ code: 'custom', path: ['claimantCompanyId'], message: 'claims.errors.oneClaimant' })
}

const apiFields = () =>
  z.object({
    ...common,
    claimantBrokerId: idText().optional(),
    claimantCompanyId: idText().optional(),
    amountClaimedCents: cents('amount'),
    amountPaidCents: cents('amount').optional(),
  })

export const ClaimSchema = apiFields()
  .superRefine(claimantRule)
  .superRefine((claim, ctx) => paidRule(claim, ctx))
export type ClaimInput = z.infer<typeof ClaimSchema>
export const ClaimUpdateSchema = withVersion(apiFields())
  .superRefine(claimantRule)
  .superRefine((claim, ctx) => paidRule(claim, ctx))
export type ClaimUpdate = z.infer<typeof ClaimUpdateSchema>

/** The claimant select of the form: `broker:<id>` or `company:<id>`. */
const claimantChoice = () =>
  text({ error: 'claims.errors.claimantRequired' })
    .trim()
    .min(1, 'claims.errors.claimantRequired')
    .refine((value) => {
      const [type, id] = value.split(':')
      return (CLAIMANT_TYPES as readonly string[]).includes(type ?? '') && idText().safeParse(id).success && Boolean(id)
    }, 'claims.errors.unknownClaimant')

const formFields = () =>
  z.object({
    ...common,
    claimant: claimantChoice(),
    amountClaimed: requiredDollars('claims.errors.amount', 'amount'),
    amountPaid: optionalDollars('claims.errors.amount', 'amount'),
  })

function formPaidRule(claim: { amountClaimed: number; amountPaid?: number }, ctx: z.RefinementCtx) {
  if (claim.amountPaid !== undefined && claim.amountPaid > claim.amountClaimed)
    ctx.addIssue({ code: 'custom', path: ['amountPaid'], message: 'claims.errors.paidOverClaimed' })
}

/** The editor's form: the same fields, amounts in dollars as typed, the claimant in one select. */
export const ClaimFormSchema = formFields().superRefine(formPaidRule)
export const ClaimFormUpdateSchema = withVersion(formFields()).superRefine(formPaidRule)

/** The model's input from the editor's values (a field error of the model names the API's field; the form maps it back, FORM_FIELDS). */
export function claimFromForm<T extends z.output<ReturnType<typeof formFields>>>(form: T) {
  const { claimant, amountClaimed, amountPaid, ...rest } = form
  const [type, id] = claimant.split(':') as [string, string]
  return {
    ...rest,
    claimantBrokerId: type === 'broker' ? id : undefined,
    claimantCompanyId: type === 'company' ? id : undefined,
    amountClaimedCents: amountClaimed,
    amountPaidCents: amountPaid,
  }
}

/** The API's field names as the editor's form names them. */
export const CLAIM_FORM_FIELDS: Record<string, string> = {
  claimantBrokerId: 'claimant',
  claimantCompanyId: 'claimant',
  amountClaimedCents: 'amountClaimed',
  amountPaidCents: 'amountPaid',
}

/** `POST /api/claims/{id}/status`: the status to move to; settling may say what was paid. */
export const ClaimStatusSchema = z.object({
  status: z.enum(CLAIM_STATUSES, { error: 'validation.choice' }),
  amountPaidCents: cents('amount').optional(),
  version: VersionSchema.optional(),
})
export type ClaimStatusInput = z.infer<typeof ClaimStatusSchema>

/** The page's settle form: what was paid, in dollars. */
export const ClaimSettleFormSchema = z.object({
  amountPaid: optionalDollars('claims.errors.amount', 'amount'),
  version: VersionSchema.optional(),
})

/** `POST /api/claims/{id}/deduction`: how much of what was paid the load's driver bears. */
export const ClaimDeductionSchema = z.object({
  amountCents: cents('amount').refine((value) => value > 0, 'claims.errors.deductionZero'),
  version: VersionSchema.optional(),
})
export type ClaimDeductionInput = z.infer<typeof ClaimDeductionSchema>

/** The page's deduction form: the amount in dollars. */
export const ClaimDeductionFormSchema = z.object({
  amount: requiredDollars('claims.errors.amount', 'amount').refine((value) => value > 0, 'claims.errors.deductionZero'),
  version: VersionSchema.optional(),
})

/** The list's query: status, kind, load, the day received (from–to); newest first. Bad values fall back. */
export const ClaimListQuerySchema = listQuery({
  sorts: CLAIM_SORTS,
  defaultSort: 'filedOn',
  defaultDir: 'desc',
  filters: { status: enumFilter(CLAIM_STATUSES), kind: enumFilter(CLAIM_KINDS), loadId: idFilter(), from: dateFilter(), to: dateFilter() },
})
export type ClaimListQuery = z.infer<typeof ClaimListQuerySchema>

const ref = () => z.object({ id: z.string(), name: z.string() })

/** A claim as the API answers it (serializeClaim): the OpenAPI's `Claim`. */
export const ClaimRecordSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  number: z.string(),
  loadId: z.string(),
  load: z.object({ id: z.string(), loadNumber: z.string(), driverId: z.string().nullable() }),
  kind: z.enum(CLAIM_KINDS),
  status: z.enum(CLAIM_STATUSES),
  claimant: z.object({ type: z.enum(CLAIMANT_TYPES), id: z.string(), name: z.string() }),
  claimantBrokerId: z.string().nullable(),
  claimantCompanyId: z.string().nullable(),
  filedOn: day(),
  amountClaimedCents: z.number().int(),
  amountPaidCents: z.number().int().nullable(),
  insurer: z.string().nullable(),
  insurerClaimNumber: z.string().nullable(),
  notes: z.string().nullable(),
  deduction: z
    .object({
      driver: ref(),
      amountCents: z.number().int(),
      requestedAt: instant(),
      /** The live settlement that deducts it, or null while it waits for the driver's next one. */
      settlement: z.object({ id: z.string(), number: z.string() }).nullable(),
    })
    .nullable(),
  documents: z.array(
    z.object({ id: z.string(), fileName: z.string(), contentType: z.string(), sizeBytes: z.number().int(), uploadedAt: instant(), url: z.string() }),
  ),
  createdAt: instant(),
  updatedAt: instant(),
  version: z.number().int(),
})
export type ClaimRecord = z.infer<typeof ClaimRecordSchema>
