/** Quote request choices shared by pages, schemas, the policy and the model. No zod here. */
import type { Tone } from './tone'

export const QUOTE_STATUSES = ['new', 'quoted', 'won', 'lost'] as const
export type QuoteStatus = (typeof QUOTE_STATUSES)[number]

export const QUOTE_STATUS_META = {
  new: { tone: 'info' },
  quoted: { tone: 'warning' },
  won: { tone: 'success' },
  lost: { tone: 'error' },
} as const satisfies Record<QuoteStatus, { tone: Tone }>

export const QUOTE_SORTS = ['number', 'createdAt', 'pickupDate', 'status', 'quotedCents'] as const

/** The booking dashboard's window: this week and the eleven before it. */
export const BOOKING_WEEKS = 12

/** The public form: per requester address and per client IP, in this window. */
export const QUOTE_LIMIT_PER_ADDRESS = 5
export const QUOTE_LIMIT_PER_IP = 20
export const QUOTE_LIMIT_WINDOW_MINUTES = 60

/** The honeypot's field name: hidden from people, filled in by bots. */
export const QUOTE_HONEYPOT = 'website'

/** "Q-000012": a request's number as people read it. */
export function formatQuoteNumber(number: number) {
  return `Q-${String(number).padStart(6, '0')}`
}
