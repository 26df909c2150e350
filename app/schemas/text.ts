import './messages'

import { z } from 'zod'

// NUL is refused by PostgreSQL in text columns, and a lone surrogate by its JSON type (the audit
// log): either would surface as a 500 after part of the work was done.
// eslint-disable-next-line no-control-regex -- NUL is exactly what must be found
const UNSAVEABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export function isSaveableText(value: string) {
  return !UNSAVEABLE.test(value)
}

/**
 * The start of every string field in app/schemas: a string PostgreSQL can store. Chain the usual
 * checks after it (`text().trim().max(40, 'validation.tooLong')`).
 */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isSaveableText, 'validation.invalidCharacters')
}

// Prisma's cuid() (25 characters) and UUIDs; anything else cannot name a row.
const ID = /^[A-Za-z0-9_-]{1,64}$/

/** Whether a route parameter or reference could be a record id at all (else: not found). */
export function isId(value: string) {
  return ID.test(value)
}

/** The id of a record a form acts on (a payment to remove, a document to delete): present and well-formed. */
export function requiredId() {
  return text({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(64, 'validation.tooLong')
    .refine((value) => isId(value), 'validation.choice')
}

/** A reference to another record (company, driver) from a form or a JSON body. */
export function idText() {
  return text()
    .trim()
    .max(64, 'validation.tooLong')
    .refine((value) => value === '' || isId(value), 'validation.choice')
}
