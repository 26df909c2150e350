/**
 * Money as schemas take it: integer cents from the API, dollars as people type them in forms
 * ("25,000.50"), each at most its kind's maximum (./money-limits, ADR 089). Dollars are parsed as
 * text, digit by digit, so no binary fraction ever rounds a cent away.
 */
import { z } from 'zod'

import { MONEY_LIMITS, type MoneyKind, parseDollars } from '~/utils/money'

import { text } from './text'

/**
 * Integer cents, never negative, at most the kind's maximum (its own message past it). Past it the
 * check aborts: a total across fields (a load's, an invoice's) is not reported a second time.
 */
export function cents(kind: MoneyKind) {
  const { max, tooLarge } = MONEY_LIMITS[kind]
  return z.number({ error: 'validation.number' }).int('validation.integer').min(0, 'validation.min0').max(max, { error: tooLarge, abort: true })
}

/** An amount in dollars as integer cents, from text that is already there. */
function dollars(start: z.ZodString, messageKey: string, kind: MoneyKind) {
  const { max, tooLarge } = MONEY_LIMITS[kind]
  return start.max(40, 'validation.tooLong').transform((value, ctx) => {
    const amount = parseDollars(value)
    if (amount === null) {
      ctx.addIssue({ code: 'custom', message: messageKey })
      return z.NEVER
    }
    if (amount > max) {
      ctx.addIssue({ code: 'custom', message: tooLarge })
      return z.NEVER
    }
    return amount
  })
}

/**
 * An optional amount in dollars from a form field, as integer cents. Empty is absent; anything
 * else must be a non-negative amount with at most two decimals (else `messageKey`), at most the
 * kind's maximum.
 */
export function optionalDollars(messageKey: string, kind: MoneyKind) {
  return dollars(text().trim(), messageKey, kind).optional()
}

/** The same amount, required (`validation.required` when empty). */
export function requiredDollars(messageKey: string, kind: MoneyKind) {
  return dollars(text({ error: 'validation.required' }).trim().min(1, 'validation.required'), messageKey, kind)
}
