import { z } from 'zod'

import { apiRecordSchema, customFieldValues, postalAddressFields } from './api-record'
import { BROKER_SORTS, BROKER_STATUSES, CUSTOMER_TYPES, PAYMENT_TERMS } from './broker-options'
import { customFieldsInput, fmcsaNumber, optionalPhone, optionalText, requiredText, text, withVersion } from './fields'
import { enumFilter, listQuery } from './list-query'
import { cents, optionalDollars } from './money-fields'

const EMAIL = z.email()

/** An email address, or empty (a JSON client may send "" for none). */
function optionalEmail() {
  return text()
    .trim()
    .max(254, 'validation.tooLong')
    .refine((value) => value === '' || EMAIL.safeParse(value).success, 'validation.email')
    .optional()
}

/** Everything but the credit limit, which the API sends in cents and the form in dollars. */
const BrokerFields = z.object({
  name: requiredText(120),
  /**
   * Which kind of customer (ADR 098). Left out, a new one is a broker and a saved one keeps its
   * type: clients written before the field existed neither fail nor change it.
   */
  type: z.enum(CUSTOMER_TYPES, { error: 'validation.choice' }).optional(),
  mcNumber: fmcsaNumber('MC', 'brokers.errors.mcNumber'),
  dotNumber: fmcsaNumber('DOT', 'brokers.errors.dotNumber'),
  contactName: optionalText(120),
  email: optionalEmail(),
  phone: optionalPhone('brokers.errors.phone'),
  billingEmail: optionalEmail(),
  addressLine1: optionalText(120),
  addressLine2: optionalText(120),
  city: optionalText(80),
  state: optionalText(40),
  postalCode: optionalText(12),
  country: optionalText(56),
  paymentTerms: z.enum(PAYMENT_TERMS, { error: 'validation.choice' }).default('net_30'),
  /** Emailed invoices go as their billing packet instead of the invoice PDF alone. */
  sendPacket: z.boolean({ error: 'validation.choice' }).default(false),
  status: z.enum(BROKER_STATUSES, { error: 'validation.choice' }).default('active'),
  notes: optionalText(2000),
  customFields: customFieldsInput(),
})

/** One schema for the API (POST) and the model: the credit limit in integer cents, against many invoices (at most $100,000,000.00, ADR 089). */
export const BrokerSchema = BrokerFields.extend({ creditLimitCents: cents('sum').optional() })
export type BrokerInput = z.infer<typeof BrokerSchema>

/** PUT: the whole broker plus the version it was read at. */
export const BrokerUpdateSchema = withVersion(BrokerSchema)

/**
 * The editor's schema (Conform): the same fields and rules, with the credit limit typed in dollars
 * and read as cents (`creditLimit` → `creditLimitCents`, see brokerFromForm).
 */
export const BrokerFormSchema = BrokerFields.extend({ creditLimit: optionalDollars('brokers.errors.creditLimit', 'sum') })
export const BrokerFormUpdateSchema = withVersion(BrokerFormSchema)
export type BrokerForm = z.infer<typeof BrokerFormSchema>

/** The model's input from the editor's values: the credit limit, already in cents, under its API name. */
export function brokerFromForm<T extends BrokerForm>({ creditLimit, ...rest }: T): Omit<T, 'creditLimit'> & { creditLimitCents?: number } {
  return { ...rest, creditLimitCents: creditLimit }
}

/** List query from the URL (GET form) or the API's query string; bad values fall back. */
export const BrokerListQuerySchema = listQuery({
  sorts: BROKER_SORTS,
  defaultSort: 'name',
  filters: {
    status: enumFilter(BROKER_STATUSES),
    paymentTerms: enumFilter(PAYMENT_TERMS),
    type: enumFilter(CUSTOMER_TYPES),
  },
})
export type BrokerListQuery = z.infer<typeof BrokerListQuerySchema>

/** A broker (or shipper) as the API answers it (serializeBroker): the OpenAPI's `Broker`. */
export const BrokerRecordSchema = apiRecordSchema({
  name: z.string(),
  type: z.enum(CUSTOMER_TYPES),
  mcNumber: z.string().nullable(),
  dotNumber: z.string().nullable(),
  contactName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  billingEmail: z.string().nullable(),
  ...postalAddressFields(),
  paymentTerms: z.enum(PAYMENT_TERMS),
  creditLimitCents: z.number().int().nullable().describe('Integer cents; null when no limit was set.'),
  sendPacket: z.boolean().describe('Emailed invoices go as their billing packet instead of the invoice PDF alone.'),
  status: z.enum(BROKER_STATUSES),
  notes: z.string().nullable(),
  customFields: customFieldValues(),
})
export type BrokerRecord = z.infer<typeof BrokerRecordSchema>
