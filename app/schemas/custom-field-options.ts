/**
 * Custom-field choices shared by pages, schemas and models. No zod here: pages that only need the
 * choices (the definitions list, the editor's selects) do not download the validation library.
 */
export const CUSTOM_FIELD_LISTS = ['loads', 'trucks', 'trailers', 'brokers', 'companies', 'invoices', 'products'] as const
export type CustomFieldList = (typeof CUSTOM_FIELD_LISTS)[number]
export const CUSTOM_FIELD_TYPES = ['text', 'number', 'date', 'boolean', 'select'] as const
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number]

/** A key's length limit (the schema's KEY pattern allows 40 characters). */
const KEY_LENGTH = 40

/**
 * The key a label suggests, by the one slug rule the editor (as you type) and the model (a key
 * left empty) share: accents dropped, lowercase, every run of other characters one underscore,
 * a leading "f_" when it would start with a digit, at most 40 characters. "Fuel card #" →
 * `fuel_card`, "Numéro DOT" → `numero_dot`, "2nd driver" → `f_2nd_driver`. Empty when the label
 * has no Latin letter or digit (燃油卡): the key must then be typed.
 */
export function keyFromLabel(label: string) {
  const slug = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
  if (!slug) return ''
  return (/^[a-z]/.test(slug) ? slug : `f_${slug}`).slice(0, KEY_LENGTH).replace(/_+$/, '')
}

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
