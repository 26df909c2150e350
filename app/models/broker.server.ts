/** Brokers: the domain rules, shared by /dashboard/brokers/* and /api/brokers. */
import type { Broker as BrokerRow, Prisma } from '~/generated/prisma/client'
import type { BrokerInput, BrokerListQuery, BrokerUpdate } from '~/schemas/broker'
import { fmcsaDigits } from '~/schemas/fields'
import { prisma, type Tx } from '~/utils/db.server'
import type { CsvColumn } from '~/utils/csv.server'
import { DomainError } from '~/utils/errors.server'
import { recordAudit, type Actor } from './audit.server'
import { resolveCustomFields, type CustomFieldValues } from './custom-fields.server'
import {
  assertId,
  assertUniqueFields,
  deleteVersioned,
  inBatches,
  isForeignKeyViolation,
  listPage,
  requireFound,
  rethrowUnique,
  type UniqueIndexes,
  updateVersioned,
} from './records.server'

const ENTITY = 'broker'
const NOT_FOUND = 'brokers.errors.notFound'

/** A broker with its credit limit as a plain number of cents (the column is BIGINT). */
export type Broker = Omit<BrokerRow, 'creditLimitCents'> & { creditLimitCents: number | null }

function toBroker(row: BrokerRow): Broker {
  return { ...row, creditLimitCents: row.creditLimitCents === null ? null : Number(row.creditLimitCents) }
}

// Prisma accepts `nulls: 'last'` only on nullable columns.
const NULLABLE_SORTS = new Set<string>(['mcNumber', 'contactName', 'city', 'creditLimitCents'])

function orderBy(sort: BrokerListQuery['sort'], dir: BrokerListQuery['dir']): Prisma.BrokerOrderByWithRelationInput[] {
  const primary: Prisma.BrokerOrderByWithRelationInput = NULLABLE_SORTS.has(sort) ? { [sort]: { sort: dir, nulls: 'last' } } : { [sort]: dir }
  // A stable tiebreaker keeps pagination from repeating or skipping rows.
  return [primary, { id: 'asc' }]
}

/** What the search box matches: name, MC and DOT numbers (with or without "MC"), contact, emails, city. */
function searchWhere(q: string): Prisma.BrokerWhereInput {
  const contains = { contains: q, mode: 'insensitive' } as const
  // "MC 123456", "MC-123456" and "123-456" find the number stored as digits.
  const digits = fmcsaDigits(q)
  return {
    OR: [
      { name: contains },
      { contactName: contains },
      { email: contains },
      { billingEmail: contains },
      { city: contains },
      ...(digits ? [{ mcNumber: { contains: digits } }, { dotNumber: { contains: digits } }] : []),
    ],
  }
}

/** The list's search and filters, shared by the page, the API and the CSV export. */
function listWhere(organizationId: string, query: BrokerListQuery): Prisma.BrokerWhereInput {
  return {
    organizationId,
    ...(query.status ? { status: query.status } : {}),
    ...(query.paymentTerms ? { paymentTerms: query.paymentTerms } : {}),
    ...(query.q ? searchWhere(query.q) : {}),
  }
}

export async function listBrokers(organizationId: string, query: BrokerListQuery) {
  const where = listWhere(organizationId, query)
  return listPage(
    query,
    () => prisma.broker.count({ where }),
    async (window) => (await prisma.broker.findMany({ where, orderBy: orderBy(query.sort, query.dir), ...window })).map(toBroker),
  )
}

/** Every broker the list's search and filters match, in its order (CSV export). */
export async function* exportBrokers(organizationId: string, query: BrokerListQuery) {
  const where = listWhere(organizationId, query)
  for await (const row of inBatches((window) => prisma.broker.findMany({ where, orderBy: orderBy(query.sort, query.dir), ...window }))) yield toBroker(row)
}

/** The export's columns, for the page (translated) and `GET /api/brokers?format=csv` (keys). */
export const BROKER_CSV_COLUMNS: CsvColumn<Broker>[] = [
  { key: 'name', label: 'brokers.fields.name', value: (broker) => broker.name },
  { key: 'status', label: 'fields.status', value: (broker) => broker.status, valueLabel: (value) => `brokers.status.${value}` },
  { key: 'mcNumber', label: 'brokers.fields.mcNumber', value: (broker) => broker.mcNumber },
  { key: 'dotNumber', label: 'brokers.fields.dotNumber', value: (broker) => broker.dotNumber },
  { key: 'contactName', label: 'brokers.fields.contactName', value: (broker) => broker.contactName },
  { key: 'email', label: 'brokers.fields.email', value: (broker) => broker.email },
  { key: 'phone', label: 'brokers.fields.phone', value: (broker) => broker.phone },
  { key: 'billingEmail', label: 'brokers.fields.billingEmail', value: (broker) => broker.billingEmail },
  { key: 'addressLine1', label: 'brokers.fields.addressLine1', value: (broker) => broker.addressLine1 },
  { key: 'addressLine2', label: 'brokers.fields.addressLine2', value: (broker) => broker.addressLine2 },
  { key: 'city', label: 'brokers.fields.city', value: (broker) => broker.city },
  { key: 'state', label: 'brokers.fields.state', value: (broker) => broker.state },
  { key: 'postalCode', label: 'brokers.fields.postalCode', value: (broker) => broker.postalCode },
  { key: 'country', label: 'brokers.fields.country', value: (broker) => broker.country },
  { key: 'paymentTerms', label: 'brokers.fields.paymentTerms', value: (broker) => broker.paymentTerms, valueLabel: (value) => `brokers.paymentTerms.${value}` },
  // People get dollars with two decimals, which spreadsheets sum; programs keep the field's cents.
  {
    key: 'creditLimitCents',
    label: 'brokers.fields.creditLimitDollars',
    value: (broker) => broker.creditLimitCents,
    pageValue: (broker) => (broker.creditLimitCents === null ? null : (broker.creditLimitCents / 100).toFixed(2)),
  },
  { key: 'notes', label: 'brokers.fields.notes', value: (broker) => broker.notes },
  { key: 'id', label: 'fields.id', value: (broker) => broker.id },
]

/** Another organization's broker is simply not found: never its data, never a hint it exists. */
export async function getBroker(organizationId: string, id: string): Promise<Broker> {
  assertId(id, NOT_FOUND)
  return toBroker(requireFound(await prisma.broker.findFirst({ where: { id, organizationId } }), NOT_FOUND))
}

/** Options for broker pickers (loads, invoices): every broker, those on hold marked by their status. */
export function listBrokerOptions(organizationId: string) {
  return prisma.broker.findMany({ where: { organizationId }, select: { id: true, name: true, status: true }, orderBy: { name: 'asc' } })
}

/**
 * A broker on hold takes no new loads: the load model calls this inside its write's transaction
 * (409 `in_use` with a message that says why). Unknown brokers are the caller's field error.
 */
export async function assertBrokerAcceptsLoads(tx: Tx, organizationId: string, brokerId: string) {
  const broker = requireFound(await tx.broker.findFirst({ where: { id: brokerId, organizationId }, select: { status: true } }), NOT_FOUND)
  if (broker.status === 'on_hold') throw new DomainError('in_use', 'brokers.errors.onHold')
}

/** The unique indexes of brokers (the name is CITEXT, so case does not matter), as field errors. */
const UNIQUE_INDEXES: UniqueIndexes = {
  Broker_organizationId_name_key: { field: 'name', messageKey: 'brokers.errors.duplicateName' },
  Broker_organizationId_mcNumber_key: { field: 'mcNumber', messageKey: 'brokers.errors.duplicateMc' },
}

/** Everything a write checks before it writes, in the write's transaction. */
async function prepare(tx: Tx, organizationId: string, input: BrokerInput, exceptId?: string, storedCustomFields?: unknown) {
  const [customFields] = await Promise.all([
    resolveCustomFields(tx, organizationId, 'brokers', input.customFields, storedCustomFields),
    assertUniqueFields(tx.broker, organizationId, exceptId, UNIQUE_INDEXES, input),
  ])
  return toData(input, customFields)
}

function toData(input: BrokerInput, customFields: CustomFieldValues) {
  return {
    name: input.name,
    mcNumber: input.mcNumber || null,
    dotNumber: input.dotNumber || null,
    contactName: input.contactName || null,
    email: input.email || null,
    phone: input.phone || null,
    billingEmail: input.billingEmail || null,
    addressLine1: input.addressLine1 || null,
    addressLine2: input.addressLine2 || null,
    city: input.city || null,
    state: input.state || null,
    postalCode: input.postalCode || null,
    country: input.country || null,
    paymentTerms: input.paymentTerms,
    creditLimitCents: input.creditLimitCents ?? null,
    status: input.status,
    notes: input.notes || null,
    customFields,
  }
}

export async function createBroker(actor: Actor, input: BrokerInput): Promise<Broker> {
  try {
    return await prisma.$transaction(async (tx) => {
      const data = await prepare(tx, actor.organizationId, input)
      const broker = toBroker(await tx.broker.create({ data: { ...data, organizationId: actor.organizationId } }))
      await recordAudit(tx, actor, { entity: ENTITY, entityId: broker.id, action: 'create', after: data })
      return broker
    })
  } catch (error) {
    rethrowUnique(error, UNIQUE_INDEXES)
  }
}

/** Saves a whole broker if nobody changed it since `version` was read; otherwise 409, nothing written. */
export async function updateBroker(actor: Actor, id: string, input: BrokerUpdate): Promise<Broker> {
  const { organizationId } = actor
  try {
    return await prisma.$transaction(async (tx) => {
      const stored = await updateVersioned(tx.broker, { id, organizationId }, input.version, NOT_FOUND, (row) =>
        prepare(tx, organizationId, input, id, row.customFields),
      )
      const before = toBroker(stored.before)
      await recordAudit(tx, actor, { entity: ENTITY, entityId: id, action: 'update', before, after: { ...before, ...stored.data } })
      return toBroker(await tx.broker.findUniqueOrThrow({ where: { id } }))
    })
  } catch (error) {
    rethrowUnique(error, UNIQUE_INDEXES)
  }
}

/**
 * Deletes a broker if it is still the version the client saw (when one is given); the version is
 * in the DELETE's WHERE, so of many parallel deletes exactly one wins. A broker that other records
 * still reference (loads, invoices: foreign keys with onDelete: Restrict) is refused with 409
 * `in_use` by the database itself, and nothing is deleted.
 */
export async function deleteBroker(actor: Actor, id: string, version?: number): Promise<Broker> {
  try {
    return await prisma.$transaction(async (tx) => {
      const before = toBroker(await deleteVersioned(tx.broker, { id, organizationId: actor.organizationId }, version, NOT_FOUND))
      await recordAudit(tx, actor, { entity: ENTITY, entityId: id, action: 'delete', before })
      return before
    })
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new DomainError('in_use', 'brokers.errors.inUse')
    throw error
  }
}

/** The API shape: the credit limit in integer cents, the address flat as the form has it. */
export function serializeBroker(broker: Broker) {
  return {
    id: broker.id,
    organizationId: broker.organizationId,
    name: broker.name,
    mcNumber: broker.mcNumber,
    dotNumber: broker.dotNumber,
    contactName: broker.contactName,
    email: broker.email,
    phone: broker.phone,
    billingEmail: broker.billingEmail,
    addressLine1: broker.addressLine1,
    addressLine2: broker.addressLine2,
    city: broker.city,
    state: broker.state,
    postalCode: broker.postalCode,
    country: broker.country,
    paymentTerms: broker.paymentTerms,
    creditLimitCents: broker.creditLimitCents,
    status: broker.status,
    notes: broker.notes,
    customFields: broker.customFields,
    createdAt: broker.createdAt.toISOString(),
    updatedAt: broker.updatedAt.toISOString(),
    version: broker.version,
  }
}
export type BrokerDto = ReturnType<typeof serializeBroker>
