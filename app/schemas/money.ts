/**
 * Money typed by people: forms show dollars ("25,000.50"), the database and the API keep integer
 * cents. Parsed as text, digit by digit, so no binary fraction ever rounds a cent away.
 */
import { z } from 'zod'

import { parseDollars } from './dollars'
import { text } from './text'

/** The largest amount a form accepts, in cents: the same bound as `cents()` in ./fields. */
export const MAX_CENTS = 10_000_000_000

export { centsToDollars, parseDollars } from './dollars'

/** An amount in dollars as integer cents, from text that is already there. */
function dollars(start: z.ZodString, messageKey: string) {
  return start.max(40, 'validation.tooLong').transform((value, ctx) => {
    const cents = parseDollars(value)
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: messageKey })
      return z.NEVER
    }
    if (cents > MAX_CENTS) {
      ctx.addIssue({ code: 'custom', message: 'validation.tooLarge' })
      return z.NEVER
    }
    return cents
  })
}

/**
 * An optional amount in dollars from a form field, as integer cents. Empty is absent; anything
 * else must be a non-negative amount with at most two decimals (else `messageKey`), at most MAX_CENTS.
 */
export function optionalDollars(messageKey: string) {
  return dollars(text().trim(), messageKey).optional()
}

/** The same amount, required (`validation.required` when empty). */
export function requiredDollars(messageKey: string) {
  return dollars(text({ error: 'validation.required' }).trim().min(1, 'validation.required'), messageKey)
}
