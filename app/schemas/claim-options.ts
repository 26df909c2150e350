/**
 * Claim words shared by pages, schemas, the model and the policy (ADR 142). No zod here: the pages
 * that only show them do not download it.
 */

import type { Tone } from './tone'

/** Cargo damaged, short or lost in transit, or damage to someone's property. */
export const CLAIM_KINDS = ['cargo_damage', 'shortage', 'loss', 'property_damage'] as const
export type ClaimKind = (typeof CLAIM_KINDS)[number]

/** open → investigating → settled | denied → closed (app/policies/claim.ts moves them). */
export const CLAIM_STATUSES = ['open', 'investigating', 'settled', 'denied', 'closed'] as const
export type ClaimStatus = (typeof CLAIM_STATUSES)[number]

export const CLAIM_STATUS_TONE: Record<ClaimStatus, Tone> = {
  open: 'warning',
  investigating: 'info',
  settled: 'success',
  denied: 'error',
  closed: 'default',
}

/** Who claims: one of the organization's brokers or companies. */
export const CLAIMANT_TYPES = ['broker', 'company'] as const

export const CLAIM_SORTS = ['filedOn', 'number', 'amountClaimedCents', 'createdAt'] as const
export const CLAIM_NOTES_MAX = 4000

/** CL-000042: the organization's sequence, as printed and as the API answers it. */
export function formatClaimNumber(number: number) {
  return `CL-${String(number).padStart(6, '0')}`
}

/** The claimant select's value: `broker:<id>` or `company:<id>`. */
export function claimantValue(claimant: { brokerId?: string | null; companyId?: string | null }) {
  if (claimant.brokerId) return `broker:${claimant.brokerId}`
  if (claimant.companyId) return `company:${claimant.companyId}`
  return ''
}
