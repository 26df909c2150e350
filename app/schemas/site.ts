import { z } from 'zod'

import { instant } from './api-record'
import { EmailSchema } from './auth'
import { dateTime, optionalPhone, optionalText, requiredText, text, withVersion } from './fields'
import { SITE_LIMITS } from './site-options'

/**
 * The public site's texts (docs/decisions/060-site-pages.md) and the contact form of
 * /contact-us. One schema for the dashboard's site page (Conform) and `PUT /api/organization`'s
 * `site`; messages are i18n keys.
 */

/** A row the form left blank (every field empty): dropped, so the page can offer empty rows to fill. */
function isBlankRow(value: unknown) {
  if (value === undefined || value === null) return true
  if (typeof value !== 'object' || Array.isArray(value)) return false
  return Object.values(value).every((field) => field === undefined || field === null || (typeof field === 'string' && field.trim() === ''))
}

/** A list of rows: blank ones dropped, absent is empty, at most `max` (typed as the list, for the form's fields). */
function rows<Row extends z.ZodType>(row: Row, max: number) {
  const list = z.array(row, { error: 'validation.invalid' }).max(max, 'validation.tooMany')
  return z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value.filter((item) => !isBlankRow(item)) : value),
    list,
  ) as unknown as typeof list
}

export const FaqEntrySchema = z.object({
  question: requiredText(SITE_LIMITS.question),
  answer: requiredText(SITE_LIMITS.answer),
})
export type FaqEntry = z.infer<typeof FaqEntrySchema>

export const ServiceSchema = z.object({
  name: requiredText(SITE_LIMITS.serviceName),
  description: optionalText(SITE_LIMITS.serviceDescription),
})
export type SiteService = z.infer<typeof ServiceSchema>

/**
 * The texts: a tagline, the about text (paragraphs by blank lines), FAQ entries, services, the
 * contact details /contact-us shows, and the coming-soon date (the organization's wall clock from
 * the form, an ISO instant from the API). Empty fields clear them.
 */
export const SiteTextsSchema = z.object({
  tagline: optionalText(SITE_LIMITS.tagline),
  about: optionalText(SITE_LIMITS.about),
  faq: rows(FaqEntrySchema, SITE_LIMITS.faq),
  services: rows(ServiceSchema, SITE_LIMITS.services),
  contactEmail: EmailSchema.optional(),
  contactPhone: optionalPhone('site.errors.phone'),
  comingSoonAt: dateTime().optional(),
})
export type SiteTexts = z.infer<typeof SiteTextsSchema>

/** The dashboard's site page: the texts plus the organization's version last read. */
export const SiteTextsUpdateSchema = withVersion(SiteTextsSchema)
export type SiteTextsUpdate = z.infer<typeof SiteTextsUpdateSchema>

/**
 * The /contact-us form. `website` is the honeypot: hidden from people, filled by bots; a message
 * with it is dropped without a word (the answer is the same thank-you).
 */
export const ContactMessageSchema = z.object({
  name: requiredText(120),
  email: EmailSchema,
  company: optionalText(160),
  phone: optionalPhone('site.errors.phone'),
  message: requiredText(SITE_LIMITS.message),
  website: text().max(500).optional(),
})
export type ContactMessage = z.infer<typeof ContactMessageSchema>

/** The texts as the API answers them (serializeSiteTexts): empty ones are null, the lists as stored. */
export const SiteTextsRecordSchema = z
  .object({
    tagline: z.string().nullable(),
    about: z.string().nullable().describe('Plain text, paragraphs by blank lines.'),
    faq: z.array(z.object({ question: z.string(), answer: z.string() })),
    services: z.array(z.object({ name: z.string(), description: z.string().nullable() })),
    contactEmail: z.string().nullable(),
    contactPhone: z.string().nullable(),
    comingSoonAt: instant().nullable(),
  })
  .describe(
    `The public site's texts (/about-us, /faqs, /contact-us, /coming-soon), admins write. At most ${SITE_LIMITS.faq} FAQ entries (${SITE_LIMITS.answer} characters per answer) and ${SITE_LIMITS.services} services.`,
  )
export type SiteTextsRecord = z.infer<typeof SiteTextsRecordSchema>
