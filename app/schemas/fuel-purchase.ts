import { z } from 'zod'

import { hasAtMostDecimals, SCALE } from '~/utils/money'

import { apiRecordSchema, day } from './api-record'
import { dateOnly, integer, optionalText, withVersion } from './fields'
import { FUEL_PURCHASE_SORTS, FUEL_TYPES, JURISDICTIONS, QUARTER_PATTERN } from './ifta-options'
import { enumFilter, idFilter, listQuery } from './list-query'
import { cents, requiredDollars } from './money-fields'
import { requiredId, text } from './text'

/** The most gallons one receipt holds: a bulk delivery to a yard tank, not a truck's tank. */
export const MAX_PURCHASE_GALLONS = 100_000
/** An odometer past ten million miles is a typing mistake. */
export const MAX_ODOMETER = 10_000_000

/** A jurisdiction's two-letter code, in any case (`tx` is Texas); anything else is refused, naming the field. */
export function jurisdiction() {
  return text({ error: 'validation.required' })
    .trim()
    .toUpperCase()
    .pipe(z.enum(JURISDICTIONS, { error: 'ifta.errors.jurisdiction' }))
}

/** Gallons such as 120.125: positive, at most three decimals (thousandths are what receipts print). */
export function gallons() {
  return z
    .number({ error: 'validation.number' })
    .positive('ifta.errors.gallonsPositive')
    .max(MAX_PURCHASE_GALLONS, 'validation.tooLarge')
    .refine((value) => hasAtMostDecimals(value, SCALE.milli), 'ifta.errors.gallonsDecimals')
}

export function odometer() {
  return integer(0, MAX_ODOMETER)
}

const FuelPurchaseFields = z.object({
  truckId: requiredId(),
  purchasedAt: dateOnly(),
  jurisdiction: jurisdiction(),
  fuelType: z.enum(FUEL_TYPES, { error: 'validation.choice' }).default('diesel'),
  gallons: gallons(),
  vendor: optionalText(120),
  city: optionalText(80),
  odometer: odometer().optional(),
  reference: optionalText(60),
  notes: optionalText(2000),
})

/** One schema for the API (POST) and the model: the amount in integer cents, the tax paid unless said otherwise. */
export const FuelPurchaseSchema = FuelPurchaseFields.extend({
  totalCents: cents('amount'),
  taxPaid: z.boolean({ error: 'validation.choice' }).default(true),
})
export type FuelPurchaseInput = z.infer<typeof FuelPurchaseSchema>

/** PUT: the whole purchase plus the version it was read at. */
export const FuelPurchaseUpdateSchema = withVersion(FuelPurchaseSchema)

/**
 * The editor's form: the amount in dollars as people type it (`412.87`), a box that is ticked or
 * not. fuelPurchaseFromForm turns its values into the model's input.
 */
export const FuelPurchaseFormSchema = FuelPurchaseFields.extend({
  amount: requiredDollars('fuel.errors.amount', 'amount'),
  taxPaid: z.boolean({ error: 'validation.choice' }).default(false),
})
export const FuelPurchaseFormUpdateSchema = withVersion(FuelPurchaseFormSchema)
type FuelPurchaseForm = z.infer<typeof FuelPurchaseFormSchema>

/** The model's input from the editor's values: the amount, already in cents, under its API name. */
export function fuelPurchaseFromForm<T extends FuelPurchaseForm>({ amount, ...rest }: T): Omit<T, 'amount'> & { totalCents: number } {
  return { ...rest, totalCents: amount }
}

/** The list's query: the quarter (`2026-Q3`), unit, jurisdiction and fuel type; bad values fall back. */
export const FuelPurchaseListQuerySchema = listQuery({
  sorts: FUEL_PURCHASE_SORTS,
  defaultSort: 'purchasedAt',
  defaultDir: 'desc',
  filters: {
    quarter: text().regex(QUARTER_PATTERN).optional().catch(undefined),
    truckId: idFilter(),
    jurisdiction: enumFilter(JURISDICTIONS),
    fuelType: enumFilter(FUEL_TYPES),
  },
})
export type FuelPurchaseListQuery = z.infer<typeof FuelPurchaseListQuerySchema>

/** A fuel purchase as the API answers it (serializeFuelPurchase): the OpenAPI's `FuelPurchase`. */
export const FuelPurchaseRecordSchema = apiRecordSchema({
  truckId: z.string(),
  truck: z.object({ id: z.string(), unitNumber: z.string() }),
  purchasedAt: day(),
  jurisdiction: z.enum(JURISDICTIONS),
  fuelType: z.enum(FUEL_TYPES),
  gallons: z.number().describe('Up to three decimals.'),
  totalCents: z.number().int().describe('Cents.'),
  vendor: z.string().nullable(),
  city: z.string().nullable(),
  odometer: z.number().int().nullable(),
  taxPaid: z.boolean(),
  reference: z.string().nullable(),
  cardLast4: z.string().nullable().describe('The fuel card’s last four digits, from an import; the rest is never kept.'),
  receipt: z
    .object({ fileName: z.string(), contentType: z.string(), sizeBytes: z.number().int(), uploadedAt: z.string(), url: z.string() })
    .nullable()
    .describe('The receipt’s photo or scan (PUT /api/fuel-purchases/{id}/receipt), or null.'),
  notes: z.string().nullable(),
})
export type FuelPurchaseRecord = z.infer<typeof FuelPurchaseRecordSchema>
