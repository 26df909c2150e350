/**
 * Custom-field values on records (`customFields: { key: value }`), checked on every write, page
 * or API, against the organization's definitions for the record's list: known key, right type,
 * one of the options, required ones present. The schema (customFieldsInput) has already checked
 * the shape; this checks the meaning.
 */
import { dateOnly } from '~/schemas/fields'
import type { Tx } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'

export const CUSTOM_FIELD_LISTS = ['loads', 'trucks', 'trailers', 'brokers', 'companies', 'invoices'] as const
export type CustomFieldList = (typeof CUSTOM_FIELD_LISTS)[number]
export const CUSTOM_FIELD_TYPES = ['text', 'number', 'date', 'boolean', 'select'] as const

export type CustomFieldDefinition = {
  key: string
  type: (typeof CUSTOM_FIELD_TYPES)[number]
  options: string[]
  required: boolean
}

export type CustomFieldValues = Record<string, string | number | boolean>

/**
 * The active definitions of a list. None can exist until the custom-field pages and API land
 * with their table; until then every key a client sends is unknown, and refused as such rather
 * than silently dropped.
 */
export async function customFieldDefinitions(_tx: Tx, _organizationId: string, _list: CustomFieldList): Promise<CustomFieldDefinition[]> {
  return []
}

function valueError(definition: CustomFieldDefinition, value: string | number | boolean): string | null {
  switch (definition.type) {
    case 'text':
      return typeof value === 'string' ? null : 'validation.customFieldValue'
    case 'number':
      return typeof value === 'number' ? null : 'validation.number'
    case 'boolean':
      return typeof value === 'boolean' ? null : 'validation.customFieldValue'
    case 'date':
      return dateOnly().safeParse(value).success ? null : 'validation.date'
    case 'select':
      return typeof value === 'string' && definition.options.includes(value) ? null : 'validation.choice'
  }
}

/**
 * The values to store, or a 400 with a message per offending key (`customFields.<key>`). Keys
 * not sent keep no value; a required definition without a value is refused.
 */
export function checkCustomFields(definitions: CustomFieldDefinition[], values: CustomFieldValues | undefined): CustomFieldValues {
  const input = values ?? {}
  const byKey = new Map(definitions.map((definition) => [definition.key, definition]))
  const fields: Record<string, string[]> = {}
  for (const [key, value] of Object.entries(input)) {
    const definition = byKey.get(key)
    const error = definition ? valueError(definition, value) : 'validation.customFieldUnknown'
    if (error) fields[`customFields.${key}`] = [error]
  }
  for (const definition of definitions) {
    if (definition.required && !Object.hasOwn(input, definition.key)) fields[`customFields.${definition.key}`] = ['validation.required']
  }
  if (Object.keys(fields).length) throw new DomainError('validation_failed', 'validation.failed', { fields })
  return input
}

/** Checks `values` against the list's definitions inside the write's transaction. */
export async function resolveCustomFields(tx: Tx, organizationId: string, list: CustomFieldList, values: CustomFieldValues | undefined) {
  return checkCustomFields(await customFieldDefinitions(tx, organizationId, list), values)
}
