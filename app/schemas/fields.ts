/**
 * Field helpers every entity schema is built from, so one rule (what "empty" means, how a date
 * or an amount of money is written, when a version is required) lives in one place. Messages are
 * i18n keys. HTML forms and JSON bodies go through the same schemas: forms send absent keys for
 * empty fields, and `readBody` (app/requests/api.server.ts) drops JSON nulls the same way. Money
 * has its own module, ./money (each amount at most its kind's maximum).
 */
import { z } from 'zod'

import { dateTimeError, dayError } from './dates'
import { idText, text } from './text'
import { VersionSchema } from './version'

export { idText, text }

/** Text the user may leave empty, trimmed, at most `max` characters. */
export function optionalText(max: number) {
  return text().trim().max(max, 'validation.tooLong').optional()
}

/**
 * An optional code people write in several ways ("MC-123456", "mc 123456", "123456"): trimmed,
 * normalized, then checked against the stored form. Empty stays empty.
 */
export function optionalCode(max: number, normalize: (value: string) => string, pattern: RegExp, message: string) {
  return optionalText(max)
    .transform((value) => (value ? normalize(value) : value))
    .refine((value) => !value || pattern.test(value), message)
}

const FMCSA_PREFIXES = { MC: /^MC/, DOT: /^(US)?DOT/, ANY: /^(MC|(US)?DOT)/ } as const

/**
 * The digits of an FMCSA number (MC docket or USDOT) as people write it: "MC-123456",
 * "mc 123456", "USDOT #1234567" and "123456" name the same number. Null when anything but the
 * prefix and separators is not a digit. Stored numbers and list searches both use it.
 */
export function fmcsaDigits(value: string, prefix: keyof typeof FMCSA_PREFIXES = 'ANY') {
  const digits = value
    .toUpperCase()
    .replace(/[\s#:./-]+/g, '')
    .replace(FMCSA_PREFIXES[prefix], '')
  return /^\d+$/.test(digits) ? digits : null
}

/** An optional MC or USDOT number, stored as its 3 to 8 digits. */
export function fmcsaNumber(prefix: 'MC' | 'DOT', messageKey: string) {
  return optionalText(20)
    .transform((value) => (value ? (fmcsaDigits(value, prefix) ?? value) : value))
    .refine((value) => !value || /^\d{3,8}$/.test(value), messageKey)
}

/**
 * A phone number as people write it: at least 7 digits with the usual separators, an optional +
 * and an optional extension ("x 12", "ext. 12"). One rule for users, brokers and companies.
 */
const PHONE = /^\+?(?=(?:\D*\d){7})[\d\s().-]{7,25}(?:\s*(?:x|ext\.?)\s*\d{1,6})?$/i

export function optionalPhone(messageKey: string) {
  return optionalText(40).refine((value) => !value || PHONE.test(value), messageKey)
}

/** Text that must be there, trimmed, at most `max` characters. */
export function requiredText(max: number) {
  return text({ error: 'validation.required' }).trim().min(1, 'validation.required').max(max, 'validation.tooLong')
}

/**
 * A calendar date as `YYYY-MM-DD` (the value of `<input type="date">`): a day that exists, in the
 * accepted years (./dates: one range for every date of the app).
 */
export function dateOnly() {
  return (
    z
      .string({ error: 'validation.date' })
      // The pattern is also the API document's (OpenAPI `pattern`); the rest is the shared rule.
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
      .superRefine((value, ctx) => {
        const message = /^\d{4}-\d{2}-\d{2}$/.test(value) && dayError(value)
        if (message) ctx.addIssue({ code: 'custom', message })
      })
  )
}

/**
 * A point in time: the organization's wall clock from a form (`2026-03-01T08:00`) or an ISO 8601
 * instant with its offset from an API client, on an accepted day (./dates).
 */
export function dateTime() {
  return text({ error: 'validation.dateTime' })
    .trim()
    .superRefine((value, ctx) => {
      const message = dateTimeError(value)
      if (message) ctx.addIssue({ code: 'custom', message })
    })
}

/** A whole number between min and max (forms send text; Conform turns it into a number). */
export function integer(min: number, max: number) {
  return z
    .number({ error: 'validation.number' })
    .int('validation.integer')
    .min(min, min === 0 ? 'validation.min0' : 'validation.tooSmall')
    .max(max, 'validation.tooLarge')
}

/**
 * The update form of a schema: the version the client last read is required, so a client that
 * forgot it gets a field error instead of overwriting someone else's edit. Creates use the schema
 * as it is.
 */
export function withVersion<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) {
  return schema.extend({ version: VersionSchema })
}

// A custom field's key: what an admin chose when defining it (lowercase, digits, underscores).
const CUSTOM_FIELD_KEY = /^[a-z][a-z0-9_]{0,39}$/

/**
 * The shape of `customFields` on a write: an object of at most 50 keys whose values are text,
 * numbers or booleans. Whether each key is defined for the list, and its type, options and
 * `required` flag, is checked by the model against the organization's definitions.
 */
export function customFieldsInput() {
  return z
    .record(
      z.string().regex(CUSTOM_FIELD_KEY, 'validation.customFieldKey'),
      z.union([text().max(2000, 'validation.tooLong'), z.number().finite(), z.boolean()], { error: 'validation.customFieldValue' }),
      // The record reports a bad key as its own issue (at that key's path).
      { error: (issue) => (issue.code === 'invalid_key' ? 'validation.customFieldKey' : 'validation.customFields') },
    )
    .refine((value) => Object.keys(value).length <= 50, 'validation.customFields')
    .optional()
}
