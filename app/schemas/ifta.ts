/**
 * The quarter's rates and its return: what the rates page and `PUT /api/ifta/rates/{quarter}` take,
 * what filing and reopening take, and the answers' shapes (the OpenAPI's `IftaRates`, `IftaReturn`).
 */
import { z } from 'zod'

import { parseDecimal, SCALE } from '~/utils/money'

import { dateOnly, requiredText } from './fields'
import { FUEL_TYPES, IFTA_MEMBERS, IFTA_RETURN_STATUSES, IFTA_WARNINGS, JURISDICTIONS, QUARTER_PATTERN } from './ifta-options'
import { text } from './text'

/** A quarter as the URL writes it; anything else is not found (the page) or 400 (the API's query). */
export const QuarterSchema = text({ error: 'validation.required' }).regex(QUARTER_PATTERN, 'ifta.errors.quarter')

/** Dollars per gallon as a decimal string with at most four decimals ("0.2840"), under $10. */
function perGallon() {
  return text({ error: 'validation.required' })
    .trim()
    .regex(/^\d{1,2}(\.\d{1,4})?$/, 'ifta.errors.rate')
    .transform((value) => parseDecimal(value, SCALE.basisPoints)!)
}

/** Percent per month on late tax, at most four decimals ("0.4167"), as millionths (4167); empty is none. */
function interestRate() {
  return text()
    .trim()
    .regex(/^\d(\.\d{1,4})?$/, 'ifta.errors.interest')
    .transform((value) => parseDecimal(value, SCALE.basisPoints)!)
    .optional()
}

const RateRowSchema = z.object({
  jurisdiction: text({ error: 'validation.required' })
    .trim()
    .toUpperCase()
    .pipe(z.enum(IFTA_MEMBERS, { error: 'ifta.errors.memberOnly' })),
  fuelType: z.enum(FUEL_TYPES, { error: 'validation.choice' }),
  ratePerGallon: perGallon(),
  surchargePerGallon: perGallon().optional(),
})

/**
 * The quarter's whole rate table (it replaces the one stored): one row per jurisdiction and fuel
 * type, and the monthly interest rate on late tax as a percent ("0.4167").
 */
export const IftaRatesSchema = z
  .object({
    rates: z.array(RateRowSchema, { error: 'validation.required' }).max(IFTA_MEMBERS.length * FUEL_TYPES.length, 'validation.tooMany'),
    interestPerMonth: interestRate(),
  })
  .superRefine((table, ctx) => {
    const seen = new Set<string>()
    table.rates.forEach((row, index) => {
      const key = `${row.jurisdiction}:${row.fuelType}`
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['rates', index, 'jurisdiction'], message: 'ifta.errors.duplicateRate' })
      seen.add(key)
    })
  })
export type IftaRatesInput = z.infer<typeof IftaRatesSchema>

/**
 * The rates page: one fuel type's column of the table, a row per member jurisdiction; a row left
 * empty has no rate (it is not stored). A surcharge needs its rate.
 */
export const IftaFuelRatesFormSchema = z
  .object({
    fuelType: z.enum(FUEL_TYPES, { error: 'validation.choice' }),
    interestPerMonth: interestRate(),
    rates: z
      .array(RateRowSchema.omit({ fuelType: true }).extend({ ratePerGallon: perGallon().optional() }), { error: 'validation.required' })
      .max(IFTA_MEMBERS.length, 'validation.tooMany')
      .default([]),
  })
  .superRefine((form, ctx) => {
    form.rates.forEach((row, index) => {
      if (row.surchargePerGallon !== undefined && row.ratePerGallon === undefined)
        ctx.addIssue({ code: 'custom', path: ['rates', index, 'ratePerGallon'], message: 'ifta.errors.surchargeWithoutRate' })
    })
  })

/** The rates page's upload of the IFTA, Inc. rate matrix (a CSV file; the model reads and bounds it). */
export const RateMatrixFormSchema = z.object({
  file: z.instanceof(File, { error: 'ifta.matrix.noFile' }).refine((file) => file.size > 0, 'ifta.matrix.noFile'),
})

/** The return's query: which fuel type's schedule (diesel unless asked). */
export const IftaReturnQuerySchema = z.object({ fuelType: z.enum(FUEL_TYPES).default('diesel').catch('diesel') })

/** "File": the day the return was filed (never after today, checked by the model on the organization's clock). */
export const FileReturnSchema = z.object({ filedAt: dateOnly() })

/** "Reopen" (admins): why the filed quarter is opened again, kept in the audit log. */
export const ReopenReturnSchema = z.object({ reason: requiredText(500) })

const perGallonOut = () => z.string().describe('US dollars per gallon, four decimals.')

export const IftaRatesRecordSchema = z.object({
  quarter: z.string(),
  status: z.enum(['open', 'filed']).describe('`filed`: the quarter’s return is filed, and its rates are closed until an admin reopens it.'),
  interestPerMonth: z.string().nullable().describe('Percent per month on late tax, four decimals; null when not set.'),
  rates: z.array(
    z.object({
      jurisdiction: z.enum(IFTA_MEMBERS),
      fuelType: z.enum(FUEL_TYPES),
      ratePerGallon: perGallonOut(),
      surchargePerGallon: perGallonOut().nullable(),
    }),
  ),
})
export type IftaRatesRecord = z.infer<typeof IftaRatesRecordSchema>

const gallonsOut = () => z.string().describe('Gallons, three decimals.')

export const IftaReturnRecordSchema = z.object({
  quarter: z.string(),
  fuelType: z.enum(FUEL_TYPES),
  status: z.enum(IFTA_RETURN_STATUSES),
  dueDate: z.iso.date(),
  filedAt: z.iso.date().nullable(),
  totalMiles: z.number().int(),
  taxableMiles: z.number().int(),
  totalGallons: gallonsOut(),
  mpg: z.string().nullable().describe('Total miles ÷ total gallons, two decimals; null without fuel.'),
  lines: z.array(
    z.object({
      jurisdiction: z.enum(IFTA_MEMBERS),
      totalMiles: z.number().int(),
      taxableMiles: z.number().int(),
      taxableGallons: z.number().int().describe('Whole gallons.'),
      taxPaidGallons: gallonsOut(),
      netTaxableGallons: gallonsOut(),
      ratePerGallon: perGallonOut().nullable(),
      surchargePerGallon: perGallonOut().nullable(),
      taxCents: z.number().int().describe('Negative: a credit.'),
      surchargeCents: z.number().int(),
      interestCents: z.number().int(),
    }),
  ),
  taxDueCents: z.number().int(),
  penaltyCents: z.number().int(),
  interestCents: z.number().int(),
  totalDueCents: z.number().int(),
  warnings: z.array(
    z.object({ code: z.enum(IFTA_WARNINGS), truckId: z.string().optional(), jurisdiction: z.enum(JURISDICTIONS).optional(), message: z.string() }),
  ),
})
export type IftaReturnRecord = z.infer<typeof IftaReturnRecordSchema>
