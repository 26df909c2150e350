/**
 * One tenant entity's reads and writes, from a short declaration of what is its own (table,
 * relations shown, unique indexes, references, custom-field list, how input becomes columns,
 * search and order). Every entity then follows the same rules without writing them again:
 * another organization's row is "not found"; a write checks references, unique fields and custom
 * fields inside its transaction, names the version in its WHERE and records an audit event; a
 * unique index or a foreign key that refuses the write becomes the field error or `in_use` the
 * client would have got from the check. The entity model exports these functions under its own
 * names (`createTrailer` …), so routes still call their model explicitly (ADR 040).
 */
import { type Actor, recordAudit } from '~/models/audit/audit.server'
import { type CustomFieldList, type CustomFieldValues, resolveCustomFields } from '~/models/organization/custom-fields.server'
import { prisma, type Tx } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'
import type { Action, Entity } from '~/utils/permissions'

import {
  assertActorMay,
  assertId,
  assertReferences,
  assertUniqueFields,
  containsText,
  deleteVersioned,
  inBatches,
  isForeignKeyViolation,
  isoDate,
  listPage,
  type Reference,
  requireFound,
  rethrowReferenceGone,
  rethrowUnique,
  toDateOnly,
  type UniqueIndexes,
  updateVersioned,
} from './records.server'

/* eslint-disable @typescript-eslint/no-explicit-any -- each Prisma table has its own argument and row types; the declaration's functions build them */
/** What the store needs of a Prisma table (`tx.trailer` …). */
type Table = {
  findFirst(args: any): Promise<any>
  findMany(args: any): Promise<any[]>
  findUniqueOrThrow(args: any): Promise<any>
  count(args: any): Promise<number>
  create(args: any): Promise<any>
  updateMany(args: any): Promise<{ count: number }>
  deleteMany(args: any): Promise<{ count: number }>
}
/* eslint-enable @typescript-eslint/no-explicit-any */

type Query = { page: number; pageSize: number }

export type RecordDeclaration<Row, Input, ListQuery extends Query> = {
  /** The audit log's name for it (`trailer`), and the entity of the role matrix its writes ask. */
  entity: Entity
  /** Its Prisma table, in the given client or transaction. */
  table: (db: Tx) => Table
  /** The relations every read brings along (`{ company: { select: { id, name } } }`). */
  include?: object
  /**
   * How a list reads the included relations: one query with JSON joins (Prisma's `join`, the
   * default) or one query per relation (`query`). A to-many relation with its own order (a
   * product's photos) is read much faster by a second query than by a JSON aggregate per row
   * (ADR 066).
   */
  relationLoadStrategy?: 'join' | 'query'
  /** A stored row as the model hands it out (brokers: the BIGINT credit limit as a number). */
  toRecord?: (row: never) => Row
  notFound: string
  /** Why a delete that a restricting foreign key refused did not happen (409 `in_use`). */
  inUse: string
  /** What the `inUse` message names (what still uses the record), read after the refusal. */
  inUseParams?: (organizationId: string, id: string) => Promise<Record<string, string | number>>
  unique: UniqueIndexes
  /** Records the input names (company, driver …), checked to be the organization's own. */
  references?: (organizationId: string, input: Input) => Reference[]
  /** The custom-field list its records carry, if any (fuel purchases carry none). */
  customFields?: CustomFieldList
  /**
   * A rule of the entity's own that a write must pass, checked in the write's transaction with the
   * others (`id`: the record updated, none on create): throws the DomainError to answer.
   */
  check?: (tx: Tx, organizationId: string, input: Input, id?: string) => Promise<void>
  /**
   * A rule on the stored row and the input together, checked in every write's transaction before
   * it writes: `before` on update and delete, `after` on create and update (a fuel purchase may
   * not be written into, or moved out of, a filed quarter). Throws the DomainError to answer.
   */
  guard?: (tx: Tx, organizationId: string, change: { before?: Row; after?: Input }) => Promise<void>
  /**
   * What a delete keeps of the row, in the delete's transaction once the row is gone (a fuel
   * purchase's figures, for the accounting export to take back: ADR 152).
   */
  removed?: (tx: Tx, organizationId: string, row: Row) => Promise<void>
  /** The columns a write stores, without customFields (checked and added by the store). */
  toData: (input: Input) => object
  /** The list's search and filters, shared by the page, the API and the CSV export. */
  where: (organizationId: string, query: ListQuery) => object | Promise<object>
  orderBy: (query: ListQuery) => object[]
}

export function recordStore<Row, Input extends object, ListQuery extends Query>(declaration: RecordDeclaration<Row, Input, ListQuery>) {
  const { entity, table, include, notFound, unique } = declaration
  const toRecord = (declaration.toRecord ?? ((row: Row) => row)) as (row: unknown) => Row
  const references = (organizationId: string, input: Input) => declaration.references?.(organizationId, input) ?? []
  const strategy = declaration.relationLoadStrategy ? { relationLoadStrategy: declaration.relationLoadStrategy } : {}
  const rows = async (organizationId: string, query: ListQuery) => ({
    where: await declaration.where(organizationId, query),
    include,
    ...strategy,
    orderBy: declaration.orderBy(query),
  })

  /** Everything a write checks before it writes, in the write's transaction. */
  async function prepare(tx: Tx, organizationId: string, input: Input, exceptId?: string, stored?: Row) {
    const list = declaration.customFields
    const [customFields] = await Promise.all([
      list &&
        resolveCustomFields(
          tx,
          organizationId,
          list,
          (input as { customFields?: CustomFieldValues }).customFields,
          (stored as { customFields?: unknown } | undefined)?.customFields,
        ),
      assertReferences(tx, references(organizationId, input)),
      assertUniqueFields(table(tx), organizationId, exceptId, unique, input),
      declaration.check?.(tx, organizationId, input, exceptId),
      declaration.guard?.(tx, organizationId, { before: stored, after: input }),
    ])
    const data: Record<string, unknown> = { ...declaration.toData(input) }
    if (list) data.customFields = customFields
    return data
  }

  /** A refusal by the database itself (a race past the checks) as the checks' own answer. */
  function rethrow(error: unknown, organizationId: string, input: Input): never {
    rethrowReferenceGone(error, references(organizationId, input))
    rethrowUnique(error, unique)
  }

  return {
    /** One page of the list and its total. */
    async list(organizationId: string, query: ListQuery) {
      const args = await rows(organizationId, query)
      return listPage(
        query,
        () => table(prisma).count({ where: args.where }),
        async (window) => (await table(prisma).findMany({ ...args, ...window })).map(toRecord),
      )
    },

    /** Every row the list's search and filters match, in its order, read in batches (CSV export). */
    async *all(organizationId: string, query: ListQuery): AsyncGenerator<Row> {
      const args = await rows(organizationId, query)
      for await (const row of inBatches((window) => table(prisma).findMany({ ...args, ...window }))) yield toRecord(row)
    },

    /** Another organization's row is simply not found: never its data, never a hint it exists. */
    async get(organizationId: string, id: string): Promise<Row> {
      assertId(id, notFound)
      return toRecord(requireFound(await table(prisma).findFirst({ where: { id, organizationId }, include }), notFound))
    },

    /**
     * A new record, in its own transaction or in `db`'s (an import's, which writes every row or
     * none). `permission` names another rule that allows this create when the entity's own does not
     * (the factoring page adds its factor, a company, for accountants who do not edit companies).
     */
    async create(actor: Actor, input: Input, options: { permission?: { action: Action; entity: Entity }; db?: Tx } = {}): Promise<Row> {
      const { action, entity: granting } = options.permission ?? { action: 'create', entity }
      assertActorMay(actor, action, granting)
      const { db } = options
      const write = async (tx: Tx) => {
        const data = await prepare(tx, actor.organizationId, input)
        const row = toRecord(await table(tx).create({ data: { ...data, organizationId: actor.organizationId }, include }))
        await recordAudit(tx, actor, { entity, entityId: (row as { id: string }).id, action: 'create', after: data })
        return row
      }
      try {
        return db ? await write(db) : await prisma.$transaction(write)
      } catch (error) {
        rethrow(error, actor.organizationId, input)
      }
    },

    /** Saves the whole record if nobody changed it since `version` was read; otherwise 409, nothing written. */
    async update(actor: Actor, id: string, input: Input & { version: number }): Promise<Row> {
      assertActorMay(actor, 'update', entity)
      const { organizationId } = actor
      try {
        return await prisma.$transaction(async (tx) => {
          const { before, data } = await updateVersioned(table(tx), { id, organizationId }, input.version, notFound, (stored) =>
            prepare(tx, organizationId, input, id, toRecord(stored)),
          )
          const shown = toRecord(before) as Record<string, unknown>
          await recordAudit(tx, actor, { entity, entityId: id, action: 'update', before: shown, after: { ...shown, ...data } })
          return toRecord(await table(tx).findUniqueOrThrow({ where: { id }, include }))
        })
      } catch (error) {
        rethrow(error, organizationId, input)
      }
    },

    /**
     * Deletes the record if it is still the version the client saw (when one is given): the
     * version is in the DELETE's WHERE, so of many parallel deletes exactly one wins. A record
     * others still point at (their foreign key is RESTRICT) is kept, and the client told why.
     */
    async remove(actor: Actor, id: string, version?: number): Promise<Row> {
      assertActorMay(actor, 'delete', entity)
      try {
        return await prisma.$transaction(async (tx) => {
          const key = { id, organizationId: actor.organizationId }
          if (declaration.guard) {
            assertId(id, notFound)
            const stored = await table(tx).findFirst({ where: key })
            if (stored) await declaration.guard(tx, actor.organizationId, { before: toRecord(stored) })
          }
          const before = toRecord(await deleteVersioned(table(tx), key, version, notFound))
          await declaration.removed?.(tx, actor.organizationId, before)
          await recordAudit(tx, actor, { entity, entityId: id, action: 'delete', before: before as Record<string, unknown> })
          return before
        })
      } catch (error) {
        if (!isForeignKeyViolation(error)) throw error
        const params = await declaration.inUseParams?.(actor.organizationId, id)
        throw new DomainError('in_use', declaration.inUse, { params })
      }
    },
  }
}

/**
 * A list's order: the chosen column (nullable ones with their empty values last, a relation's
 * column through `relations`), then the id, so pages never repeat or skip a row.
 */
export function sortOrder<Sort extends string>(
  query: { sort: Sort; dir: 'asc' | 'desc' },
  options: { nullable?: readonly Sort[]; relations?: Partial<Record<Sort, (dir: 'asc' | 'desc') => object>> } = {},
): object[] {
  const { sort, dir } = query
  const relation = options.relations?.[sort]
  // Prisma accepts `nulls: 'last'` only on nullable columns.
  const primary = relation ? relation(dir) : options.nullable?.includes(sort) ? { [sort]: { sort: dir, nulls: 'last' } } : { [sort]: dir }
  return [primary, { id: 'asc' }]
}

/** Conditions for a search box: each column (`company.name` through a relation) contains the text, ignoring case. */
export function containsAny(q: string, columns: readonly string[]): object[] {
  return columns.map((column) => column.split('.').reduceRight<object>((inner, name) => ({ [name]: inner }), containsText(q)))
}

/**
 * A form's or a body's values as the columns store them, for every field of the entity's schema:
 * a field the input leaves out (an emptied form field, a JSON null) is NULL, so a save clears
 * what the user emptied; a `YYYY-MM-DD` of a date-only column is a date. `customFields` is the
 * store's, and not copied.
 */
export function toColumns<Shape extends object>(schema: { shape: Shape }, input: object, dateOnly: readonly (keyof Shape & string)[] = []) {
  const values = input as Record<string, unknown>
  const columns: Record<string, unknown> = {}
  for (const key of Object.keys(schema.shape)) {
    if (key === 'version' || key === 'customFields') continue
    const value = values[key]
    if ((dateOnly as readonly string[]).includes(key)) columns[key] = toDateOnly(value as string | undefined)
    else columns[key] = value === undefined || value === '' ? null : value
  }
  return columns
}

/** A record as the API answers it: its dates as strings. */
export type ApiRecord<Row> = { [K in keyof Row]: Row[K] extends Date ? string : Row[K] extends Date | null ? string | null : Row[K] }

/**
 * The API shape of a record whose every column is public: date-only columns as `YYYY-MM-DD` (so
 * a client can PUT back what it read), other dates as ISO instants, the rest as stored.
 */
export function apiRecord<Row extends object, DateOnlyKey extends keyof Row = never>(row: Row, dateOnly: readonly DateOnlyKey[] = []): ApiRecord<Row> {
  const shaped: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(row)) {
    shaped[key] = value instanceof Date ? ((dateOnly as readonly string[]).includes(key) ? isoDate(value) : value.toISOString()) : value
  }
  return shaped as ApiRecord<Row>
}
