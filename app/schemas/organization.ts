import { z } from 'zod'

import { SUPPORTED_LANGUAGES } from '~/i18n'

import { apiRecordSchema, postalAddressFields } from './api-record'
import { fmcsaNumber, optionalCode, optionalPhone, optionalText, requiredText, text, withVersion } from './fields'
import { SiteTextsRecordSchema, SiteTextsSchema } from './site'

let zones: string[] | undefined

/** Every IANA zone this runtime knows, sorted (once): the page's choices. */
export function timeZones() {
  zones ??= [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])].sort()
  return zones
}

function isTimeZone(value: string) {
  try {
    // The runtime's own spelling: "america/chicago" is accepted by Intl but stored as people expect.
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone === value || value === 'UTC'
  } catch {
    return false
  }
}

/**
 * An ABA routing number: nine digits whose weighted sum (3, 7, 1, repeated) is a multiple of ten,
 * so a slipped digit is caught here and not by the broker's bank.
 */
export function isRoutingNumber(value: string) {
  if (!/^\d{9}$/.test(value)) return false
  const digits = [...value].map(Number)
  const sum = digits.reduce((total, digit, index) => total + digit * [3, 7, 1][index % 3], 0)
  return sum % 10 === 0
}

/** Digits as people copy them from a cheque or a bank letter: spaces and dashes are dropped. */
const digitsOnly = (value: string | undefined) => (value ? value.replace(/[\s-]+/g, '') : value)

const fields = z.object({
  name: requiredText(120),
  legalName: optionalText(160),
  mcNumber: fmcsaNumber('MC', 'organization.errors.mcNumber'),
  dotNumber: fmcsaNumber('DOT', 'organization.errors.dotNumber'),
  phone: optionalPhone('organization.errors.phone'),
  addressLine1: optionalText(120),
  addressLine2: optionalText(120),
  city: optionalText(80),
  state: optionalText(3).transform((value) => value?.toUpperCase()),
  postalCode: optionalText(10).transform((value) => value?.toUpperCase()),
  country: optionalCode(2, (value) => value.toUpperCase(), /^[A-Z]{2}$/, 'organization.errors.country'),
  timeZone: text({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(64, 'validation.tooLong')
    .refine(isTimeZone, 'organization.errors.timeZone'),
  /** The language of its documents (ADR 128); left out, the stored one stays. */
  language: z.enum(SUPPORTED_LANGUAGES, { error: 'validation.choice' }).optional(),
  bankName: optionalText(120),
  bankAccountName: optionalText(160),
  bankRoutingNumber: optionalText(20)
    .transform(digitsOnly)
    .refine((value) => !value || isRoutingNumber(value), 'organization.errors.routingNumber'),
  bankAccountNumber: optionalText(30)
    .transform(digitsOnly)
    .refine((value) => !value || /^\d{4,17}$/.test(value), 'organization.errors.accountNumber'),
})

function bankPair(value: { bankRoutingNumber?: string; bankAccountNumber?: string }, ctx: z.RefinementCtx) {
  if (value.bankRoutingNumber && !value.bankAccountNumber) {
    ctx.addIssue({ code: 'custom', path: ['bankAccountNumber'], message: 'organization.errors.accountNumberMissing' })
  }
  if (value.bankAccountNumber && !value.bankRoutingNumber) {
    ctx.addIssue({ code: 'custom', path: ['bankRoutingNumber'], message: 'organization.errors.routingNumberMissing' })
  }
}

/**
 * The organization's own details: one schema for the organization page (Conform) and
 * `PUT /api/organization`. Messages are i18n keys. The remit-to bank details are printed on
 * invoices, so a routing number goes with an account number, and the other way round.
 */
export const OrganizationUpdateSchema = withVersion(fields).superRefine(bankPair)

/**
 * `PUT /api/organization`: the record as the page sends it, and `site`, the public site's texts
 * (./site: the schema of the dashboard's site page); without `site` they stay as they are.
 */
export const OrganizationPutSchema = withVersion(fields).extend({ site: SiteTextsSchema.optional() }).superRefine(bankPair)
export type OrganizationPut = z.infer<typeof OrganizationPutSchema>

/** The organization as the API answers it (serializeOrganization): its details, its inbound address and the public site's texts. */
export const OrganizationRecordSchema = apiRecordSchema({
  name: z.string(),
  legalName: z.string().nullable(),
  mcNumber: z.string().nullable().describe('Its digits.'),
  dotNumber: z.string().nullable().describe('Its digits.'),
  phone: z.string().nullable(),
  ...postalAddressFields(),
  timeZone: z.string().describe('An IANA time zone: due dates, “overdue” and wall-clock stop times are read on its clock.'),
  language: z
    .enum(SUPPORTED_LANGUAGES)
    .describe(
      'The language of the organization’s documents: the fuel tax return’s PDF and the trip sheets are written in it, whoever asks for them. At registration, the registering admin’s; a PUT without it keeps it.',
    ),
  bankName: z.string().nullable(),
  bankAccountName: z.string().nullable(),
  bankRoutingNumber: z.string().nullable().describe('Remit-to bank details, printed on invoices when set.'),
  bankAccountNumber: z.string().nullable(),
  inboundEmail: z.string().meta({
    readOnly: true,
    description:
      'The address brokers and shippers write to: the built-in SMTP receiver files mail sent to it in the organization’s shared inbox. Given at creation; a PUT ignores it.',
  }),
  site: SiteTextsRecordSchema,
}).omit({ organizationId: true })
export type OrganizationRecord = z.infer<typeof OrganizationRecordSchema>
