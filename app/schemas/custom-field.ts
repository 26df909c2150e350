/**
 * Custom-field definitions: one schema for the admin editor (Conform) and the API (POST). The
 * values a record carries are checked against these definitions by the model
 * (app/models/organization/custom-fields.server.ts), which is also where form text becomes typed values.
 */
import { z } from 'zod'

import { apiRecordSchema } from './api-record'
import { CUSTOM_FIELD_LISTS, CUSTOM_FIELD_TYPES, type CustomFieldType } from './custom-field-options'
import { integer, requiredText, text, withVersion } from './fields'

export { CUSTOM_FIELD_LISTS, CUSTOM_FIELD_TYPES, type CustomFieldList, type CustomFieldType } from './custom-field-options'

/** Limits that keep a form and a list header usable. */
export const MAX_CUSTOM_FIELD_OPTIONS = 50
export const MAX_CUSTOM_FIELD_SORT_ORDER = 9999

/** What a page needs to render or check a field: never the row's housekeeping columns. */
export type CustomFieldDefinition = {
  key: string
  label: string
  type: CustomFieldType
  options: string[]
  required: boolean
  active: boolean
}

// The same rule customFieldsInput (./fields) applies to the keys of `customFields`.
const KEY = /^[a-z][a-z0-9_]{0,39}$/

/**
 * Select options: a JSON array of strings, or the editor's textarea with one option per line (an
 * option never spans lines). Trimmed, blank lines dropped; the same option twice (in any case) is refused.
 */
const optionsInput = z
  .union([z.array(text({ error: 'customFields.errors.options' })), text()], { error: 'customFields.errors.options' })
  // Conform hands a single textarea over as a one-item array: every item is split into lines.
  .transform((value) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((item) => item.split(/\r?\n/))
      .map((option) => option.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(z.string().max(80, 'customFields.errors.optionTooLong'))
      .max(MAX_CUSTOM_FIELD_OPTIONS, 'customFields.errors.tooManyOptions')
      .refine((options) => new Set(options.map((option) => option.toLowerCase())).size === options.length, 'customFields.errors.duplicateOption'),
  )
  .optional()

const base = z.object({
  listName: z.enum(CUSTOM_FIELD_LISTS, { error: 'validation.choice' }),
  // Keys are stored lowercase, so `Fuel_Card` and `fuel_card` name one field. Left out (an empty
  // input), the model makes it from the label (keyFromLabel).
  key: text({ error: 'customFields.errors.keyFormat' })
    .trim()
    .transform((value) => value.toLowerCase())
    .pipe(z.string().regex(KEY, 'customFields.errors.keyFormat'))
    .optional(),
  label: requiredText(80),
  type: z.enum(CUSTOM_FIELD_TYPES, { error: 'validation.choice' }),
  options: optionsInput,
  required: z.boolean({ error: 'validation.choice' }).default(false),
  sortOrder: integer(0, MAX_CUSTOM_FIELD_SORT_ORDER).default(0),
})

type Base = z.output<typeof base>

/** A select needs its options; other types have none. A checkbox always has a value, so it cannot be required. */
function refineDefinition<T extends Base>(value: T, ctx: z.RefinementCtx) {
  if (value.type === 'select' && !value.options?.length) ctx.addIssue({ code: 'custom', path: ['options'], message: 'customFields.errors.optionsRequired' })
  if (value.type === 'boolean' && value.required) ctx.addIssue({ code: 'custom', path: ['required'], message: 'customFields.errors.booleanRequired' })
}

/**
 * POST /api/customfield and the new-field page. A new definition is active; options sent for a
 * type other than select are not kept (the model stores them for selects only). No transform at
 * the top: Conform reads the form's constraints from this object.
 */
export const CustomFieldCreateSchema = base.superRefine(refineDefinition)
export type CustomFieldCreate = z.infer<typeof CustomFieldCreateSchema>

/**
 * The edit page (the API has no update): everything plus `active` and the version. An unticked
 * checkbox is absent from a form, so `required` and `active` read absent as false.
 */
export const CustomFieldUpdateSchema = withVersion(base.extend({ active: z.boolean({ error: 'validation.choice' }).default(false) })).superRefine(
  refineDefinition,
)
export type CustomFieldUpdate = z.infer<typeof CustomFieldUpdateSchema>

/** `?by=list&listName=trucks` on the API (or just `?listName=`): `by=list` needs the list. */
export const CustomFieldListFilterSchema = z
  .object({ by: z.literal('list', { error: 'validation.choice' }).optional(), listName: z.enum(CUSTOM_FIELD_LISTS, { error: 'validation.choice' }).optional() })
  .refine((value) => !value.by || value.listName, { path: ['listName'], message: 'validation.required' })

/** A definition as the API answers it (serializeCustomFieldDefinition), in the list and alone. */
export const CustomFieldRecordSchema = apiRecordSchema({
  listName: z.enum(CUSTOM_FIELD_LISTS).describe('The list whose records carry the field.'),
  key: z.string().describe('The key of the value in a record’s `customFields`; lowercase, unique per list.'),
  label: z.string(),
  type: z.enum(CUSTOM_FIELD_TYPES),
  options: z.array(z.string()).describe('A select’s choices; empty for the other types.'),
  required: z.boolean(),
  sortOrder: z.number().int().min(0).max(MAX_CUSTOM_FIELD_SORT_ORDER),
  active: z.boolean().describe('An inactive field is hidden from forms; its stored values are kept.'),
})
export type CustomFieldRecord = z.infer<typeof CustomFieldRecordSchema>
