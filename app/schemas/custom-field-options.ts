/**
 * Custom-field choices shared by pages, schemas and models. No zod here: pages that only need the
 * choices (the definitions list, the editor's selects) do not download the validation library.
 */
export const CUSTOM_FIELD_LISTS = ['loads', 'trucks', 'trailers', 'brokers', 'companies', 'invoices'] as const
export type CustomFieldList = (typeof CUSTOM_FIELD_LISTS)[number]
export const CUSTOM_FIELD_TYPES = ['text', 'number', 'date', 'boolean', 'select'] as const
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number]
