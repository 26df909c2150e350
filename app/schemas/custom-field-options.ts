/**
 * Custom-field choices shared by pages, schemas and models. No zod here: pages that only need the
 * choices (the definitions list, the editor's selects) do not download the validation library.
 */
export const CUSTOM_FIELD_LISTS = ['loads', 'trucks', 'trailers', 'brokers', 'companies', 'invoices'] as const
export type CustomFieldList = (typeof CUSTOM_FIELD_LISTS)[number]
export const CUSTOM_FIELD_TYPES = ['text', 'number', 'date', 'boolean', 'select'] as const
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number]

/**
 * A stored value as the form's default: Conform serialises defaults, and a checkbox is ticked by
 * "on". Pass the record's `customFields` through this for the editor's defaultValue.
 */
export function customFieldDefaults(values: unknown): Record<string, string> {
  if (!values || typeof values !== 'object' || Array.isArray(values)) return {}
  return Object.fromEntries(
    Object.entries(values).flatMap(([key, value]) =>
      typeof value === 'boolean' ? (value ? [[key, 'on']] : []) : typeof value === 'string' || typeof value === 'number' ? [[key, String(value)]] : [],
    ),
  )
}
