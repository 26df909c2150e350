/** Settlement choices shared by pages, schemas and the model. No zod here. */
import type { Tone } from './tone'

export const SETTLEMENT_STATUSES = ['draft', 'approved', 'paid', 'void'] as const
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number]

export const SETTLEMENT_STATUS_META = {
  draft: { tone: 'default' },
  approved: { tone: 'info' },
  paid: { tone: 'success' },
  void: { tone: 'error' },
} as const satisfies Record<SettlementStatus, { tone: Tone }>

export const SETTLEMENT_ITEM_TYPES = ['load', 'deduction', 'store_order', 'advance', 'reimbursement'] as const
export type SettlementItemType = (typeof SETTLEMENT_ITEM_TYPES)[number]
/** The lines the office adds by hand on a draft. */
export const MANUAL_ITEM_TYPES = ['advance', 'reimbursement'] as const

export const SETTLEMENT_PAY_METHODS = ['ach', 'check', 'wire', 'cash', 'other'] as const
export const SETTLEMENT_SORTS = ['number', 'periodEnd', 'netCents', 'status', 'createdAt'] as const

/** Recurring deductions on a driver's profile: at most this many lines. */
export const MAX_RECURRING_DEDUCTIONS = 10
/** Empty rows the driver editor offers for new recurring deductions (no JavaScript needed). */
export const RECURRING_DEDUCTION_ROWS = 3
/** A period spans at most this many days (a month and a bit; pay runs weekly or every two weeks). */
export const MAX_PERIOD_DAYS = 62

export function formatSettlementNumber(number: number) {
  return `STL-${String(number).padStart(6, '0')}`
}
