import { z } from 'zod'

import { apiRecordSchema, customFieldValues, postalAddressFields } from './api-record'
import { EmailSchema } from './auth'
import { COMPANY_KINDS, COMPANY_SORTS, COMPANY_STATUSES } from './company-options'
import { customFieldsInput, fmcsaNumber, optionalCode, optionalPhone, optionalText, requiredText, withVersion } from './fields'
import { enumFilter, listQuery } from './list-query'

/** One schema for the company editor (Conform) and the API (POST). Messages are i18n keys. */
export const CompanySchema = z.object({
  name: requiredText(120),
  legalName: optionalText(160),
  mcNumber: fmcsaNumber('MC', 'companies.errors.mcNumber'),
  dotNumber: fmcsaNumber('DOT', 'companies.errors.dotNumber'),
  scac: optionalCode(4, (value) => value.toUpperCase(), /^[A-Z]{2,4}$/, 'companies.errors.scac'),
  email: EmailSchema.optional(),
  phone: optionalPhone('companies.errors.phone'),
  addressLine1: optionalText(120),
  addressLine2: optionalText(120),
  city: optionalText(80),
  state: optionalText(3).transform((value) => value?.toUpperCase()),
  postalCode: optionalText(10).transform((value) => value?.toUpperCase()),
  country: optionalCode(2, (value) => value.toUpperCase(), /^[A-Z]{2}$/, 'companies.errors.country'),
  factoringName: optionalText(120),
  factoringRemitTo: optionalText(500),
  status: z.enum(COMPANY_STATUSES, { error: 'validation.choice' }).default('active'),
  /**
   * Own fleet, factor or other (ADR 094). Optional, so clients written before it keep working: a
   * new company without it is an own fleet, a PUT without it keeps the company's kind.
   */
  kind: z.enum(COMPANY_KINDS, { error: 'validation.choice' }).optional(),
  notes: optionalText(2000),
  customFields: customFieldsInput(),
})
export type CompanyInput = z.infer<typeof CompanySchema>

/** The editor on an existing company and PUT: the whole company plus the version it was read at. */
export const CompanyUpdateSchema = withVersion(CompanySchema)

/** List query from the URL (GET form) or the API's query string; bad values fall back. */
export const CompanyListQuerySchema = listQuery({
  sorts: COMPANY_SORTS,
  defaultSort: 'name',
  filters: { status: enumFilter(COMPANY_STATUSES), kind: enumFilter(COMPANY_KINDS) },
})
export type CompanyListQuery = z.infer<typeof CompanyListQuerySchema>

/** A company as the API answers it (serializeCompany): the OpenAPI's `Company`. `counts` are read-only. */
export const CompanyRecordSchema = apiRecordSchema({
  name: z.string(),
  legalName: z.string().nullable(),
  mcNumber: z.string().nullable(),
  dotNumber: z.string().nullable(),
  scac: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  ...postalAddressFields(),
  factoringName: z.string().nullable(),
  factoringRemitTo: z.string().nullable(),
  status: z.enum(COMPANY_STATUSES),
  kind: z.enum(COMPANY_KINDS),
  notes: z.string().nullable(),
  customFields: customFieldValues(),
  counts: z.object({ trucks: z.number().int(), trailers: z.number().int(), drivers: z.number().int() }),
})
export type CompanyRecord = z.infer<typeof CompanyRecordSchema>
