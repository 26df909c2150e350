/**
 * The settlement's policy: its status table and which actions each status allows. The settlement
 * model refuses with these reasons; the settlement pages offer exactly what is allowed. No zod and
 * nothing server-only (ADR 047, ADR 059).
 */
import type { SettlementStatus } from '~/schemas/settlement-options'
import { can, type Role } from '~/utils/permissions'

import type { PolicyRefusal } from './refusal'

/** draft → approved → paid; a draft or an approved settlement may be voided (it frees its loads and orders). */
export const SETTLEMENT_TRANSITIONS: Record<SettlementStatus, readonly SettlementStatus[]> = {
  draft: ['approved', 'void'],
  approved: ['paid', 'void'],
  paid: [],
  void: [],
}

export function canMoveSettlement(from: SettlementStatus, to: SettlementStatus) {
  return SETTLEMENT_TRANSITIONS[from].includes(to)
}

export const SETTLEMENT_ACTIONS = ['edit', 'approve', 'pay', 'void', 'delete'] as const
export type SettlementAction = (typeof SETTLEMENT_ACTIONS)[number]

type SettlementState = { status: SettlementStatus; netCents: number }

/**
 * Why an action is refused on a settlement in this state, or null when allowed. A negative net (the
 * deductions exceed the pay) is kept on the draft, where the office sees it, but not approved: the
 * office removes or lowers a line, or carries it to a later period.
 */
export function settlementRefusal(action: SettlementAction, { status, netCents }: SettlementState): PolicyRefusal | null {
  switch (action) {
    case 'edit':
      return status === 'draft' ? null : { code: 'in_use', key: 'settlements.errors.notDraft' }
    case 'delete':
      return status === 'draft' ? null : { code: 'in_use', key: 'settlements.errors.keep' }
    case 'approve':
      if (!canMoveSettlement(status, 'approved')) return { code: 'invalid_transition', key: 'settlements.errors.approveNotDraft' }
      return netCents < 0 ? { code: 'invalid_transition', key: 'settlements.errors.negativeNet' } : null
    case 'pay':
      return canMoveSettlement(status, 'paid') ? null : { code: 'invalid_transition', key: 'settlements.errors.payNotApproved' }
    case 'void':
      return canMoveSettlement(status, 'void') ? null : { code: 'invalid_transition', key: 'settlements.errors.voidFinal' }
  }
}

export function settlementAllows(action: SettlementAction, settlement: SettlementState) {
  return !settlementRefusal(action, settlement)
}

/**
 * What the settlement page says to fix before it can be approved, or null: a draft whose net is
 * below zero (approving it is refused for that reason alone; ADR 059). The page shows the key.
 */
export function settlementHeldBack(settlement: SettlementState): string | null {
  const refusal = settlement.status === 'draft' ? settlementRefusal('approve', settlement) : null
  return refusal?.key ?? null
}

/** What the settlement page offers this role: every action the role may take and the state allows. */
export function settlementOffers(role: Role, settlement: SettlementState): Record<SettlementAction, boolean> {
  const update = can(role, 'update', 'settlement')
  return Object.fromEntries(
    SETTLEMENT_ACTIONS.map((action) => [action, (action === 'delete' ? can(role, 'delete', 'settlement') : update) && settlementAllows(action, settlement)]),
  ) as Record<SettlementAction, boolean>
}

/** Drivers read only their own settlements: the driver filter every read of theirs carries. */
export function settlementScope(user: { organizationId: string; role: Role | string; id: string }) {
  return { organizationId: user.organizationId, ...(user.role === 'driver' ? { driverId: user.id } : {}) }
}
export type SettlementScope = ReturnType<typeof settlementScope>
