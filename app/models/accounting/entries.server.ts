/**
 * Records as the books see them (ADR 145): each record kind an export carries turned
 * into AccountingEntry (./entry.ts) with the organization's account names (./settings.server.ts).
 * Every amount is the record's own stored figure; nothing is recomputed. The days each kind is
 * dated by (what an export's range and a period lock look at) are `ACCOUNTING_RECORD_DAYS`.
 */
import type { ChargeType } from '~/generated/prisma/client'
import type { AccountingKind } from '~/schemas/accounting-options'
import { prisma } from '~/utils/db.server'
import { formatDecimal } from '~/utils/money'
import { zonedWallClock } from '~/utils/time'

import { type DeletedFuelPurchase, type DeletedPayment, readDeletedFuelPurchases, readDeletedPayments } from './deleted-records.server'
import type { AccountingEntry, AccountingLine } from './entry'
import type { AccountingNames } from './settings.server'

/**
 * The day each kind is dated by in the books (and filtered by in an export's range), for the
 * period lock: a record whose day falls in a closed period is in it.
 */
export const ACCOUNTING_RECORD_DAYS: Record<AccountingKind, string> = {
  invoices: 'Invoice.issueDate',
  payments: 'Payment.paidAt',
  settlements: 'Settlement.periodEnd',
  fuel: 'FuelPurchase.purchasedAt',
  work_orders: 'WorkOrder.completedAt (its day in the organization’s time zone)',
  factoring: 'FactoringSchedule.purchasedAt (advance, fee, reserve) and each FactoringReserveRelease.releasedAt (reserve release)',
}

/** One record an export claimed (AccountingExportRecord). */
export type ClaimedRecord = { kind: AccountingKind; recordId: string; part: string; reversal: boolean; sequence: number }

/** What turning a page of records into entries needs besides the records. */
export type EntryContext = {
  names: AccountingNames
  timeZone: string
  /** The batch that carried each reversed record's original, by `kind:recordId:part`. */
  reversedBatch: Map<string, number>
}

const day = (date: Date) => date.toISOString().slice(0, 10)

/** An instant's day in the organization's time zone. */
const isoDay = (date: Date, timeZone: string) => zonedWallClock(date, timeZone).slice(0, 10)

/** A quantity in thousandths as the plain decimal the files print (`1`, `2.5`). */
export function quantityText(milli: number) {
  return formatDecimal(milli, 3).replace(/\.?0+$/, '')
}

const CHARGE_FIELDS: Record<ChargeType, { account: keyof AccountingNames; item: keyof AccountingNames }> = {
  fuel_surcharge: { account: 'fuelSurchargeAccount', item: 'fuelSurchargeItem' },
  detention: { account: 'detentionAccount', item: 'detentionItem' },
  layover: { account: 'layoverAccount', item: 'layoverItem' },
  lumper: { account: 'lumperAccount', item: 'lumperItem' },
  tonu: { account: 'tonuAccount', item: 'tonuItem' },
  stop_off: { account: 'stopOffAccount', item: 'stopOffItem' },
  other: { account: 'otherChargeAccount', item: 'otherChargeItem' },
}

function reversalOf(claim: ClaimedRecord, context: EntryContext): AccountingEntry['reverses'] {
  if (!claim.reversal) return null
  return { batchNumber: context.reversedBatch.get(`${claim.kind}:${claim.recordId}:${claim.part}`) ?? 0 }
}

function customerName(broker: { name: string; mcNumber: string | null }, names: AccountingNames) {
  return names.customerNaming === 'mc_number' && broker.mcNumber ? broker.mcNumber : broker.name
}

// ---- Invoices ----

type InvoiceRow = Awaited<ReturnType<typeof readInvoices>>[number]

function readInvoices(ids: string[]) {
  return prisma.invoice.findMany({
    where: { id: { in: ids } },
    include: {
      broker: { select: { name: true, mcNumber: true } },
      items: {
        orderBy: { sequence: 'asc' },
        include: { load: { select: { charges: { orderBy: { sequence: 'asc' }, select: { type: true, amountCents: true, description: true } } } } },
      },
    },
  })
}

/**
 * Each line's charge type: a line of a load that is one of the load's charges (same amount and
 * description, each charge matched once) is that charge; any other line of a load is its linehaul;
 * a line typed by hand is an `other` charge.
 */
function invoiceLineKinds(items: InvoiceRow['items']): Array<ChargeType | 'linehaul'> {
  const unused = new Map<string, Array<{ type: ChargeType; amountCents: number; description: string | null }>>()
  return items.map((item) => {
    if (!item.loadId || !item.load) return 'other'
    if (item.billedLoadId) return 'linehaul'
    if (!unused.has(item.loadId)) unused.set(item.loadId, [...item.load.charges])
    const charges = unused.get(item.loadId)!
    const at = charges.findIndex((charge) => charge.amountCents === item.unitPriceCents && (charge.description ?? null) === (item.description ?? null))
    if (at < 0) return 'linehaul'
    const [charge] = charges.splice(at, 1)
    return charge.type
  })
}

function invoiceEntry(invoice: InvoiceRow, claim: ClaimedRecord, context: EntryContext): AccountingEntry {
  const { names } = context
  const kinds = invoiceLineKinds(invoice.items)
  const lines: AccountingLine[] = invoice.items.map((item, index) => {
    const kind = kinds[index]
    const fields = kind === 'linehaul' ? { account: 'linehaulAccount' as const, item: 'linehaulItem' as const } : CHARGE_FIELDS[kind]
    return {
      account: names[fields.account] as string,
      item: names[fields.item] as string,
      description: [item.title, item.description].filter(Boolean).join(' · '),
      quantity: quantityText(item.quantityMilli),
      unitPriceCents: item.unitPriceCents,
      amountCents: item.totalCents,
    }
  })
  if (invoice.discountCents !== 0)
    lines.push({
      account: names.discountAccount,
      item: null,
      description: 'Discount',
      quantity: null,
      unitPriceCents: null,
      amountCents: -invoice.discountCents,
    })
  if (invoice.taxCents !== 0)
    lines.push({ account: names.salesTaxAccount, item: null, description: 'Tax', quantity: null, unitPriceCents: null, amountCents: invoice.taxCents })
  return {
    kind: 'invoices',
    recordId: invoice.id,
    type: 'invoice',
    number: invoice.invoiceNumber,
    date: claim.reversal && invoice.voidedAt ? isoDay(invoice.voidedAt, context.timeZone) : day(invoice.issueDate),
    dueDate: day(invoice.dueDate),
    party: { name: customerName(invoice.broker, names), role: 'customer' },
    counterAccount: names.receivableAccount,
    memo: invoice.notes ?? '',
    totalCents: invoice.totalCents,
    lines,
    applied: [],
    reverses: reversalOf(claim, context),
  }
}

// ---- Payments ----

function readPayments(ids: string[]) {
  return prisma.payment.findMany({
    where: { id: { in: ids } },
    include: { invoice: { select: { invoiceNumber: true, broker: { select: { name: true, mcNumber: true } } } } },
  })
}

type PaymentRow = Awaited<ReturnType<typeof readPayments>>[number]

/** Records still there, then those deleted since (their kept figures: ADR 151, ADR 152), by id. */
async function stillOrDeleted<Row extends { id: string }, Gone extends { id: string }>(
  ids: string[],
  read: (ids: string[]) => Promise<Row[]>,
  readGone: (ids: string[]) => Promise<Gone[]>,
): Promise<Map<string, Row | Gone>> {
  const rows = new Map<string, Row | Gone>((await read(ids)).map((row) => [row.id, row]))
  for (const gone of await readGone(ids.filter((id) => !rows.has(id)))) rows.set(gone.id, gone)
  return rows
}

/** A payment's entry; a deleted one's reversal is dated the day it was deleted. */
function paymentEntry(payment: PaymentRow | DeletedPayment, claim: ClaimedRecord, context: EntryContext): AccountingEntry {
  const { names } = context
  // The factor's purchase pays the invoice into the factor's clearing account (its journal takes it out: ADR 145).
  const counterAccount = payment.method === 'factoring' ? names.factorClearingAccount : names.bankAccount
  return {
    kind: 'payments',
    recordId: payment.id,
    type: 'payment',
    number: payment.reference ?? payment.invoice.invoiceNumber,
    date: claim.reversal && 'deletedAt' in payment ? isoDay(payment.deletedAt, context.timeZone) : day(payment.paidAt),
    dueDate: null,
    party: { name: customerName(payment.invoice.broker, names), role: 'customer' },
    counterAccount,
    memo: `${payment.method} ${payment.invoice.invoiceNumber}`,
    totalCents: payment.amountCents,
    lines: [
      {
        account: names.receivableAccount,
        item: null,
        description: payment.invoice.invoiceNumber,
        quantity: null,
        unitPriceCents: null,
        amountCents: payment.amountCents,
      },
    ],
    applied: [{ number: payment.invoice.invoiceNumber, amountCents: payment.amountCents }],
    reverses: reversalOf(claim, context),
  }
}

// ---- Settlements ----

function readSettlements(ids: string[]) {
  return prisma.settlement.findMany({
    where: { id: { in: ids } },
    include: { driver: { select: { firstName: true, lastName: true } }, items: { orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }] } },
  })
}

function settlementEntry(settlement: Awaited<ReturnType<typeof readSettlements>>[number], claim: ClaimedRecord, context: EntryContext): AccountingEntry {
  const { names } = context
  const lines: AccountingLine[] = settlement.items.map((item) => {
    const amount = Number(item.amountCents)
    const earned = item.type === 'load' || item.type === 'reimbursement'
    const account = earned ? names.driverPayAccount : item.type === 'advance' ? names.driverAdvanceAccount : names.driverDeductionAccount
    // Gross lines add to the bill, deductions take from it (app/policies/pay.ts settlementTotals).
    return { account, item: null, description: item.description, quantity: null, unitPriceCents: null, amountCents: earned ? amount : -amount }
  })
  return {
    kind: 'settlements',
    recordId: settlement.id,
    type: 'bill',
    number: settlement.number,
    date: claim.reversal && settlement.voidedAt ? isoDay(settlement.voidedAt, context.timeZone) : day(settlement.periodEnd),
    dueDate: day(settlement.paidAt ?? settlement.periodEnd),
    party: { name: `${settlement.driver.firstName} ${settlement.driver.lastName}`.trim(), role: 'vendor' },
    counterAccount: names.payableAccount,
    memo: `${day(settlement.periodStart)} – ${day(settlement.periodEnd)}`,
    totalCents: Number(settlement.netCents),
    lines,
    applied: [],
    reverses: reversalOf(claim, context),
  }
}

// ---- Fuel purchases ----

function readFuel(ids: string[]) {
  return prisma.fuelPurchase.findMany({ where: { id: { in: ids } }, include: { truck: { select: { unitNumber: true } } } })
}

type FuelRow = Awaited<ReturnType<typeof readFuel>>[number]

/** A fuel purchase's entry; a deleted one's reversal is dated the day it was deleted. */
function fuelEntry(purchase: FuelRow | DeletedFuelPurchase, claim: ClaimedRecord, context: EntryContext): AccountingEntry {
  const { names } = context
  const place = [purchase.city, purchase.jurisdiction].filter(Boolean).join(', ')
  const description = `${quantityText(purchase.gallonsMilli)} gal ${purchase.fuelType} · ${purchase.truck.unitNumber}${place ? ` · ${place}` : ''}`
  return {
    kind: 'fuel',
    recordId: purchase.id,
    type: 'expense',
    number: purchase.reference ?? '',
    date: claim.reversal && 'deletedAt' in purchase ? isoDay(purchase.deletedAt, context.timeZone) : day(purchase.purchasedAt),
    dueDate: null,
    party: purchase.vendor ? { name: purchase.vendor, role: 'vendor' } : null,
    counterAccount: names.fuelPaymentAccount,
    memo: purchase.notes ?? '',
    totalCents: purchase.totalCents,
    lines: [{ account: names.fuelAccount, item: null, description, quantity: null, unitPriceCents: null, amountCents: purchase.totalCents }],
    applied: [],
    reverses: reversalOf(claim, context),
  }
}

// ---- Work orders ----

function readWorkOrders(ids: string[]) {
  return prisma.workOrder.findMany({
    where: { id: { in: ids } },
    include: { truck: { select: { unitNumber: true } }, trailer: { select: { unitNumber: true } }, lines: { orderBy: { position: 'asc' } } },
  })
}

function workOrderEntry(order: Awaited<ReturnType<typeof readWorkOrders>>[number], claim: ClaimedRecord, context: EntryContext): AccountingEntry {
  const { names } = context
  const unit = order.truck?.unitNumber ?? order.trailer?.unitNumber ?? ''
  return {
    kind: 'work_orders',
    recordId: order.id,
    type: 'expense',
    number: order.number,
    date: isoDay(order.completedAt ?? order.updatedAt, context.timeZone),
    dueDate: null,
    party: null,
    counterAccount: names.repairsPaymentAccount,
    memo: [unit, order.description].filter(Boolean).join(' · '),
    totalCents: order.totalCents,
    lines: order.lines.map((line) => ({
      account: line.kind === 'part' ? names.repairsPartsAccount : names.repairsLaborAccount,
      item: null,
      description: line.description,
      quantity: quantityText(line.quantityMilli),
      unitPriceCents: line.unitCostCents,
      amountCents: line.totalCents,
    })),
    applied: [],
    reverses: reversalOf(claim, context),
  }
}

// ---- Factoring ----

function readSchedules(ids: string[]) {
  return prisma.factoringSchedule.findMany({
    where: { id: { in: ids } },
    include: { releases: { orderBy: [{ releasedAt: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }] } },
  })
}

/**
 * A schedule's purchase (`part` "purchase"): the advance into the bank, the fee as an expense and
 * the reserve held by the factor, out of the factor's clearing account its payments went into
 * (in Xero, whose journals refuse bank accounts, both bank lines go through the factoring clearing
 * account and are statement lines: ADR 152).
 * Each of its reserve releases (`part` "release:<release id>", ADR 151): that release into the bank.
 */
function factoringEntry(schedule: Awaited<ReturnType<typeof readSchedules>>[number], claim: ClaimedRecord, context: EntryContext): AccountingEntry | null {
  const { names } = context
  const line = (account: string, description: string, amountCents: number, debit: boolean): AccountingLine => ({
    account,
    item: null,
    description,
    quantity: null,
    unitPriceCents: null,
    amountCents,
    debit,
  })
  let lines: AccountingLine[]
  let date: string
  let memo = `${schedule.factorName} purchase`
  let number = schedule.number
  if (claim.part.startsWith('release:')) {
    const at = schedule.releases.findIndex((release) => `release:${release.id}` === claim.part)
    if (at < 0) return null
    const released = Number(schedule.releases[at].amountCents)
    lines = [
      { ...line(names.bankAccount, 'Reserve release', released, true), clearingAccount: names.reserveClearingAccount },
      line(names.factoringReserveAccount, 'Reserve release', released, false),
    ]
    date = day(schedule.releases[at].releasedAt)
    // Its own number (FS-000007-2): QuickBooks Online groups journal rows by number, so a purchase
    // and its releases in one batch must not share one (ADR 151).
    number = `${schedule.number}-${at + 1}`
    // The first release is "reserve release", the next ones numbered: each its own journal.
    memo = `${schedule.factorName} reserve release${at > 0 ? ` ${at + 1}` : ''}`
  } else {
    const [advance, fee, reserve] = [Number(schedule.advanceCents), Number(schedule.feeCents), Number(schedule.reserveCents)]
    // Both banks' lines (ours, and the factor's clearing account its payments reached) name the
    // factoring clearing account, which Xero posts them to (ADR 152).
    const clearingAccount = names.reserveClearingAccount
    lines = [
      { ...line(names.bankAccount, 'Advance', advance, true), clearingAccount },
      line(names.factoringFeesAccount, 'Fee', fee, true),
      line(names.factoringReserveAccount, 'Reserve', reserve, true),
    ].filter((entry) => entry.amountCents !== 0)
    lines.push({ ...line(names.factorClearingAccount, schedule.factorName, advance + fee + reserve, false), clearingAccount })
    date = claim.reversal && schedule.voidedAt ? isoDay(schedule.voidedAt, context.timeZone) : day(schedule.purchasedAt ?? schedule.updatedAt)
  }
  return {
    kind: 'factoring',
    recordId: schedule.id,
    type: 'journal',
    number,
    date,
    dueDate: null,
    party: null,
    counterAccount: null,
    memo,
    totalCents: lines.filter((entry) => entry.debit).reduce((sum, entry) => sum + entry.amountCents, 0),
    lines,
    applied: [],
    reverses: reversalOf(claim, context),
  }
}

// ---- One page ----

async function byId<Row extends { id: string }>(read: Promise<Row[]>) {
  return new Map((await read).map((row) => [row.id, row]))
}

/**
 * The entries of one page of claimed records (all of one kind or mixed), in the claims' order. A
 * record gone since it was claimed (deleted) is left out, unless its figures were kept (a
 * payment, a fuel purchase: ADR 151, ADR 152).
 */
export async function entriesOf(claims: ClaimedRecord[], context: EntryContext): Promise<AccountingEntry[]> {
  const ids = (kind: AccountingKind) => [...new Set(claims.filter((claim) => claim.kind === kind).map((claim) => claim.recordId))]
  const has = (kind: AccountingKind) => claims.some((claim) => claim.kind === kind)
  const [invoices, payments, settlements, fuel, workOrders, schedules] = await Promise.all([
    has('invoices') ? byId(readInvoices(ids('invoices'))) : new Map<string, never>(),
    has('payments') ? stillOrDeleted(ids('payments'), readPayments, readDeletedPayments) : new Map<string, never>(),
    has('settlements') ? byId(readSettlements(ids('settlements'))) : new Map<string, never>(),
    has('fuel') ? stillOrDeleted(ids('fuel'), readFuel, readDeletedFuelPurchases) : new Map<string, never>(),
    has('work_orders') ? byId(readWorkOrders(ids('work_orders'))) : new Map<string, never>(),
    has('factoring') ? byId(readSchedules(ids('factoring'))) : new Map<string, never>(),
  ])
  const entries: AccountingEntry[] = []
  for (const claim of claims) {
    const entry = (() => {
      switch (claim.kind) {
        case 'invoices': {
          const row = invoices.get(claim.recordId)
          return row && invoiceEntry(row, claim, context)
        }
        case 'payments': {
          const row = payments.get(claim.recordId)
          return row && paymentEntry(row, claim, context)
        }
        case 'settlements': {
          const row = settlements.get(claim.recordId)
          return row && settlementEntry(row, claim, context)
        }
        case 'fuel': {
          const row = fuel.get(claim.recordId)
          return row && fuelEntry(row, claim, context)
        }
        case 'work_orders': {
          const row = workOrders.get(claim.recordId)
          return row && workOrderEntry(row, claim, context)
        }
        case 'factoring': {
          const row = schedules.get(claim.recordId)
          return row && factoringEntry(row, claim, context)
        }
      }
    })()
    if (entry) entries.push(entry)
  }
  return entries
}
