/**
 * Rules every tenant record follows, for the entity models to call explicitly: find one row of
 * the organization or answer "not found", check the version a client read, turn a unique index's
 * refusal into a field error, check that referenced records belong to the organization, and
 * build paging arguments. The database holds the rules it can (unique indexes, the version in the
 * WHERE of every write); these helpers translate its answers into DomainErrors.
 */
import { randomBytes } from 'node:crypto'

import { Prisma } from '~/generated/prisma/client'
import { type Actor, actorRefusal } from '~/policies/actor'
import type { PolicyRefusal } from '~/policies/refusal'
import { isId } from '~/schemas/text'
import type { Tx } from '~/utils/db.server'
import { prisma, readRows } from '~/utils/db.server'
import { DomainError, type ErrorCode } from '~/utils/errors.server'
import type { Action, Entity } from '~/utils/permissions'

/** An id like Prisma's cuid (25 characters, a letter first), for rows inserted set-based (imports). */
export function newId() {
  return `c${randomBytes(16).toString('hex').slice(0, 24)}`
}

/** An id no row can have (wrong shape, NUL bytes) is simply not found, before any query. */
export function assertId(id: string, notFoundKey: string) {
  if (!isId(id)) throw new DomainError('not_found', notFoundKey)
}

/** The row, or "not found" (another organization's row included: never a hint it exists). */
export function requireFound<T>(row: T | null | undefined, notFoundKey: string): T {
  if (row === null || row === undefined) throw new DomainError('not_found', notFoundKey)
  return row
}

/** The client read an older version than the one stored: nothing is written (409). */
export function assertVersion(stored: { version: number }, expected: number | undefined) {
  if (expected !== undefined && stored.version !== expected) throw new DomainError('conflict', 'errors.conflict')
}

/**
 * The answer of an `updateMany`/`deleteMany` whose WHERE names the id, the organization and the
 * version: zero rows means someone else changed or deleted the row between our read and our write.
 */
export function assertOneRow(result: { count: number }) {
  if (result.count !== 1) throw new DomainError('conflict', 'errors.conflict')
}

/**
 * A policy's refusal (app/policies/*) as the DomainError the page and the API answer, with the
 * message's params (the caller's, else the refusal's own); nothing when it allows.
 */
export function throwRefusal(
  refusal: (Omit<PolicyRefusal, 'code'> & { code: ErrorCode; params?: Record<string, unknown> }) | null | undefined,
  params?: Record<string, unknown>,
) {
  if (!refusal) return
  const shown = params ?? refusal.params
  throw new DomainError(refusal.code, refusal.key, shown ? { params: shown } : undefined)
}

/**
 * The first line of every model write: the actor's role and key scope allow `action` on `entity`
 * (app/policies/actor.ts), or 403 `forbidden` before anything is read or written (ADR 106).
 */
export function assertActorMay(actor: Pick<Actor, 'role' | 'scope'>, action: Action, entity: Entity) {
  throwRefusal(actorRefusal(actor, action, entity))
}

/** The organization's counters (`Organization.next…Number`): each the next number its records take. */
export const NUMBER_COUNTERS = [
  'nextLoadNumber',
  'nextInvoiceNumber',
  'nextQuoteNumber',
  'nextOrderNumber',
  'nextSettlementNumber',
  'nextScheduleNumber',
  'nextWorkOrderNumber',
  'nextClaimNumber',
  'nextAccountingExportNumber',
] as const
export type NumberCounter = (typeof NUMBER_COUNTERS)[number]

/**
 * Takes `count` numbers of the organization's sequence and returns the first: the UPDATE locks the
 * organization's row until the transaction ends, so concurrent creates wait for each other and
 * never share a number, and a rolled-back create gives its number back. An organization that is
 * gone is `notFoundKey` (404).
 */
export async function nextNumber(tx: Tx, organizationId: string, counter: NumberCounter, options: { count?: number; notFoundKey?: string } = {}) {
  if (!NUMBER_COUNTERS.includes(counter)) throw new Error(`nextNumber: not a counter: ${counter}`)
  const count = options.count ?? 1
  const column = Prisma.raw(`"${counter}"`)
  const [row] = await tx.$queryRaw<Array<{ first: number }>>`
    UPDATE "Organization" SET ${column} = ${column} + ${count} WHERE "id" = ${organizationId}
    RETURNING ${column} - ${count} AS "first"`
  if (!row) throw new DomainError('not_found', options.notFoundKey ?? 'organization.errors.notFound')
  return row.first
}

/** Tables whose rows a write locks before it reads them (names, never user input). */
const LOCKABLE = [
  'Invoice',
  'QuoteRequest',
  'Settlement',
  'FactoringSchedule',
  'StoreOrder',
  'RemittanceAdvice',
  'Post',
  'Product',
  'Trip',
  'Inspection',
  'WorkOrder',
  'Claim',
] as const
export type LockableTable = (typeof LOCKABLE)[number]

/**
 * One row of the organization locked for this transaction (SELECT … FOR UPDATE) and then read
 * with `read`, at the version the client read: "not found" when it is not there (another
 * organization's included), the conflict error (409) when its version differs. Two writes of the
 * same row run one after the other, and the second sees the first's result.
 */
export async function lockForUpdate<Row extends { version: number }>(
  tx: Tx,
  lock: { table: LockableTable; id: string; organizationId: string; version: number | undefined; notFoundKey: string },
  read: () => Promise<Row | null>,
): Promise<Row> {
  if (!LOCKABLE.includes(lock.table)) throw new Error(`lockForUpdate: not a lockable table: ${lock.table}`)
  assertId(lock.id, lock.notFoundKey)
  await tx.$queryRaw`SELECT "id" FROM ${Prisma.raw(`"${lock.table}"`)} WHERE "id" = ${lock.id} AND "organizationId" = ${lock.organizationId} FOR UPDATE`
  const row = requireFound(await read(), lock.notFoundKey)
  assertVersion(row, lock.version)
  return row
}

type Key = { id: string; organizationId: string }

/** What deleteVersioned needs of a Prisma table (`tx.truck`, `tx.trailer` …). */
type VersionedTable<Row> = {
  findFirst(args: { where: Key }): Promise<Row | null>
  deleteMany(args: { where: Key & { version: number } }): Promise<{ count: number }>
}

/**
 * Deletes one row of the organization if it is still the version the client saw (when one is
 * given). The version is in the DELETE's WHERE, so a racing update or delete cannot slip in
 * between the read and the write: of many parallel deletes exactly one wins, the others get
 * "not found" (it is gone) or a conflict (it changed). Returns the row as it was, for the audit.
 */
export async function deleteVersioned<Row extends { version: number }>(
  table: VersionedTable<Row>,
  key: Key,
  version: number | undefined,
  notFoundKey: string,
): Promise<Row> {
  assertId(key.id, notFoundKey)
  const before = requireFound(await table.findFirst({ where: key }), notFoundKey)
  assertVersion(before, version)
  const { count } = await table.deleteMany({ where: { ...key, version: before.version } })
  if (count !== 1) {
    requireFound(await table.findFirst({ where: key }), notFoundKey)
    assertOneRow({ count })
  }
  return before
}

/** What updateVersioned needs of a Prisma table (`tx.truck`, `tx.trailer` …). */
type UpdatableTable<Row> = {
  findFirst(args: { where: Key }): Promise<Row | null>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each table's own data type; the entity's prepare() builds it
  updateMany(args: { where: Key & { version: number }; data: any }): Promise<{ count: number }>
}

/**
 * Saves one row of the organization if it is still the version the client read: "not found" when
 * it is not there, a conflict when its version differs. `prepare` builds the data from the stored
 * row (its checks run in the caller's transaction); the write names the version in its WHERE and
 * adds one, so a write that slips in between the read and this one is a conflict too. Returns
 * the row as it was and the data written, for the audit.
 */
export async function updateVersioned<Row extends { version: number }, Data extends object>(
  table: UpdatableTable<Row>,
  key: Key,
  version: number,
  notFoundKey: string,
  prepare: (stored: Row) => Promise<Data>,
): Promise<{ before: Row; data: Data }> {
  assertId(key.id, notFoundKey)
  const before = requireFound(await table.findFirst({ where: key }), notFoundKey)
  assertVersion(before, version)
  const data = await prepare(before)
  assertOneRow(await table.updateMany({ where: { ...key, version }, data: { ...data, version: { increment: 1 } } }))
  return { before, data }
}

export type UniqueIndexes = Record<string, { field: string; messageKey: string }>

/** The name of the unique index a Prisma P2002 error names, whichever driver reported it. */
function violatedIndex(error: unknown): string | null | undefined {
  const { code, meta } = (error ?? {}) as {
    code?: string
    meta?: { target?: unknown; driverAdapterError?: { cause?: { constraint?: { index?: string } } } }
  }
  if (code !== 'P2002') return undefined
  const index = meta?.driverAdapterError?.cause?.constraint?.index
  if (index) return index
  return typeof meta?.target === 'string' ? meta.target : null
}

/**
 * Whether the error is the database refusing a row by this CHECK constraint or trigger (SQLSTATE
 * 23514): the driver adapter passes the code and the message, which names the constraint (a
 * trigger names itself in its message), not the constraint alone.
 */
export function isCheckViolation(error: unknown, name: string) {
  const { code, constraint, message, meta } = (error ?? {}) as {
    code?: string
    constraint?: string
    message?: string
    meta?: { driverAdapterError?: { cause?: { code?: string; originalCode?: string; message?: string } } }
  }
  const cause = meta?.driverAdapterError?.cause
  if (cause && (cause.originalCode ?? cause.code) === '23514')
    return (cause.message ?? '').includes(`"${name}"`) || (cause.message ?? '').startsWith(`${name}:`)
  // A statement through pg itself: its error names the constraint.
  return code === '23514' && (constraint === name || (message ?? '').startsWith(`${name}:`))
}

/** Whether the error is a violation of this unique index (by its name). */
export function isUniqueViolation(error: unknown, index: string) {
  return violatedIndex(error) === index
}

/**
 * Rethrows a unique-index violation as the field error the form and the API show (the indexes
 * are the last word when two requests race past a check in code); anything else unchanged.
 * An unknown index maps to the first entry, which names the entity's main unique field.
 */
export function rethrowUnique(error: unknown, indexes: UniqueIndexes): never {
  const index = violatedIndex(error)
  if (index !== undefined) {
    const known = (index && indexes[index]) || Object.values(indexes)[0]
    if (known) throw new DomainError('validation_failed', 'validation.failed', { fields: { [known.field]: [known.messageKey] } })
  }
  throw error
}

/** What assertUniqueFields needs of a Prisma table (`tx.trailer` …): its findFirst. */
type SearchableTable = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each table's own where type; the keys come from its unique indexes
  findFirst(args: { where: any; select: { id: true } }): Promise<{ id: string } | null>
}

/**
 * The fields of a unique index that another record of the organization already holds, as field
 * errors all at once before the write, so a form shows every clash together. Empty values are
 * not checked (the indexes allow many NULLs). Equality is the column's own, as the index's is:
 * CITEXT columns ignore case.
 * The indexes still have the last word when two requests race past this check (rethrowUnique).
 */
export async function assertUniqueFields(table: SearchableTable, organizationId: string, exceptId: string | undefined, indexes: UniqueIndexes, input: object) {
  const values = input as Record<string, unknown>
  const others = exceptId ? { NOT: { id: exceptId } } : {}
  const clashes = await Promise.all(
    Object.values(indexes).map(async ({ field, messageKey }) => {
      const value = values[field]
      if (value === undefined || value === null || value === '') return []
      const where = { organizationId, [field]: value, ...others }
      return (await table.findFirst({ where, select: { id: true } })) ? [[field, [messageKey]] as [string, string[]]] : []
    }),
  )
  const fields = Object.fromEntries(clashes.flat())
  if (Object.keys(fields).length) throw new DomainError('validation_failed', 'validation.failed', { fields })
}

/**
 * Whether a write was refused by a foreign key: a delete of a row others still reference (their
 * key is RESTRICT), or a reference to a row that is gone. Prisma reports it as P2003; the driver
 * adapter's kind and PostgreSQL's SQLSTATE 23503 are checked too, whichever path reported it.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  const { code, meta } = (error ?? {}) as { code?: string; meta?: { driverAdapterError?: { cause?: { kind?: string; originalCode?: string } } } }
  const cause = meta?.driverAdapterError?.cause
  return code === 'P2003' || cause?.kind === 'ForeignKeyConstraintViolation' || cause?.originalCode === '23503'
}

export type Reference = {
  /** The input field that names the record (`companyId`), for the field error. */
  field: string
  id: string | null | undefined
  /** Finds the record in the organization; null when it is not there. */
  find: (tx: Tx, id: string) => Promise<unknown>
  messageKey: string
}

/** What a record may reference: another of the organization's rows (a driver is a user with the driver role). */
const REFERENCED = {
  broker: (tx: Tx, where: Key) => tx.broker.findFirst({ where, select: { id: true } }),
  company: (tx: Tx, where: Key) => tx.company.findFirst({ where, select: { id: true } }),
  driver: (tx: Tx, where: Key) => tx.user.findFirst({ where: { ...where, role: 'driver' }, select: { id: true } }),
  truck: (tx: Tx, where: Key) => tx.truck.findFirst({ where, select: { id: true } }),
  trailer: (tx: Tx, where: Key) => tx.trailer.findFirst({ where, select: { id: true } }),
  load: (tx: Tx, where: Key) => tx.load.findFirst({ where, select: { id: true } }),
}

/** The input's `field` names one of the organization's rows of `kind`, or the write is refused with `messageKey` there. */
export function ownReference(
  organizationId: string,
  kind: keyof typeof REFERENCED,
  field: string,
  id: string | null | undefined,
  messageKey: string,
): Reference {
  return { field, id, messageKey, find: (tx, id) => REFERENCED[kind](tx, { id, organizationId }) }
}

/**
 * Every referenced record (company, driver, broker …) exists in the actor's organization, or the
 * write is refused with a field error per bad reference. Checked inside the write's transaction.
 */
export async function assertReferences(tx: Tx, references: Reference[]) {
  const fields: Record<string, string[]> = {}
  await Promise.all(
    references.map(async ({ field, id, find, messageKey }) => {
      if (!id) return
      if (!isId(id) || !(await find(tx, id))) fields[field] = [messageKey]
    }),
  )
  if (Object.keys(fields).length) throw new DomainError('validation_failed', 'validation.failed', { fields })
}

/**
 * A write whose referenced record was deleted between assertReferences and the write's own
 * insert or update: the foreign key refuses it, and the client gets the same field error as if
 * the check had seen it gone (never a 500). Call it in the write's catch, before rethrowUnique.
 */
export function rethrowReferenceGone(error: unknown, references: Reference[]) {
  if (!isForeignKeyViolation(error)) return
  const named = references.filter((reference) => reference.id)
  if (!named.length) return
  throw new DomainError('validation_failed', 'validation.failed', {
    fields: Object.fromEntries(named.map((reference) => [reference.field, [reference.messageKey]])),
  })
}

/** skip/take for a page of a list, and the page that exists when `page` is past the end. */
export function paging(query: { page: number; pageSize: number }) {
  return { skip: (query.page - 1) * query.pageSize, take: query.pageSize }
}

/**
 * One page of a list and the list's total: two independent reads in parallel (a transaction
 * would only add round trips). `rows` gets the page's window (`skip`, `take`).
 */
export async function listPage<T>(
  query: { page: number; pageSize: number },
  count: () => Promise<number>,
  rows: (window: { skip: number; take: number }) => Promise<T[]>,
) {
  const [total, items] = await Promise.all([count(), rows(paging(query))])
  return { items, total, page: query.page, pageSize: query.pageSize }
}

/**
 * A list's parts in SQL, for `leanListPage`: `from` is what the count reads (the table and its
 * alias), `joins` what the page adds for its columns, `where` the conditions (all must hold).
 */
export type LeanList = { columns: Prisma.Sql; from: Prisma.Sql; joins?: Prisma.Sql; where: Prisma.Sql[]; orderBy: Prisma.Sql }

/**
 * listPage for the lists whose answers are small: the count and the page as two statements
 * through `readRows`, without Prisma's cost per query (ADR 081). The same answer as listPage.
 */
export async function leanListPage<Row>(query: { page: number; pageSize: number }, list: LeanList) {
  const where = list.where.length ? Prisma.sql`WHERE ${Prisma.join(list.where, ' AND ')}` : Prisma.empty
  return listPage(
    query,
    async () => (await readRows<{ total: number }>(Prisma.sql`SELECT count(*)::int AS "total" FROM ${list.from} ${where}`))[0]!.total,
    ({ skip, take }) =>
      readRows<Row>(
        Prisma.sql`SELECT ${list.columns} FROM ${list.from} ${list.joins ?? Prisma.empty} ${where} ORDER BY ${list.orderBy} LIMIT ${take} OFFSET ${skip}`,
      ),
  )
}

/**
 * `ORDER BY` a list's sort key and then its id, in one direction, as `orderBy: [{ [sort]: dir }, { id: dir }]`
 * orders it. The key is a column of `alias` named by the list query's schema (an enum), never free text.
 */
export function sortSql(alias: string, sort: string, dir: 'asc' | 'desc') {
  if (!/^[a-z]\w*$/i.test(alias) || !/^[a-z]\w*$/i.test(sort)) throw new Error(`sortSql: not a column: ${alias}.${sort}`)
  const order = dir === 'desc' ? 'DESC' : 'ASC'
  return Prisma.raw(`${alias}."${sort}" ${order}, ${alias}."id" ${order}`)
}

/** `column ILIKE '%q%'` for any of the columns, with `q`'s `%`, `_` and backslash matching themselves. */
export function ilikeAny(q: string, columns: Prisma.Sql[]) {
  const pattern = `%${escapeLike(q)}%`
  return Prisma.sql`(${Prisma.join(
    columns.map((column) => Prisma.sql`${column} ILIKE ${pattern}`),
    ' OR ',
  )})`
}

/** The last page that has rows (1 for an empty list): a list clamps `?page=99` to it. */
export function lastPage(total: number, pageSize: number) {
  return Math.max(1, Math.ceil(total / pageSize))
}

/**
 * Prisma's filter for "contains what was typed, ignoring case". Prisma's `contains` is a LIKE that
 * leaves `%` and `_` as patterns (prisma/orm#19506); here they match themselves, as in `ilikeAny`.
 */
export function containsText(q: string) {
  return { contains: escapeLike(q), mode: 'insensitive' as const }
}

/** `%` and `_` match themselves in a LIKE pattern built from what the user typed. */
export function escapeLike(value: string) {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`)
}

/** A `YYYY-MM-DD` form or JSON value as the date-only column stores it (UTC midnight), or null. */
export function toDateOnly(value: string | undefined) {
  return value ? new Date(`${value}T00:00:00Z`) : null
}

/** A date-only column as `YYYY-MM-DD`, so a client can send back what it read. */
export function isoDate(value: Date | null) {
  return value ? value.toISOString().slice(0, 10) : null
}

/** Tables whose `licensePlate` is searched ignoring spaces and dashes (names, never user input). */
const PLATE_TABLES = { truck: Prisma.raw('"Truck"'), trailer: Prisma.raw('"Trailer"') }

/**
 * Ids of the organization's rows whose plate contains `q` once spaces and dashes are ignored on
 * both sides: plates are written "ABC 123", "ABC-123" and "ABC123".
 */
export async function idsByCompactPlate(table: keyof typeof PLATE_TABLES, organizationId: string, q: string) {
  const compact = q.replace(/[\s-]+/g, '')
  if (!compact) return []
  const rows = await prisma.$queryRaw<Array<{ id: string }>>`
    SELECT "id" FROM ${PLATE_TABLES[table]}
    WHERE "organizationId" = ${organizationId}
      AND regexp_replace("licensePlate", '[[:space:]-]+', '', 'g') ILIKE ${`%${escapeLike(compact)}%`}`
  return rows.map((row) => row.id)
}

/**
 * Every row of a list in its order, read `size` rows at a time (exports): the caller's `read`
 * gets skip/take and returns one batch; the order must end in a unique column (id).
 */
export async function* inBatches<T>(read: (window: { skip: number; take: number }) => Promise<T[]>, size = 500): AsyncGenerator<T> {
  for (let skip = 0; ; skip += size) {
    const rows = await read({ skip, take: size })
    yield* rows
    if (rows.length < size) return
  }
}
