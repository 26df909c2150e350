/**
 * The quote request's policy (ADR 061): its status table and which actions each status
 * allows. The quote model refuses with these reasons; the booking pages offer exactly what is
 * allowed. No zod and nothing server-only (ADR 047).
 */
import type { QuoteStatus } from '~/schemas/quote-options'
import { can, type Role } from '~/utils/permissions'

import type { PolicyRefusal } from './refusal'

/**
 * new → quoted (a price sent; quoting again sends a new price) → won or lost. A new request may be
 * lost without a price (the carrier cannot serve the lane) or won at once (agreed on the phone).
 * Won and lost are final, except that a won request is still converted to its load.
 */
export const QUOTE_TRANSITIONS: Record<QuoteStatus, readonly QuoteStatus[]> = {
  new: ['quoted', 'won', 'lost'],
  quoted: ['quoted', 'won', 'lost'],
  won: [],
  lost: [],
}

export function canMoveQuote(from: QuoteStatus, to: QuoteStatus) {
  return QUOTE_TRANSITIONS[from].includes(to)
}

export const QUOTE_ACTIONS = ['quote', 'won', 'lost', 'convert'] as const
export type QuoteAction = (typeof QUOTE_ACTIONS)[number]

type QuoteState = { status: QuoteStatus; loadId: string | null }

/**
 * Why an action is refused on a request in this state, or null when allowed. Converting makes the
 * one load of the request (and marks it won): a lost request is not converted, and a converted one
 * allows nothing more (409 `in_use`).
 */
export function quoteRefusal(action: QuoteAction, { status, loadId }: QuoteState): PolicyRefusal | null {
  // A converted request is done: its load carries on.
  if (loadId) return { code: 'in_use', key: 'booking.errors.converted' }
  switch (action) {
    case 'quote':
      return canMoveQuote(status, 'quoted') ? null : { code: 'invalid_transition', key: 'booking.errors.decided' }
    case 'won':
      return canMoveQuote(status, 'won') ? null : { code: 'invalid_transition', key: 'booking.errors.decided' }
    case 'lost':
      return canMoveQuote(status, 'lost') ? null : { code: 'invalid_transition', key: 'booking.errors.decided' }
    case 'convert':
      return status === 'lost' ? { code: 'invalid_transition', key: 'booking.errors.convertLost' } : null
  }
}

export function quoteAllows(action: QuoteAction, quote: QuoteState) {
  return !quoteRefusal(action, quote)
}

/** What the request's page offers this role: every action the role may take and the state allows. */
export function quoteOffers(role: Role, quote: QuoteState): Record<QuoteAction, boolean> {
  const update = can(role, 'update', 'quote')
  const createLoad = can(role, 'create', 'load')
  return Object.fromEntries(QUOTE_ACTIONS.map((action) => [action, update && (action !== 'convert' || createLoad) && quoteAllows(action, quote)])) as Record<
    QuoteAction,
    boolean
  >
}
