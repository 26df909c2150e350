/**
 * The claim's policy (ADR 142): its status table, which actions each status allows, and when a
 * claim's payment may be deducted from the load's driver. The claim model (and the settlement model,
 * for the deduction) refuses with these reasons; the claim pages offer exactly what is allowed.
 * No zod and nothing server-only.
 */
import type { ClaimStatus } from '~/schemas/claim-options'
import { can, type Role } from '~/utils/permissions'

import type { PolicyRefusal } from './refusal'

/** open → investigating → settled | denied → closed; an open claim may be settled or denied at once. */
export const CLAIM_TRANSITIONS: Record<ClaimStatus, readonly ClaimStatus[]> = {
  open: ['investigating', 'settled', 'denied'],
  investigating: ['settled', 'denied'],
  settled: ['closed'],
  denied: ['closed'],
  closed: [],
}

export function canMoveClaim(from: ClaimStatus, to: ClaimStatus) {
  return CLAIM_TRANSITIONS[from].includes(to)
}

export const CLAIM_ACTIONS = ['edit', 'delete', 'investigating', 'settled', 'denied', 'closed', 'deduct'] as const
export type ClaimAction = (typeof CLAIM_ACTIONS)[number]

export type ClaimState = {
  status: ClaimStatus
  amountPaidCents: number | null
  /** Whether a deduction was asked already (live on a settlement or waiting for the next one). */
  deducted: boolean
  /** The load's driver, who bears a deduction; null when the load has none. */
  driverId: string | null
}

/**
 * Why an action is refused on a claim in this state, or null when allowed. A closed claim is the
 * record: never edited. Deleting is for a claim opened by mistake: open, nothing deducted. A
 * deduction needs a claim the carrier paid (settled or closed after it, an amount paid), a load
 * with a driver, and none asked before.
 */
export function claimRefusal(action: ClaimAction, claim: ClaimState): PolicyRefusal | null {
  switch (action) {
    case 'edit':
      return claim.status === 'closed' ? { code: 'invalid_transition', key: 'claims.errors.closed' } : null
    case 'delete':
      if (claim.deducted) return { code: 'in_use', key: 'claims.errors.deductedKeep' }
      return claim.status === 'open' ? null : { code: 'in_use', key: 'claims.errors.keep' }
    case 'deduct':
      if (claim.deducted) return { code: 'in_use', key: 'claims.errors.alreadyDeducted' }
      if (!claim.amountPaidCents || (claim.status !== 'settled' && claim.status !== 'closed'))
        return { code: 'invalid_transition', key: 'claims.errors.deductNotPaid' }
      return claim.driverId ? null : { code: 'invalid_transition', key: 'claims.errors.deductNoDriver' }
    default:
      return canMoveClaim(claim.status, action) ? null : { code: 'invalid_transition', key: 'claims.errors.transition' }
  }
}

export function claimAllows(action: ClaimAction, claim: ClaimState) {
  return !claimRefusal(action, claim)
}

/**
 * What the claim page offers this role: each action the role may take and the state allows. The
 * deduction is a settlement's line: it also needs the right to change settlements.
 */
export function claimOffers(role: Role, claim: ClaimState): Record<ClaimAction, boolean> {
  const update = can(role, 'update', 'claim')
  const may = (action: ClaimAction) =>
    action === 'delete' ? can(role, 'delete', 'claim') : action === 'deduct' ? update && can(role, 'update', 'settlement') : update
  return Object.fromEntries(CLAIM_ACTIONS.map((action) => [action, may(action) && claimAllows(action, claim)])) as Record<ClaimAction, boolean>
}

/** The status moves a page offers as buttons, in the table's order. */
export const CLAIM_MOVES = ['investigating', 'settled', 'denied', 'closed'] as const satisfies readonly ClaimAction[]
