/** The quote request policy (app/policies/quote.ts): what each status allows, and what the request's page offers each role. */
import { describe, expect, it } from 'vitest'

import { QUOTE_ACTIONS, quoteOffers, quoteRefusal } from '~/policies/quote'
import { QUOTE_STATUSES, type QuoteStatus } from '~/schemas/quote-options'
import { ROLES } from '~/utils/permissions'

/** Action by action, the statuses (not converted) that allow it. */
const ALLOWED: Record<(typeof QUOTE_ACTIONS)[number], QuoteStatus[]> = {
  quote: ['new', 'quoted'],
  won: ['new', 'quoted'],
  lost: ['new', 'quoted'],
  convert: ['new', 'quoted', 'won'],
}

describe('quote policy', () => {
  it('allows each action in exactly its statuses, and nothing on a converted request', () => {
    for (const action of QUOTE_ACTIONS)
      for (const status of QUOTE_STATUSES) {
        expect(quoteRefusal(action, { status, loadId: null }) === null, `${action} when ${status}`).toBe(ALLOWED[action].includes(status))
        expect(quoteRefusal(action, { status, loadId: 'load-1' }), `${action} when ${status} and converted`).not.toBeNull()
      }
  })

  it('answers a second conversion in_use and a lost one invalid_transition', () => {
    expect(quoteRefusal('convert', { status: 'won', loadId: 'load-1' })).toEqual({ code: 'in_use', key: 'quotes.errors.converted' })
    expect(quoteRefusal('convert', { status: 'lost', loadId: null })).toEqual({ code: 'invalid_transition', key: 'quotes.errors.convertLost' })
    expect(quoteRefusal('won', { status: 'lost', loadId: null })).toEqual({ code: 'invalid_transition', key: 'quotes.errors.decided' })
  })

  it('offers the actions to admins and dispatchers only', () => {
    for (const role of ROLES) {
      const offers = quoteOffers(role, { status: 'new', loadId: null })
      const office = role === 'admin' || role === 'dispatcher'
      expect(offers, role).toEqual({ quote: office, won: office, lost: office, convert: office })
    }
  })
})
