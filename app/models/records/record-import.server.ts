/**
 * Trucks, trailers, brokers, companies, products and drivers as lists of the import pipeline
 * (app/models/records/csv-import.server.ts, ADR 108). A row is what its editor's form would post: its cells
 * become the form's fields (a company by its name, a driver by their email, a choice in any case,
 * custom fields by their key), parsed by the editor's own schema with Conform as the editor parses
 * it, then created by the editor's own model function inside the import's transaction, so the
 * references, case-insensitive uniqueness (against the database and the rows before it in the
 * file), custom fields, permissions and audit are the editor's. The dry run does the same and rolls
 * back: a name taken twice in the file is found as the import would find it.
 */
import { parseWithZod } from '@conform-to/zod/v4'
import type { z } from 'zod'

import { FALLBACK_LANGUAGE, type LanguageCode } from '~/i18n'
import type { Actor } from '~/models/audit/audit.server'
import { fuelImportList } from '~/models/fuel-tax/fuel-import.server'
import { tripImportList } from '~/models/fuel-tax/trip-import.server'
import { LOAD_IMPORT } from '~/models/loads/load-import.server'
import { type CustomFieldDefinition, customFieldDefinitions, type CustomFieldList } from '~/models/organization/custom-fields.server'
import { createBroker } from '~/models/reference/broker.server'
import { createCompany } from '~/models/reference/company.server'
import { createTrailer } from '~/models/reference/trailer.server'
import { createTruck } from '~/models/reference/truck.server'
import { createProduct } from '~/models/store/product.server'
import { createUser } from '~/models/users/user.server'
import { BrokerFormSchema, brokerFromForm } from '~/schemas/broker'
import { CompanySchema } from '~/schemas/company'
import { fuelImportTemplate, isFuelCardFormat } from '~/schemas/fuel-import-options'
import {
  IMPORT_MAX_ROWS,
  type ImportColumn,
  type ImportListName,
  normalizeHeader,
  RECORD_IMPORT_COLUMNS,
  type RecordImportName,
  recordImportTemplate,
} from '~/schemas/import-options'
import { loadImportTemplate } from '~/schemas/load-import-options'
import { ProductFormSchema, productFromForm } from '~/schemas/product'
import { TrailerSchema } from '~/schemas/trailer'
import { isEldFormat, tripImportTemplate } from '~/schemas/trip-import-options'
import { TruckSchema } from '~/schemas/truck'
import { UserCreateFormSchema } from '~/schemas/user'
import { prisma, type Tx } from '~/utils/db.server'
import { isDomainError } from '~/utils/errors.server'
import type { Entity } from '~/utils/permissions'

import type { ImportError, ImportList } from './csv-import.server'

/**
 * What an import of drivers does about sign-in (ADR 108): invited accounts, the emails sent only
 * when asked; which card's (ADR 123) or ELD's (ADR 126) export a file is (IMPORT_FORMATS).
 */
export type RecordImportOptions = { invite?: boolean; language?: LanguageCode; format?: string }

type Editor<S extends z.ZodType> = {
  schema: S
  /** The list of custom fields its editor shows (users have none). */
  customFields: CustomFieldList | null
  /** The editor's save: the model function, in the import's transaction. */
  create(actor: Actor, input: z.output<S>, tx: Tx, options: RecordImportOptions): Promise<unknown>
  /** Fields every row of this list posts, whatever the file says (a driver is a user with the driver role). */
  fixed?: Record<string, string>
}

const editor = <S extends z.ZodType>(definition: Editor<S>) => definition as unknown as Editor<z.ZodType>

/** Each list's editor: its schema and model function, as its editor route names them. */
const EDITORS: Record<RecordImportName, Editor<z.ZodType>> = {
  trucks: editor({ schema: TruckSchema, customFields: 'trucks', create: (actor, input, tx) => createTruck(actor, input, { db: tx }) }),
  trailers: editor({ schema: TrailerSchema, customFields: 'trailers', create: (actor, input, tx) => createTrailer(actor, input, { db: tx }) }),
  brokers: editor({ schema: BrokerFormSchema, customFields: 'brokers', create: (actor, input, tx) => createBroker(actor, brokerFromForm(input), { db: tx }) }),
  companies: editor({ schema: CompanySchema, customFields: 'companies', create: (actor, input, tx) => createCompany(actor, input, { db: tx }) }),
  products: editor({
    schema: ProductFormSchema,
    customFields: 'products',
    create: (actor, input, tx) => createProduct(actor, productFromForm(input), [], tx),
  }),
  drivers: editor({
    schema: UserCreateFormSchema,
    customFields: null,
    fixed: { role: 'driver' },
    create: (actor, input, tx, options) => createUser(actor, input, options.language ?? FALLBACK_LANGUAGE, { db: tx, invite: options.invite === true }),
  }),
}

/** Names and emails to ids, by the lowercased text (the columns are CITEXT). */
type Lookups = { companies: Map<string, string>; drivers: Map<string, string>; customFields: Set<string> }

const TICKED = new Set(['yes', 'true', '1', 'on', 'y', 'x'])
const UNTICKED = new Set(['no', 'false', '0', 'off', 'n'])

/** Rows a transaction step: the writer checks and writes one row at a time, so this only paces the stream. */
const BATCH = 50

/**
 * A list's import: its columns (the template's and the keys of its active custom fields), each row
 * parsed by the editor's schema and created by the editor's model function.
 */
export async function recordImportList(
  name: RecordImportName,
  organizationId: string,
  options: RecordImportOptions = {},
): Promise<ImportList<object, Lookups>> {
  const columns = RECORD_IMPORT_COLUMNS[name]
  const { schema, customFields: list, create, fixed } = EDITORS[name]
  const customFields = list ? (await customFieldDefinitions(prisma, organizationId, list)).map((definition) => definition.key) : []
  const byKey = new Map(columns.map((column) => [column.key, column]))
  const byField = new Map(columns.map((column) => [column.field ?? column.key, column.key]))
  // A schema's path (`driverProfile.payRate`, `customFields.fuel_card`, `creditLimit`) as the column that filled it.
  const columnOf = (path: string) => (path.startsWith('customFields.') ? path.slice('customFields.'.length) : (byField.get(path) ?? (path || null)))
  const collect = columns.filter((column) => column.kind === 'company' || column.kind === 'driver').map((column) => column.key)

  return {
    columns: [...columns.map((column) => column.key), ...customFields.filter((key) => !byKey.has(key))],
    required: columns.filter((column) => column.required).map((column) => column.key),
    maxRows: IMPORT_MAX_ROWS[name],
    collect,
    async prepare(_organizationId, collected) {
      const names = (kind: ImportColumn['kind']) => collect.filter((key) => byKey.get(key)?.kind === kind).flatMap((key) => [...collected[key]])
      const [companies, drivers] = await Promise.all([
        prisma.company.findMany({ where: { organizationId, name: { in: names('company') } }, select: { id: true, name: true } }),
        prisma.user.findMany({ where: { organizationId, role: 'driver', email: { in: names('driver') } }, select: { id: true, email: true } }),
      ])
      return {
        context: {
          companies: new Map(companies.map((company) => [company.name.toLowerCase(), company.id])),
          drivers: new Map(drivers.map((driver) => [driver.email.toLowerCase(), driver.id])),
          customFields: new Set(customFields),
        },
        errors: [],
      }
    },
    check(row, line, lookups) {
      const errors: ImportError[] = []
      const form = new FormData()
      for (const [field, value] of Object.entries(fixed ?? {})) form.set(field, value)
      for (const [key, cell] of Object.entries(row)) {
        const column = byKey.get(key)
        if (!column) {
          form.set(`customFields.${key}`, cell)
          continue
        }
        const field = column.field ?? column.key
        const fail = (message: string) => errors.push({ row: line, column: key, message })
        switch (column.kind) {
          case 'choice':
            form.set(field, column.values?.find((value) => normalizeHeader(value) === normalizeHeader(cell)) ?? cell)
            break
          case 'flag':
            if (TICKED.has(cell.toLowerCase())) form.set(field, 'on')
            else if (!UNTICKED.has(cell.toLowerCase())) fail('imports.errors.flag')
            break
          case 'company': {
            const id = lookups.companies.get(cell.toLowerCase())
            if (id) form.set(field, id)
            else fail('imports.errors.unknownCompany')
            break
          }
          case 'driver': {
            const id = lookups.drivers.get(cell.toLowerCase())
            if (id) form.set(field, id)
            else fail('imports.errors.unknownDriver')
            break
          }
          default:
            form.set(field, cell)
        }
      }
      const submission = parseWithZod(form, { schema })
      if (submission.status !== 'success') {
        for (const [path, messages] of Object.entries(submission.error ?? {})) {
          const column = columnOf(path)
          // A reference already reported as unknown is not reported twice.
          if (errors.some((error) => error.column === column)) continue
          for (const message of messages ?? []) errors.push({ row: line, column, message })
        }
      }
      return submission.status === 'success' && errors.length === 0 ? { errors: [], value: submission.value as object } : { errors }
    },
    writer(tx, actor) {
      // A refusal by the database itself (a unique index another request filled since the checks)
      // ends the transaction: PostgreSQL takes no further statement in it. The file is refused
      // with that row's error; the rows after it are not written (nothing would be kept anyway).
      let spent = false
      return {
        batch: BATCH,
        async write(rows) {
          const refused: ImportError[] = []
          for (const { row, value } of rows) {
            if (spent) break
            try {
              await create(actor, value, tx, options)
            } catch (error) {
              if (!isDomainError(error)) throw error
              const fields = Object.entries(error.fields ?? {})
              const params = error.options.params as ImportError['params']
              if (!fields.length) refused.push({ row, column: null, message: error.messageKey, params })
              for (const [path, keys] of fields) for (const message of keys) refused.push({ row, column: columnOf(path), message, params })
              spent = await transactionAborted(tx)
            }
          }
          return { refused }
        },
        result: (created) => ({ created }),
      }
    },
    dryRunWrites: true,
  }
}

/** An example a custom field's column accepts: a required one's example has a value, so the template imports as it is. */
function customFieldExample(definition: CustomFieldDefinition) {
  switch (definition.type) {
    case 'select':
      return definition.options[0] ?? ''
    case 'boolean':
      return 'no'
    case 'number':
      return definition.required ? '0' : ''
    case 'date':
      return definition.required ? '2026-01-31' : ''
    case 'text':
      return definition.required ? definition.label : ''
  }
}

/** A list's CSV template for this organization: the list's columns, then a column per active custom field. */
export async function importTemplate(name: ImportListName, organizationId: string) {
  if (name === 'loads') return loadImportTemplate()
  if (name === 'fuelPurchases') return fuelImportTemplate()
  if (name === 'trips') return tripImportTemplate()
  const list = EDITORS[name].customFields
  const definitions = list ? await customFieldDefinitions(prisma, organizationId, list) : []
  return recordImportTemplate(
    name,
    definitions.map((definition) => ({ key: definition.key, example: customFieldExample(definition) })),
  )
}

/** Whether the transaction took an error from the database and now refuses every statement (SQLSTATE 25P02). */
async function transactionAborted(tx: Tx) {
  try {
    await tx.$queryRaw`SELECT 1`
    return false
  } catch {
    return true
  }
}

/** The permission an import of each list asks: creating what it creates. */
export const IMPORT_ENTITIES = {
  loads: 'load',
  trucks: 'truck',
  trailers: 'trailer',
  brokers: 'broker',
  companies: 'company',
  products: 'product',
  drivers: 'user',
  fuelPurchases: 'fuelPurchase',
  trips: 'trip',
} as const satisfies Record<ImportListName, Entity>

/** Any list's import, for the page and the API: loads and fuel purchases as their modules declare them, the others as above. */
export async function importList(name: ImportListName, organizationId: string, options: RecordImportOptions = {}): Promise<ImportList<unknown, unknown>> {
  const list =
    name === 'loads'
      ? LOAD_IMPORT
      : name === 'fuelPurchases'
        ? fuelImportList(isFuelCardFormat(options.format) ? options.format : 'generic')
        : name === 'trips'
          ? tripImportList(isEldFormat(options.format) ? options.format : 'generic')
          : await recordImportList(name, organizationId, options)
  return list as ImportList<unknown, unknown>
}
