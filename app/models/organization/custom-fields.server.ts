/**
 * Custom fields: the definitions an admin manages (/dashboard/customfields, /api/customfield) and
 * the values records carry (`customFields: { key: value }`), checked on every write, page or API,
 * against the organization's definitions for the record's list: known key, right type, one of the
 * options, required ones present. The schema (customFieldsInput) has already checked the shape;
 * this checks the meaning, and is the one place where a form's text becomes a typed value.
 */
import { type CustomFieldDefinition as DefinitionRow, Prisma } from '~/generated/prisma/client'
import { type Actor, recordAudit } from '~/models/audit/audit.server'
import { assertActorMay, assertId, deleteVersioned, requireFound, rethrowUnique, type UniqueIndexes, updateVersioned } from '~/models/records/records.server'
import {
  CUSTOM_FIELD_LISTS,
  CUSTOM_FIELD_TYPES,
  type CustomFieldCreate,
  type CustomFieldDefinition,
  type CustomFieldList,
  type CustomFieldRecord,
  type CustomFieldUpdate,
} from '~/schemas/custom-field'
import { keyFromLabel } from '~/schemas/custom-field-options'
import { dateOnly } from '~/schemas/fields'
import { prisma, type Tx } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'

export { CUSTOM_FIELD_LISTS, CUSTOM_FIELD_TYPES, type CustomFieldDefinition, type CustomFieldList }

export type CustomFieldValues = Record<string, string | number | boolean>

type Db = Tx | typeof prisma

const ENTITY = 'customField'
const NOT_FOUND = 'customFields.errors.notFound'

/**
 * The table whose rows carry each list's values. A list whose table does not exist yet has no
 * values; adding its table is one line here (keys and types then lock, deletes are refused).
 */
const VALUE_TABLES: Record<CustomFieldList, Prisma.Sql | null> = {
  trucks: Prisma.raw('"Truck"'),
  trailers: Prisma.raw('"Trailer"'),
  loads: null,
  brokers: Prisma.raw('"Broker"'),
  companies: Prisma.raw('"Company"'),
  invoices: null,
  products: Prisma.raw('"Product"'),
}

const ORDER = [{ sortOrder: 'asc' }, { label: 'asc' }, { id: 'asc' }] satisfies Prisma.CustomFieldDefinitionOrderByWithRelationInput[]

function toDefinition(row: DefinitionRow): CustomFieldDefinition {
  return { key: row.key, label: row.label, type: row.type, options: row.options, required: row.required, active: row.active }
}

/** The active definitions of a list, in the order forms, pages and columns show them. */
export async function customFieldDefinitions(db: Db, organizationId: string, list: CustomFieldList): Promise<CustomFieldDefinition[]> {
  const rows = await db.customFieldDefinition.findMany({ where: { organizationId, listName: list, active: true }, orderBy: ORDER })
  return rows.map(toDefinition)
}

/** Every definition of a list, inactive ones included (their stored values are still shown). */
async function allDefinitions(db: Db, organizationId: string, list: CustomFieldList) {
  const rows = await db.customFieldDefinition.findMany({ where: { organizationId, listName: list }, orderBy: ORDER })
  return rows.map(toDefinition)
}

// A number as a person types it: optional sign, digits, optional decimals. `Number()` alone would
// also read "0x10", "1e3" and "" as numbers.
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/
const TRUE = new Set(['true', 'on', 'yes', '1'])
const FALSE = new Set(['false', 'off', 'no', '0'])

type Typed = { value: string | number | boolean | undefined } | { error: string }

/**
 * A value as the definition types it, from JSON (typed) or a form (text): "12.5" is a number for a
 * number field, "on" is true for a checkbox, "" is no value. Anything else is that field's error.
 */
function typedValue(definition: CustomFieldDefinition, raw: string | number | boolean): Typed {
  const value = typeof raw === 'string' ? raw.trim() : raw
  if (value === '') return { value: undefined }
  switch (definition.type) {
    case 'text':
      return typeof value === 'string' ? { value } : { error: 'validation.customFieldValue' }
    case 'number': {
      const number = typeof value === 'number' ? value : typeof value === 'string' && DECIMAL.test(value) ? Number(value) : Number.NaN
      return Number.isFinite(number) ? { value: number } : { error: 'validation.number' }
    }
    case 'boolean': {
      if (typeof value === 'boolean') return { value }
      const word = String(value).toLowerCase()
      return TRUE.has(word) ? { value: true } : FALSE.has(word) ? { value: false } : { error: 'validation.customFieldValue' }
    }
    case 'date':
      return typeof value === 'string' && dateOnly().safeParse(value).success ? { value } : { error: 'validation.date' }
    case 'select':
      return typeof value === 'string' && definition.options.includes(value) ? { value } : { error: 'validation.choice' }
  }
}

/**
 * The values to store, or a 400 with a message per offending key (`customFields.<key>`).
 * - An active definition's value is typed (typedValue); a required one must have a value.
 * - An inactive definition's value cannot be changed: the stored one is kept whatever is sent
 *   (a client may send back what it read), and it is never required.
 * - A key no definition names is refused.
 */
export function checkCustomFields(
  definitions: CustomFieldDefinition[],
  values: CustomFieldValues | undefined,
  stored: Record<string, unknown> = {},
): CustomFieldValues {
  const input = values ?? {}
  const byKey = new Map(definitions.map((definition) => [definition.key, definition]))
  const fields: Record<string, string[]> = {}
  const result: CustomFieldValues = {}
  for (const [key, raw] of Object.entries(input)) {
    const definition = byKey.get(key)
    if (!definition) {
      fields[`customFields.${key}`] = ['validation.customFieldUnknown']
      continue
    }
    if (definition.active === false) continue
    const typed = typedValue(definition, raw)
    if ('error' in typed) fields[`customFields.${key}`] = [typed.error]
    else if (typed.value !== undefined) result[key] = typed.value
  }
  for (const definition of definitions) {
    if (definition.active === false) {
      const kept = Object.hasOwn(stored, definition.key) ? stored[definition.key] : undefined
      if (typeof kept === 'string' || typeof kept === 'number' || typeof kept === 'boolean') result[definition.key] = kept
    } else if (definition.required && !Object.hasOwn(result, definition.key) && !fields[`customFields.${definition.key}`]) {
      fields[`customFields.${definition.key}`] = ['validation.required']
    }
  }
  if (Object.keys(fields).length) throw new DomainError('validation_failed', 'validation.failed', { fields })
  return result
}

/**
 * Checks `values` against the list's definitions inside the write's transaction. `stored` is the
 * record's current `customFields` on an update, so values of deactivated fields survive it.
 */
export async function resolveCustomFields(tx: Tx, organizationId: string, list: CustomFieldList, values: CustomFieldValues | undefined, stored?: unknown) {
  const current = stored && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {}
  return checkCustomFields(await allDefinitions(tx, organizationId, list), values, current)
}

/** What the editor of a record needs: the list's active definitions. */
export function customFieldsForForm(organizationId: string, list: CustomFieldList) {
  return customFieldDefinitions(prisma, organizationId, list)
}

export type CustomFieldDisplay = { key: string; label: string; type: CustomFieldDefinition['type']; value: string | number | boolean | null }

/**
 * What a view page shows: every active field (with or without a value) and inactive ones that
 * still hold a value, in the list's order.
 */
export async function customFieldsForDisplay(organizationId: string, list: CustomFieldList, values: unknown): Promise<CustomFieldDisplay[]> {
  const stored = values && typeof values === 'object' && !Array.isArray(values) ? (values as Record<string, unknown>) : {}
  const definitions = await allDefinitions(prisma, organizationId, list)
  return definitions.flatMap((definition) => {
    const value = Object.hasOwn(stored, definition.key) ? stored[definition.key] : undefined
    const present = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    if (!definition.active && !present) return []
    return [{ key: definition.key, label: definition.label, type: definition.type, value: present ? value : null }]
  })
}

/** Whether any record of the list in the organization has a value for `key`. */
export async function keyHasValues(db: Db, organizationId: string, list: CustomFieldList, key: string) {
  const table = VALUE_TABLES[list]
  if (!table) return false
  const rows = await db.$queryRaw<Array<{ found: boolean }>>`
    SELECT EXISTS (SELECT 1 FROM ${table} WHERE "organizationId" = ${organizationId} AND jsonb_exists("customFields", ${key})) AS "found"`
  return rows[0]?.found === true
}

/** The distinct values records of the list hold for `key`, as text (the select options in use). */
async function valuesInUse(db: Db, organizationId: string, list: CustomFieldList, key: string) {
  const table = VALUE_TABLES[list]
  if (!table) return []
  const rows = await db.$queryRaw<Array<{ value: string }>>`
    SELECT DISTINCT "customFields"->>${key} AS "value" FROM ${table}
    WHERE "organizationId" = ${organizationId} AND jsonb_exists("customFields", ${key})`
  return rows.map((row) => row.value)
}

// ---------------------------------------------------------------------------------------------
// Definitions: the admin's pages and the API.

export type CustomFieldRow = DefinitionRow

export async function listCustomFieldDefinitions(organizationId: string, list?: CustomFieldList) {
  return prisma.customFieldDefinition.findMany({
    where: { organizationId, ...(list ? { listName: list } : {}) },
    orderBy: [{ listName: 'asc' }, ...ORDER],
  })
}

export async function getCustomFieldDefinition(organizationId: string, id: string) {
  assertId(id, NOT_FOUND)
  return requireFound(await prisma.customFieldDefinition.findFirst({ where: { id, organizationId } }), NOT_FOUND)
}

/** Whether the definition's key and type are locked because records hold values for it. */
export function isLocked(definition: Pick<DefinitionRow, 'organizationId' | 'listName' | 'key'>) {
  return keyHasValues(prisma, definition.organizationId, definition.listName, definition.key)
}

const UNIQUE_INDEXES: UniqueIndexes = {
  CustomFieldDefinition_organizationId_listName_key_key: { field: 'key', messageKey: 'customFields.errors.duplicateKey' },
}

async function assertUniqueKey(tx: Tx, organizationId: string, listName: CustomFieldList, key: string, exceptId?: string) {
  // CITEXT: the comparison ignores case, as the unique index does.
  const other = await tx.customFieldDefinition.findFirst({
    where: { organizationId, listName, key, ...(exceptId ? { NOT: { id: exceptId } } : {}) },
    select: { id: true },
  })
  if (other) throw new DomainError('validation_failed', 'validation.failed', { fields: { key: ['customFields.errors.duplicateKey'] } })
}

/** The key a definition is saved under: as sent, or made from its label (as the editor suggests it). */
function keyed<Input extends CustomFieldCreate>(input: Input): Input & { key: string } {
  const key = input.key || keyFromLabel(input.label)
  if (!key) throw new DomainError('validation_failed', 'validation.failed', { fields: { key: ['customFields.errors.keyFromLabel'] } })
  return { ...input, key }
}

function toData(input: CustomFieldCreate & { key: string }) {
  return {
    listName: input.listName,
    key: input.key,
    label: input.label,
    type: input.type,
    options: input.type === 'select' ? (input.options ?? []) : [],
    required: input.required,
    sortOrder: input.sortOrder,
  }
}

export async function createCustomFieldDefinition(actor: Actor, sent: CustomFieldCreate) {
  assertActorMay(actor, 'create', 'customField')
  try {
    const input = keyed(sent)
    return await prisma.$transaction(async (tx) => {
      await assertUniqueKey(tx, actor.organizationId, input.listName, input.key)
      const data = { ...toData(input), active: true }
      const row = await tx.customFieldDefinition.create({ data: { ...data, organizationId: actor.organizationId } })
      await recordAudit(tx, actor, { entity: ENTITY, entityId: row.id, action: 'create', after: data })
      return row
    })
  } catch (error) {
    rethrowUnique(error, UNIQUE_INDEXES)
  }
}

/**
 * Saves label, options, required, order and active (and list, key and type while no record holds
 * a value for the key) if nobody changed the definition since `version` was read.
 */
export async function updateCustomFieldDefinition(actor: Actor, id: string, sent: CustomFieldUpdate) {
  assertActorMay(actor, 'update', 'customField')
  const { organizationId } = actor
  try {
    const input = keyed(sent)
    return await prisma.$transaction(async (tx) => {
      const { before, data } = await updateVersioned(tx.customFieldDefinition, { id, organizationId }, input.version, NOT_FOUND, async (before) => {
        const fields: Record<string, string[]> = {}
        const identityChanged = before.listName !== input.listName || before.key !== input.key || before.type !== input.type
        if (identityChanged && (await keyHasValues(tx, organizationId, before.listName, before.key))) {
          if (before.listName !== input.listName) fields.listName = ['customFields.errors.locked']
          if (before.key !== input.key) fields.key = ['customFields.errors.locked']
          if (before.type !== input.type) fields.type = ['customFields.errors.locked']
        }
        // An option records still hold cannot disappear: their next save would be refused.
        if (before.type === 'select' && input.type === 'select') {
          const kept = input.options ?? []
          const removed = new Set(before.options.filter((option) => !kept.includes(option)))
          if (removed.size && (await valuesInUse(tx, organizationId, before.listName, before.key)).some((value) => removed.has(value))) {
            fields.options = ['customFields.errors.optionInUse']
          }
        }
        if (Object.keys(fields).length) throw new DomainError('validation_failed', 'validation.failed', { fields })
        if (before.listName !== input.listName || before.key !== input.key) await assertUniqueKey(tx, organizationId, input.listName, input.key, id)
        return { ...toData(input), active: input.active }
      })
      await recordAudit(tx, actor, { entity: ENTITY, entityId: id, action: 'update', before, after: { ...before, ...data } })
      return tx.customFieldDefinition.findUniqueOrThrow({ where: { id } })
    })
  } catch (error) {
    rethrowUnique(error, UNIQUE_INDEXES)
  }
}

/**
 * Deletes a definition nobody uses. Records holding a value for its key keep the definition:
 * 409 `in_use` (deactivate it instead, which hides it from forms and keeps the values). See
 * docs/decisions/017-custom-fields.md.
 */
export async function deleteCustomFieldDefinition(actor: Actor, id: string, version?: number) {
  assertActorMay(actor, 'delete', 'customField')
  assertId(id, NOT_FOUND)
  return prisma.$transaction(async (tx) => {
    const current = requireFound(await tx.customFieldDefinition.findFirst({ where: { id, organizationId: actor.organizationId } }), NOT_FOUND)
    if (await keyHasValues(tx, actor.organizationId, current.listName, current.key)) {
      throw new DomainError('in_use', 'customFields.errors.inUse', { params: { label: current.label } })
    }
    const before = await deleteVersioned(tx.customFieldDefinition, { id, organizationId: actor.organizationId }, version, NOT_FOUND)
    await recordAudit(tx, actor, { entity: ENTITY, entityId: id, action: 'delete', before })
    return before
  })
}

/** The API shape. */
export function serializeCustomFieldDefinition(row: DefinitionRow): CustomFieldRecord {
  return {
    id: row.id,
    organizationId: row.organizationId,
    listName: row.listName,
    key: row.key,
    label: row.label,
    type: row.type,
    options: row.options,
    required: row.required,
    sortOrder: row.sortOrder,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  }
}

export type CustomFieldColumn = { key: string; label: string; type: CustomFieldDefinition['type'] }

/**
 * A list row's values for the columns the page shows, and nothing else: list loaders send what
 * the page renders, not the record (ADR 044).
 */
export function shownCustomFields(columns: { shown: Pick<CustomFieldColumn, 'key'>[] }, values: unknown) {
  if (!columns.shown.length || !values || typeof values !== 'object') return undefined
  const record = values as Record<string, unknown>
  return Object.fromEntries(columns.shown.filter((column) => column.key in record).map((column) => [column.key, record[column.key]]))
}

/**
 * The optional custom-field columns of a list page: the list's active fields, and those the URL
 * asks for (`?cols=fuel_card,eld_provider`, or `cols` repeated), else those the user chose last
 * (saveListColumns). Unknown keys are ignored, so an old link still opens.
 */
export async function customFieldColumns(organizationId: string, list: CustomFieldList, params: URLSearchParams, userId?: string) {
  // The URL wins when it names columns (`cols=` alone: none); else the user's last choice.
  const named =
    params.has('cols') || !userId
      ? params.getAll('cols')
      : ((await prisma.listColumnChoice.findUnique({ where: { userId_listName: { userId, listName: list } } }))?.columns ?? [])
  const wanted = new Set(named.flatMap((value) => value.split(',')).map((key) => key.trim()))
  const available: CustomFieldColumn[] = (await customFieldDefinitions(prisma, organizationId, list)).map(({ key, label, type }) => ({ key, label, type }))
  return { list, available, shown: available.filter((column) => wanted.has(column.key)) }
}

/**
 * Remembers the columns a user chose on a list (the list's own fields only, in its order), so the
 * list opened from the navigation shows them again, on any device. Answers the keys kept.
 */
export async function saveListColumns(user: { id: string; organizationId: string }, list: CustomFieldList, keys: string[]) {
  const wanted = new Set(keys)
  const columns = (await customFieldDefinitions(prisma, user.organizationId, list)).map((field) => field.key).filter((key) => wanted.has(key))
  await prisma.listColumnChoice.upsert({
    where: { userId_listName: { userId: user.id, listName: list } },
    create: { userId: user.id, listName: list, columns },
    update: { columns },
  })
  return columns
}
