/**
 * The load editor's schema (Conform): the load's fields and rules from ./load, with the linehaul
 * and the charge amounts typed in dollars and read as cents, then checked by the same cross-field
 * rules as the API (`loadRules`). `loadFromForm` is the one mapping from the form to the model's input.
 */
import { z } from 'zod'

import { withVersion } from './fields'
import { ChargeSchema, LoadFields, loadRules } from './load'
import { MAX_CHARGES } from './load-options'
import { optionalDollars, requiredDollars } from './money-fields'

/** A charge row: its amount in dollars, required. */
export const ChargeFormSchema = ChargeSchema.omit({ amountCents: true }).extend({
  amount: requiredDollars('loadForm.errors.amount', 'amount'),
})

/** The editor's fields before the mapping: what its inputs are named (and their native constraints). */
export const LoadFormFields = LoadFields.omit({ linehaulCents: true, charges: true }).extend({
  linehaul: optionalDollars('loadForm.errors.linehaul', 'amount'),
  charges: z.array(ChargeFormSchema, { error: 'validation.choice' }).max(MAX_CHARGES, 'loads.errors.tooManyCharges').default([]),
})
type LoadFormValues = z.infer<typeof LoadFormFields>

/** The model's input from the editor's values: cents under their API names (an empty linehaul is 0). */
export function loadFromForm<T extends LoadFormValues>({ linehaul, charges, ...rest }: T) {
  return {
    ...rest,
    linehaulCents: linehaul ?? 0,
    charges: charges.map(({ amount, ...charge }) => ({ ...charge, amountCents: amount })),
  }
}

/** New loads. A total too large is reported at `linehaulCents` (the totals show it). */
export const LoadFormSchema = LoadFormFields.transform((form) => loadFromForm(form)).superRefine(loadRules)

export const LoadFormUpdateFields = withVersion(LoadFormFields)

/** An existing load: the whole load plus the version it was read at. */
export const LoadFormUpdateSchema = LoadFormUpdateFields.transform((form) => loadFromForm(form)).superRefine(loadRules)
