/** Brokers: the domain rules, shared by /dashboard/brokers/* and /api/brokers. */
import type { Broker as BrokerRow } from '~/generated/prisma/client'
import { apiRecord, containsAny, recordStore, sortOrder, toColumns } from '~/models/records/record-store.server'
import { requireFound } from '~/models/records/records.server'
import type { CustomFieldValues } from '~/schemas/api-record'
import { type BrokerInput, type BrokerListQuery, type BrokerRecord, BrokerSchema } from '~/schemas/broker'
import { fmcsaDigits } from '~/schemas/fields'
import type { CsvColumn } from '~/utils/csv.server'
import { prisma, type Tx } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'

const NOT_FOUND = 'brokers.errors.notFound'

/** A broker with its credit limit as a plain number of cents (the column is BIGINT). */
export type Broker = Omit<BrokerRow, 'creditLimitCents'> & { creditLimitCents: number | null }

const brokers = recordStore<Broker, BrokerInput, BrokerListQuery>({
  entity: 'broker',
  table: (db) => db.broker,
  toRecord: (row: BrokerRow) => ({ ...row, creditLimitCents: row.creditLimitCents === null ? null : Number(row.creditLimitCents) }),
  notFound: NOT_FOUND,
  // Loads and invoices point at it (their foreign keys are RESTRICT): the database itself refuses the delete.
  inUse: 'brokers.errors.inUse',
  // The name is CITEXT, so case does not matter.
  unique: {
    Broker_organizationId_name_key: { field: 'name', messageKey: 'brokers.errors.duplicateName' },
    Broker_organizationId_mcNumber_key: { field: 'mcNumber', messageKey: 'brokers.errors.duplicateMc' },
  },
  customFields: 'brokers',
  // A body without `type` leaves it as it is (the column's default, broker, for a new one): ADR 098.
  toData: (input) => {
    const { type, ...columns } = toColumns(BrokerSchema, input)
    return input.type ? { ...columns, type } : columns
  },
  /** The search box matches name, MC and DOT numbers (with or without "MC"), contact, emails, city. */
  where: (organizationId, { q, status, paymentTerms, type }) => {
    // "MC 123456", "MC-123456" and "123-456" find the number stored as digits.
    const digits = q ? fmcsaDigits(q) : null
    const numbers = digits ? [{ mcNumber: { contains: digits } }, { dotNumber: { contains: digits } }] : []
    const search = q ? { OR: [...containsAny(q, ['name', 'contactName', 'email', 'billingEmail', 'city']), ...numbers] } : {}
    return { organizationId, status, paymentTerms, type, ...search }
  },
  orderBy: (query) => sortOrder(query, { nullable: ['mcNumber', 'contactName', 'city', 'creditLimitCents'] }),
})

export const listBrokers = brokers.list
export const exportBrokers = brokers.all
export const getBroker = brokers.get
export const createBroker = brokers.create
export const updateBroker = brokers.update
export const deleteBroker = brokers.remove

/** The API shape (BrokerRecordSchema, the OpenAPI's `Broker`): the credit limit in integer cents, the address flat as the form has it. */
export const serializeBroker = (broker: Broker): BrokerRecord => ({ ...apiRecord(broker), customFields: broker.customFields as CustomFieldValues })

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
    money: true,
  },
  { key: 'notes', label: 'brokers.fields.notes', value: (broker) => broker.notes },
  { key: 'id', label: 'fields.id', value: (broker) => broker.id },
  // Last, so a program reading the columns by position before the type existed reads them still.
  { key: 'type', label: 'brokers.fields.type', value: (broker) => broker.type, valueLabel: (value) => `brokers.type.${value}` },
]

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
