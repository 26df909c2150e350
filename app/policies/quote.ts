/**
 * The quote request's policy (ADR 061): its status table and which actions each status
 * allows. The quote model refuses with these reasons; the booking pages offer exactly what is
 * allowed. No zod and nothing server-only (ADR 047).
 */
import type { QuoteStatus } from '~/schemas/quote-options'
import type { Action, Entity, Role } from '~/utils/permissions'

import { type Actor, actorRefusal } from './actor'
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
  if (loadId) return { code: 'in_use', key: 'quotes.errors.converted' }
  switch (action) {
    case 'quote':
      return canMoveQuote(status, 'quoted') ? null : { code: 'invalid_transition', key: 'quotes.errors.decided' }
    case 'won':
      return canMoveQuote(status, 'won') ? null : { code: 'invalid_transition', key: 'quotes.errors.decided' }
    case 'lost':
      return canMoveQuote(status, 'lost') ? null : { code: 'invalid_transition', key: 'quotes.errors.decided' }
    case 'convert':
      return status === 'lost' ? { code: 'invalid_transition', key: 'quotes.errors.convertLost' } : null
  }
}

export function quoteAllows(action: QuoteAction, quote: QuoteState) {
  return !quoteRefusal(action, quote)
}

/** What each action asks of the actor: answering a request updates it; converting it makes a load too. */
const QUOTE_PERMISSIONS: Record<QuoteAction, ReadonlyArray<readonly [Action, Entity]>> = {
  quote: [['update', 'quote']],
  won: [['update', 'quote']],
  lost: [['update', 'quote']],
  convert: [
    ['update', 'quote'],
    ['create', 'load'],
  ],
}

/** Why this actor may not take the action on any request (403 `forbidden`), or null: the model refuses by it, the page offers by it. */
export function quoteActorRefusal(actor: Pick<Actor, 'role' | 'scope'>, action: QuoteAction): PolicyRefusal | null {
  for (const [permission, entity] of QUOTE_PERMISSIONS[action]) {
    const refusal = actorRefusal(actor, permission, entity)
    if (refusal) return refusal
  }
  return null
}

/** What the request's page offers this role: every action the role may take and the state allows. */
export function quoteOffers(role: Role, quote: QuoteState): Record<QuoteAction, boolean> {
  return Object.fromEntries(
    QUOTE_ACTIONS.map((action) => [action, !quoteActorRefusal({ role, scope: 'read_write' }, action) && quoteAllows(action, quote)]),
  ) as Record<QuoteAction, boolean>
}
