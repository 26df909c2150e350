import { z } from 'zod'

// PostgreSQL's INTEGER: a larger number would be a database error, not a stale version.
const MAX_VERSION = 2_147_483_647
const CANONICAL = /^(0|[1-9]\d{0,9})$/

/**
 * The optimistic-concurrency version from a form field, a query string or a JSON body: only a
 * canonical whole number ("3", or 3 in JSON). `Number()` would read "0x1", " 1", "1e0" and "1.0"
 * as 1 and let a client that sent garbage overwrite someone else's edit. Typed as unknown so
 * Conform passes the raw text through instead of coercing it with `Number()` first.
 */
export const VersionSchema = z.unknown().transform((value, ctx) => {
  if (value === undefined || value === '') {
    ctx.addIssue({ code: 'custom', message: 'validation.versionRequired' })
    return z.NEVER
  }
  const number = typeof value === 'number' ? value : typeof value === 'string' && CANONICAL.test(value) ? Number(value) : Number.NaN
  if (Number.isSafeInteger(number) && number >= 0 && number <= MAX_VERSION) return number
  ctx.addIssue({ code: 'custom', message: 'validation.version' })
  return z.NEVER
})

/** A version that may be absent (the check is then skipped), e.g. `?version=` on DELETE. */
export const OptionalVersionSchema = z.object({ version: VersionSchema.optional() })
