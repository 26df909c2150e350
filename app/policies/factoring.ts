/**
 * The factoring policy (ADR 068): which invoices may be sold to the factor, and what a schedule of
 * accounts allows in each status. The factoring model refuses with these reasons; the factoring
 * pages offer exactly what is allowed. No zod and nothing server-only.
 */
import type { ScheduleStatus } from '~/schemas/factoring-options'
import type { InvoiceStatus } from '~/schemas/invoice-options'
import { can, type Role } from '~/utils/permissions'

import type { PolicyRefusal } from './refusal'

/** open → sent → purchased; an open or sent schedule may be voided (its invoices are free again). */
export const SCHEDULE_TRANSITIONS: Record<ScheduleStatus, readonly ScheduleStatus[]> = {
  open: ['sent', 'purchased', 'void'],
  sent: ['sent', 'purchased', 'void'],
  purchased: [],
  void: [],
}

export const SCHEDULE_ACTIONS = ['send', 'purchase', 'release', 'void'] as const
export type ScheduleAction = (typeof SCHEDULE_ACTIONS)[number]

type ScheduleState = { status: ScheduleStatus; reserveCents: number; reserveReleasedCents: number }

/**
 * Why an action is refused on a schedule in this state, or null. Sending again is allowed until the
 * factor buys (a lost email); the purchase may come from an open schedule too (a factor's portal);
 * a reserve is released once the schedule is purchased, up to what the factor still holds.
 */
export function scheduleRefusal(action: ScheduleAction, { status, reserveCents, reserveReleasedCents }: ScheduleState): PolicyRefusal | null {
  switch (action) {
    case 'send':
      return SCHEDULE_TRANSITIONS[status].includes('sent') ? null : { code: 'invalid_transition', key: `factoring.errors.send.${status}` }
    case 'purchase':
      return SCHEDULE_TRANSITIONS[status].includes('purchased') ? null : { code: 'invalid_transition', key: `factoring.errors.purchase.${status}` }
    case 'void':
      return SCHEDULE_TRANSITIONS[status].includes('void') ? null : { code: 'invalid_transition', key: `factoring.errors.void.${status}` }
    case 'release':
      if (status !== 'purchased') return { code: 'invalid_transition', key: 'factoring.errors.releaseNotPurchased' }
      return reserveReleasedCents < reserveCents ? null : { code: 'invalid_transition', key: 'factoring.errors.nothingReserved' }
  }
}

export function scheduleAllows(action: ScheduleAction, schedule: ScheduleState) {
  return !scheduleRefusal(action, schedule)
}

/** What the schedule page offers this role: every action the role may take and the state allows. */
export function scheduleOffers(role: Role, schedule: ScheduleState): Record<ScheduleAction, boolean> {
  const update = can(role, 'update', 'factoring')
  return Object.fromEntries(SCHEDULE_ACTIONS.map((action) => [action, update && scheduleAllows(action, schedule)])) as Record<ScheduleAction, boolean>
}

type InvoiceState = { status: InvoiceStatus; amountPaidCents: number; totalCents: number; onLiveSchedule: boolean }

/**
 * Why an invoice may not go on a schedule, or null: only a sent invoice with nothing paid on it
 * (the factor buys the whole face) and on no live schedule. A draft is not a debt yet; a void one
 * is none; a paid or partly paid one is the broker's payment, not the factor's to buy.
 */
export function factorRefusal({ status, amountPaidCents, totalCents, onLiveSchedule }: InvoiceState): PolicyRefusal | null {
  if (onLiveSchedule) return { code: 'in_use', key: 'factoring.errors.onSchedule' }
  if (status !== 'sent') return { code: 'invalid_transition', key: `factoring.errors.invoice.${status}` }
  if (amountPaidCents > 0 || totalCents <= 0) return { code: 'invalid_transition', key: 'factoring.errors.invoice.partially_paid' }
  return null
}
