/**
 * Invoices: the money rules (docs/domain.md, "Invoice statuses" and "Money"; ADR 031), shared by
 * the invoice pages and /api/invoice; what each status allows is the invoice policy's
 * (app/policies/invoice.ts). Totals come from invoiceTotals (app/schemas/invoice-options.ts) and are stored
 * with the items in one transaction. Every write locks the invoice row (FOR UPDATE) after checking
 * the version the client read, so two accountants recording payments never overpay it; billed
 * loads are locked too, and a unique index (`InvoiceItem.billedLoadId`) keeps a load on one live
 * invoice even if a check were raced.
 */
import type { TFunction } from 'i18next'

import { Prisma } from '~/generated/prisma/client'
import { FALLBACK_LANGUAGE, type LanguageCode } from '~/i18n'
import { getFixedT } from '~/i18n.server'
import { keepDeletedPayment } from '~/models/accounting/deleted-records.server'
import { assertBooksOpen } from '~/models/accounting/period-lock.server'
import { type Actor, recordAudit } from '~/models/audit/audit.server'
import { queueInvoiceDetails } from '~/models/edi/load-events.server'
import { resolveCustomFields } from '~/models/organization/custom-fields.server'
import { organizationParty, organizationToday } from '~/models/organization/organization.server'
import {
  assertActorMay,
  assertId,
  assertOneRow,
  assertReferences,
  containsText,
  isoDate,
  isUniqueViolation,
  listPage,
  lockForUpdate,
  nextNumber,
  ownReference,
  type Reference,
  requireFound,
  throwRefusal,
  toDateOnly,
} from '~/models/records/records.server'
import { invoiceEmailTask } from '~/models/tasks/invoice-email.server'
import { emitWebhookEvent } from '~/models/webhooks/webhook-events.server'
import { assignmentRefusal, canMoveInvoice, type InvoiceAction, invoiceRefusal } from '~/policies/invoice'
import { deliveredAt } from '~/policies/load'
import type { CustomFieldValues } from '~/schemas/api-record'
import type { PaymentTerm } from '~/schemas/broker-options'
import {
  type FactorAssignmentInput,
  freeItems,
  type InvoiceInput,
  type InvoiceListQuery,
  type InvoiceRecord,
  type InvoiceRowRecord,
  type InvoiceUpdate,
  type PaymentInput,
} from '~/schemas/invoice'
import {
  addDays,
  DUE_DAYS,
  formatInvoiceNumber,
  type InvoiceStatus,
  isOverdue,
  MAX_INVOICE_CENTS,
  OPEN_INVOICE_STATUSES,
  paidStatus,
} from '~/schemas/invoice-options'
import { STATEMENT_LANGUAGES } from '~/schemas/user-options'
import { prisma, type Tx } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'
import { decimalUnits, invoiceTotals, lineTotalCents, SCALE } from '~/utils/money'

import { factorRemitTo, type InvoiceRemit, readRemitTo, type RemitTo, serializeRemit } from './remit-to.server'

const ENTITY = 'invoice'
const NOT_FOUND = 'invoices.errors.notFound'

const include = {
  broker: { select: { id: true, name: true, billingEmail: true, email: true, paymentTerms: true } },
  company: { select: { id: true, name: true } },
  items: { orderBy: { sequence: 'asc' } },
  payments: { orderBy: [{ paidAt: 'asc' }, { createdAt: 'asc' }] },
  // The schedule that sold it to the factor, if any: live (not void) and sent to or bought by the factor (ADR 094).
  factored: {
    where: { liveInvoiceId: { not: null }, schedule: { status: { in: ['sent', 'purchased'] } } },
    select: { schedule: { select: { number: true, factorName: true, factorAddress: true, sentAt: true, purchasedAt: true } } },
    take: 1,
  },
} as const satisfies Prisma.InvoiceInclude

export type InvoiceWithRelations = Prisma.InvoiceGetPayload<{ include: typeof include }>
export const invoiceInclude = include

// ---- Reads ----

/** The API shape: every amount in cents, the balance and `overdue` derived, the billed loads named. */
export function serializeInvoice(invoice: InvoiceWithRelations, today: string): Omit<InvoiceRecord, 'remitTo' | 'factorAssignment' | 'remittanceAdvices'> {
  const totals = invoiceTotals({
    items: invoice.items,
    discountCents: invoice.discountCents,
    taxCents: invoice.taxCents,
    amountPaidCents: invoice.amountPaidCents,
  })
  const dueDate = isoDate(invoice.dueDate)!
  return {
    id: invoice.id,
    organizationId: invoice.organizationId,
    invoiceNumber: invoice.invoiceNumber,
    status: invoice.status,
    overdue: isOverdue({ status: invoice.status, dueDate, balanceCents: totals.balanceCents }, today),
    brokerId: invoice.brokerId,
    broker: { id: invoice.broker.id, name: invoice.broker.name },
    companyId: invoice.companyId,
    company: invoice.company,
    issueDate: isoDate(invoice.issueDate)!,
    dueDate,
    loadIds: [...new Set(invoice.items.flatMap((item) => (item.loadId ? [item.loadId] : [])))],
    items: invoice.items.map((item) => ({
      id: item.id,
      title: item.title,
      description: item.description,
      quantity: item.quantityMilli / 1000,
      unitPriceCents: item.unitPriceCents,
      totalCents: item.totalCents,
      loadId: item.loadId,
    })),
    subtotalCents: totals.subtotalCents,
    discountCents: invoice.discountCents,
    taxCents: invoice.taxCents,
    totalCents: totals.totalCents,
    amountPaidCents: invoice.amountPaidCents,
    balanceCents: totals.balanceCents,
    payments: invoice.payments.map((payment) => ({
      id: payment.id,
      amountCents: payment.amountCents,
      paidAt: isoDate(payment.paidAt)!,
      method: payment.method,
      reference: payment.reference,
    })),
    notes: invoice.notes,
    customFields: invoice.customFields as CustomFieldValues,
    sentAt: invoice.sentAt?.toISOString() ?? null,
    /** The emailed copy: null until sent; `queued`, `sent`, `failed` or `no_address`. */
    email: invoice.emailStatus
      ? {
          status: invoice.emailStatus,
          to: invoice.emailTo,
          sentAt: invoice.emailedAt?.toISOString() ?? null,
          attempts: invoice.emailAttempts,
          error: invoice.emailError,
        }
      : null,
    language: STATEMENT_LANGUAGES.find((code) => code === invoice.language) ?? 'en',
    voidedAt: invoice.voidedAt?.toISOString() ?? null,
    createdAt: invoice.createdAt.toISOString(),
    updatedAt: invoice.updatedAt.toISOString(),
    version: invoice.version,
  }
}
export type InvoiceDto = ReturnType<typeof serializeInvoice>

export async function getInvoice(organizationId: string, id: string): Promise<InvoiceWithRelations> {
  assertId(id, NOT_FOUND)
  return requireFound(await prisma.invoice.findFirst({ where: { id, organizationId }, include }), NOT_FOUND)
}

/** `overdue` as a filter: open, a balance left, and due before today. */
function statusWhere(status: InvoiceListQuery['status'], today: string): Prisma.InvoiceWhereInput {
  if (!status) return {}
  if (status === 'overdue') return { status: { in: [...OPEN_INVOICE_STATUSES] }, dueDate: { lt: toDateOnly(today)! } }
  return { status }
}

export async function listWhere(organizationId: string, query: InvoiceListQuery, today: string): Promise<Prisma.InvoiceWhereInput> {
  const range = (from?: string, to?: string) =>
    from || to ? { ...(from ? { gte: toDateOnly(from)! } : {}), ...(to ? { lte: toDateOnly(to)! } : {}) } : undefined
  const issueDate = range(query.from, query.to)
  const dueDate = range(query.dueFrom, query.dueTo)
  return {
    organizationId,
    ...statusWhere(query.status, today),
    ...(query.brokerId ? { brokerId: query.brokerId } : {}),
    ...(query.companyId ? { companyId: query.companyId } : {}),
    ...(issueDate ? { issueDate } : {}),
    ...(dueDate ? { AND: [{ dueDate }] } : {}),
    ...(query.q
      ? {
          OR: [{ invoiceNumber: containsText(query.q) }, { broker: { name: containsText(query.q) } }, { notes: containsText(query.q) }],
        }
      : {}),
  }
}

const listInclude = { broker: { select: { id: true, name: true } }, company: { select: { id: true, name: true } } } as const satisfies Prisma.InvoiceInclude

export async function listInvoices(organizationId: string, query: InvoiceListQuery) {
  const today = await organizationToday(organizationId)
  const where = await listWhere(organizationId, query, today)
  const result = await listPage(
    query,
    () => prisma.invoice.count({ where }),
    (window) => prisma.invoice.findMany({ where, include: listInclude, orderBy: [{ [query.sort]: query.dir }, { id: query.dir }], ...window }),
  )
  return { ...result, today }
}

/** What a stored row does not hold: its balance, its due day, and whether it is overdue today. */
export function derivedMoney(invoice: { status: InvoiceStatus; dueDate: Date; totalCents: number; amountPaidCents: number }, today: string) {
  const balanceCents = invoice.totalCents - invoice.amountPaidCents
  const dueDate = isoDate(invoice.dueDate)!
  return { balanceCents, dueDate, overdue: isOverdue({ status: invoice.status, dueDate, balanceCents }, today) }
}

/** A list row: no items or payments, the balance and `overdue` derived. */
export function serializeInvoiceRow(invoice: Prisma.InvoiceGetPayload<{ include: typeof listInclude }>, today: string): InvoiceRowRecord {
  const { balanceCents, dueDate, overdue } = derivedMoney(invoice, today)
  return {
    id: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    status: invoice.status,
    overdue,
    brokerId: invoice.brokerId,
    broker: invoice.broker,
    companyId: invoice.companyId,
    company: invoice.company,
    issueDate: isoDate(invoice.issueDate)!,
    dueDate,
    totalCents: invoice.totalCents,
    amountPaidCents: invoice.amountPaidCents,
    balanceCents,
    sentAt: invoice.sentAt?.toISOString() ?? null,
    version: invoice.version,
  }
}

/**
 * Count, total and balance per tab (the list's search and filters apply, its status does not), in
 * one grouped query; overdue is counted apart, since it is derived.
 */
export async function invoiceTabTotals(organizationId: string, query: InvoiceListQuery) {
  const today = await organizationToday(organizationId)
  const where = await listWhere(organizationId, { ...query, status: undefined }, today)
  const [groups, overdue] = await Promise.all([
    prisma.invoice.groupBy({ by: ['status'], where, _count: { _all: true }, _sum: { totalCents: true, amountPaidCents: true } }),
    prisma.invoice.aggregate({
      where: { AND: [where, statusWhere('overdue', today)] },
      _count: { _all: true },
      _sum: { totalCents: true, amountPaidCents: true },
    }),
  ])
  const tab = (count: number, total: number | null, paid: number | null) => ({ count, totalCents: total ?? 0, balanceCents: (total ?? 0) - (paid ?? 0) })
  const tabs: Record<string, { count: number; totalCents: number; balanceCents: number }> = Object.fromEntries(
    groups.map((group) => [group.status, tab(group._count._all, group._sum.totalCents, group._sum.amountPaidCents)]),
  )
  tabs.overdue = tab(overdue._count._all, overdue._sum.totalCents, overdue._sum.amountPaidCents)
  return tabs
}

// ---- Writes ----

type Translate = TFunction

/** Lines from the loads billed: the linehaul (it holds the load), then each charge. */
function loadLines(loads: LoadToBill[], t: Translate) {
  return loads.flatMap((load) => {
    const lane = [load.pickupCity, load.deliveryCity].filter(Boolean).join(' → ')
    return [
      {
        title: t('invoices.lines.linehaul', { number: load.loadNumber }),
        description: lane || null,
        quantityMilli: 1000,
        unitPriceCents: load.linehaulCents,
        loadId: load.id,
        billedLoadId: load.id,
      },
      ...load.charges.map((charge) => ({
        title: t('invoices.lines.charge', { number: load.loadNumber, charge: t(`loads.chargeType.${charge.type}`) }),
        description: charge.description,
        quantityMilli: 1000,
        unitPriceCents: charge.amountCents,
        loadId: load.id,
        billedLoadId: null,
      })),
    ]
  })
}

type LoadToBill = Prisma.LoadGetPayload<{ include: { charges: true } }>

/**
 * The loads to bill, locked (FOR UPDATE, in id order) until the transaction ends: each must be a
 * delivered load of this broker in the organization. `keep` are loads this invoice already bills.
 */
async function lockLoadsToBill(tx: Tx, organizationId: string, brokerId: string, loadIds: string[], keep: Set<string> = new Set()) {
  if (loadIds.length === 0) return []
  const ids = [...loadIds].sort()
  await tx.$queryRaw`SELECT "id" FROM "Load" WHERE "id" = ANY(${ids}::text[]) AND "organizationId" = ${organizationId} ORDER BY "id" FOR UPDATE`
  const loads = await tx.load.findMany({ where: { id: { in: ids }, organizationId }, include: { charges: { orderBy: { sequence: 'asc' } } } })
  const byId = new Map(loads.map((load) => [load.id, load]))
  const fields: Record<string, string[]> = {}
  for (const id of loadIds) {
    const load = byId.get(id)
    if (!load) fields.loadIds = ['invoices.errors.unknownLoad']
    else if (load.brokerId !== brokerId) fields.loadIds = ['invoices.errors.loadOtherBroker']
    else if (load.status === 'invoiced' && !keep.has(id)) throw new DomainError('in_use', 'invoices.errors.loadBilled', { params: { number: load.loadNumber } })
    else if (load.status !== 'delivered' && !keep.has(id)) fields.loadIds = ['invoices.errors.loadNotDelivered']
  }
  if (Object.keys(fields).length) throw new DomainError('validation_failed', 'validation.failed', { fields })
  return loadIds.map((id) => byId.get(id)!)
}

/** Loads billed or given back: the status moves with its audit event and version. */
async function moveLoads(tx: Tx, actor: Actor, loads: Array<{ id: string; version: number }>, from: 'delivered' | 'invoiced', to: 'delivered' | 'invoiced') {
  for (const load of loads) {
    const moved = await tx.load.updateMany({ where: { id: load.id, status: from }, data: { status: to, version: { increment: 1 } } })
    if (moved.count) await recordAudit(tx, actor, { entity: 'load', entityId: load.id, action: 'status', before: { status: from }, after: { status: to } })
    if (moved.count)
      await emitWebhookEvent(tx, actor.organizationId, 'load.status_changed', async () => {
        const { loadNumber } = await tx.load.findUniqueOrThrow({ where: { id: load.id }, select: { loadNumber: true } })
        return { id: load.id, loadNumber, from, to }
      })
  }
}

function references(organizationId: string, input: InvoiceInput): Reference[] {
  return [
    ownReference(organizationId, 'broker', 'brokerId', input.brokerId, 'invoices.errors.unknownBroker'),
    ownReference(organizationId, 'company', 'companyId', input.companyId, 'invoices.errors.unknownCompany'),
  ]
}

/** The lines, their totals and the invoice's money, checked to fit (discount within the subtotal). */
function priced(input: InvoiceInput, loads: LoadToBill[], t: Translate) {
  const lines = [
    ...loadLines(loads, t),
    ...freeItems(input.items).map((item) => ({
      title: item.title,
      description: item.description || null,
      quantityMilli: decimalUnits(item.quantity, SCALE.milli),
      unitPriceCents: item.unitPriceCents,
      loadId: null,
      billedLoadId: null,
    })),
  ].map((line, index) => ({ ...line, sequence: index + 1, totalCents: lineTotalCents(line.quantityMilli, line.unitPriceCents) }))
  const totals = invoiceTotals({ items: lines, discountCents: input.discountCents, taxCents: input.taxCents })
  if (input.discountCents > totals.subtotalCents)
    throw new DomainError('validation_failed', 'validation.failed', { fields: { discountCents: ['invoices.errors.discountTooLarge'] } })
  // Subtotal and total are each a document (ADR 089): a discount may not carry lines past it.
  if (totals.subtotalCents > MAX_INVOICE_CENTS || totals.totalCents > MAX_INVOICE_CENTS)
    throw new DomainError('validation_failed', 'validation.failed', { fields: { items: ['invoices.errors.totalTooLarge'] } })
  return { lines, totals }
}

/** Issue date (default today there) and due date (default from the broker's payment terms). */
function dates(input: InvoiceInput, paymentTerms: PaymentTerm, today: string) {
  const issueDate = input.issueDate ?? today
  const dueDate = input.dueDate ?? addDays(issueDate, DUE_DAYS[paymentTerms])
  if (dueDate < issueDate) throw new DomainError('validation_failed', 'validation.failed', { fields: { dueDate: ['invoices.errors.dueBeforeIssue'] } })
  return { issueDate: toDateOnly(issueDate)!, dueDate: toDateOnly(dueDate)! }
}

/** The next number of the organization's sequence; the row lock serializes concurrent creates. */
async function nextInvoiceNumber(tx: Tx, organizationId: string) {
  const number = await nextNumber(tx, organizationId, 'nextInvoiceNumber')
  const { invoicePrefix } = await tx.organization.findUniqueOrThrow({ where: { id: organizationId }, select: { invoicePrefix: true } })
  return formatInvoiceNumber(invoicePrefix, number)
}

/**
 * A transaction that bills loads. The loads are locked first, so a second invoice for the same
 * load waits and then finds it invoiced (409); should that ever be raced anyway, the unique index
 * on the billed load refuses the second line, and the client gets the same 409, never a 500.
 */
async function billing<T>(work: (tx: Tx) => Promise<T>) {
  try {
    return await prisma.$transaction(work)
  } catch (error) {
    if (isUniqueViolation(error, 'InvoiceItem_billedLoadId_key')) throw new DomainError('in_use', 'invoices.errors.loadBilledElsewhere')
    throw error
  }
}

/**
 * A draft invoice to a broker: its delivered loads (each becomes `invoiced`; one already on a live
 * invoice is 409 `in_use`) and free lines. `language` (the creator's) is the invoice's from now on:
 * its load lines, PDF and email are written in it.
 */
export async function createInvoice(actor: Actor, input: InvoiceInput, language: LanguageCode = FALLBACK_LANGUAGE) {
  assertActorMay(actor, 'create', 'invoice')
  const { organizationId } = actor
  const t = getFixedT(language)
  return billing(async (tx) => {
    await assertReferences(tx, references(organizationId, input))
    const broker = await tx.broker.findFirstOrThrow({ where: { id: input.brokerId, organizationId }, select: { paymentTerms: true } })
    const customFields = await resolveCustomFields(tx, organizationId, 'invoices', input.customFields)
    const dated = dates(input, broker.paymentTerms, await organizationToday(organizationId, tx))
    await assertBooksOpen(tx, organizationId, [dated.issueDate])
    const loads = await lockLoadsToBill(tx, organizationId, input.brokerId, input.loadIds)
    const { lines, totals } = priced(input, loads, t)
    const invoice = await tx.invoice.create({
      data: {
        organizationId,
        invoiceNumber: await nextInvoiceNumber(tx, organizationId),
        brokerId: input.brokerId,
        companyId: input.companyId || null,
        ...dated,
        subtotalCents: totals.subtotalCents,
        discountCents: input.discountCents,
        taxCents: input.taxCents,
        totalCents: totals.totalCents,
        notes: input.notes || null,
        customFields,
        language,
        items: { create: lines },
      },
      include,
    })
    await moveLoads(tx, actor, loads, 'delivered', 'invoiced')
    await recordAudit(tx, actor, {
      entity: ENTITY,
      entityId: invoice.id,
      action: 'create',
      after: { invoiceNumber: invoice.invoiceNumber, totalCents: invoice.totalCents, loadIds: input.loadIds },
    })
    return invoice
  })
}

/** The invoice row locked for this transaction, at the version the client read. */
function lockInvoice(tx: Tx, organizationId: string, id: string, version: number | undefined) {
  return lockForUpdate(tx, { table: 'Invoice', id, organizationId, version, notFoundKey: NOT_FOUND }, () =>
    tx.invoice.findFirst({ where: { id, organizationId }, include: { items: true } }),
  )
}

/** The invoice policy's answer for this action on this invoice (app/policies/invoice.ts), thrown when it refuses. */
function assertAllows(action: InvoiceAction, invoice: { status: InvoiceStatus; amountPaidCents: number }) {
  throwRefusal(invoiceRefusal(action, { status: invoice.status, amountPaidCents: invoice.amountPaidCents }))
}

/** A status change, checked against the invoice's status table. */
function assertInvoiceMove(from: InvoiceStatus, to: InvoiceStatus) {
  if (!canMoveInvoice(from, to)) throw new DomainError('invalid_transition', 'invoices.errors.invalidTransition', { params: { from, to } })
}

/** A draft rewritten whole: loads added are billed, loads left out given back, lines rebuilt in the invoice's language. */
export async function updateInvoice(actor: Actor, id: string, input: InvoiceUpdate) {
  assertActorMay(actor, 'update', 'invoice')
  const { organizationId } = actor
  return billing(async (tx) => {
    const before = await lockInvoice(tx, organizationId, id, input.version)
    assertAllows('edit', before)
    await assertReferences(tx, references(organizationId, input))
    const broker = await tx.broker.findFirstOrThrow({ where: { id: input.brokerId, organizationId }, select: { paymentTerms: true } })
    const dated = dates(input, broker.paymentTerms, await organizationToday(organizationId, tx))
    // Moving an invoice out of closed books, or into them, is refused like changing it (ADR 146).
    await assertBooksOpen(tx, organizationId, [before.issueDate, dated.issueDate])
    const customFields = await resolveCustomFields(tx, organizationId, 'invoices', input.customFields, before.customFields)
    const billed = new Set(before.items.flatMap((item) => (item.billedLoadId ? [item.billedLoadId] : [])))
    const loads = await lockLoadsToBill(tx, organizationId, input.brokerId, input.loadIds, billed)
    const { lines, totals } = priced(input, loads, getFixedT(before.language))
    const kept = new Set(input.loadIds)
    const released = await tx.load.findMany({ where: { id: { in: [...billed].filter((loadId) => !kept.has(loadId)) } }, select: { id: true, version: true } })
    await tx.invoiceItem.deleteMany({ where: { invoiceId: id } })
    assertOneRow(
      await tx.invoice.updateMany({
        where: { id, version: before.version },
        data: {
          brokerId: input.brokerId,
          companyId: input.companyId || null,
          ...dated,
          subtotalCents: totals.subtotalCents,
          discountCents: input.discountCents,
          taxCents: input.taxCents,
          totalCents: totals.totalCents,
          notes: input.notes || null,
          customFields,
          version: { increment: 1 },
        },
      }),
    )
    await tx.invoiceItem.createMany({ data: lines.map((line) => ({ ...line, invoiceId: id })) })
    await moveLoads(tx, actor, released, 'invoiced', 'delivered')
    await moveLoads(
      tx,
      actor,
      loads.filter((load) => !billed.has(load.id)),
      'delivered',
      'invoiced',
    )
    await recordAudit(tx, actor, {
      entity: ENTITY,
      entityId: id,
      action: 'update',
      before: { totalCents: before.totalCents, loadIds: [...billed] },
      after: { totalCents: totals.totalCents, loadIds: input.loadIds },
    })
    return tx.invoice.findUniqueOrThrow({ where: { id }, include })
  })
}

/** Drafts only: the invoice goes and its loads are delivered (billable) again. */
export async function deleteInvoice(actor: Actor, id: string, version?: number) {
  assertActorMay(actor, 'delete', 'invoice')
  return prisma.$transaction(async (tx) => {
    const before = await lockInvoice(tx, actor.organizationId, id, version)
    assertAllows('delete', before)
    await assertBooksOpen(tx, before.organizationId, [before.issueDate])
    const billed = before.items.flatMap((item) => (item.billedLoadId ? [item.billedLoadId] : []))
    await tx.invoice.delete({ where: { id } })
    await moveLoads(tx, actor, await tx.load.findMany({ where: { id: { in: billed } }, select: { id: true, version: true } }), 'invoiced', 'delivered')
    await recordAudit(tx, actor, {
      entity: ENTITY,
      entityId: id,
      action: 'delete',
      before: { invoiceNumber: before.invoiceNumber, totalCents: before.totalCents },
    })
    return before
  })
}

async function setStatus(
  tx: Tx,
  actor: Actor,
  before: { id: string; version: number; status: InvoiceStatus },
  status: InvoiceStatus,
  data: Prisma.InvoiceUpdateManyMutationInput = {},
) {
  assertInvoiceMove(before.status, status)
  assertOneRow(await tx.invoice.updateMany({ where: { id: before.id, version: before.version }, data: { ...data, status, version: { increment: 1 } } }))
  await recordAudit(tx, actor, { entity: ENTITY, entityId: before.id, action: 'status', before: { status: before.status }, after: { status } })
}

/**
 * Queues the invoice's email (the PDF to the broker's billing email, else its email) in the
 * transaction that sends it: the job and the change are written together or not at all. Without
 * an address the invoice is still sent (by post, by a portal) and says it was not emailed.
 */
async function queueEmail(tx: Tx, invoice: { id: string; organizationId: string; brokerId: string }) {
  const broker = await tx.broker.findUniqueOrThrow({ where: { id: invoice.brokerId }, select: { billingEmail: true, email: true } })
  const to = broker.billingEmail ?? broker.email
  if (to) await invoiceEmailTask.enqueue(tx, { invoiceId: invoice.id, organizationId: invoice.organizationId }, { key: `invoice_email:${invoice.id}` })
  return { emailStatus: to ? 'queued' : 'no_address', emailTo: to, emailAttempts: 0, emailError: null } as const
}

/**
 * A draft is sent: from now on it is kept (void it rather than delete it), takes payments, and its
 * email is queued. The remit-to it prints is stored with the change (ADR 094): what the broker
 * received stays what the invoice says, whatever the company, the bank or the agreement become.
 */
export async function sendInvoice(actor: Actor, id: string, version: number | undefined, now = new Date()) {
  assertActorMay(actor, 'update', 'invoice')
  return prisma.$transaction(async (tx) => {
    const before = await lockInvoice(tx, actor.organizationId, id, version)
    assertAllows('send', before)
    await assertBooksOpen(tx, before.organizationId, [before.issueDate])
    const { remitTo } = await ownParties(before.organizationId, before.companyId)
    await setStatus(tx, actor, before, 'sent', { sentAt: now, remitTo: remitTo ?? Prisma.DbNull, ...(await queueEmail(tx, before)) })
    await emitWebhookEvent(tx, before.organizationId, 'invoice.sent', { id: before.id, invoiceNumber: before.invoiceNumber, totalCents: before.totalCents })
    // A tendered load's partner gets its 210 (ADR 150).
    await queueInvoiceDetails(tx, before, now)
    return tx.invoice.findUniqueOrThrow({ where: { id }, include })
  })
}

/** "Email again": a sent invoice's email queued once more (after a failure, or a new billing address). */
export async function emailInvoiceAgain(actor: Actor, id: string, version: number | undefined) {
  assertActorMay(actor, 'update', 'invoice')
  return prisma.$transaction(async (tx) => {
    const before = await lockInvoice(tx, actor.organizationId, id, version)
    assertAllows('email', before)
    const email = await queueEmail(tx, before)
    assertOneRow(await tx.invoice.updateMany({ where: { id, version: before.version }, data: { ...email, version: { increment: 1 } } }))
    await recordAudit(tx, actor, {
      entity: ENTITY,
      entityId: id,
      action: 'update',
      before: { emailStatus: before.emailStatus },
      after: { emailStatus: email.emailStatus, emailTo: email.emailTo },
    })
    return tx.invoice.findUniqueOrThrow({ where: { id }, include })
  })
}

/** Void: the invoice stays for the record at zero effect and its loads are billable again. Not while payments are on it. */
export async function voidInvoice(actor: Actor, id: string, version: number | undefined, now = new Date()) {
  assertActorMay(actor, 'update', 'invoice')
  return prisma.$transaction(async (tx) => {
    const before = await lockInvoice(tx, actor.organizationId, id, version)
    assertAllows('void', before)
    await assertBooksOpen(tx, before.organizationId, [before.issueDate])
    // On a live schedule of accounts it is the factor's to buy: the schedule is voided first (ADR 068).
    const factored = await tx.factoringScheduleItem.findFirst({ where: { liveInvoiceId: id }, select: { schedule: { select: { number: true } } } })
    if (factored)
      throw new DomainError('in_use', 'factoring.errors.onSchedule', { params: { invoice: before.invoiceNumber, number: factored.schedule.number } })
    const billed = before.items.flatMap((item) => (item.billedLoadId ? [item.billedLoadId] : []))
    await tx.invoiceItem.updateMany({ where: { invoiceId: id }, data: { billedLoadId: null } })
    await setStatus(tx, actor, before, 'void', { voidedAt: now })
    await moveLoads(tx, actor, await tx.load.findMany({ where: { id: { in: billed } }, select: { id: true, version: true } }), 'invoiced', 'delivered')
    return tx.invoice.findUniqueOrThrow({ where: { id }, include })
  })
}

/**
 * A payment on a sent invoice: positive, at most the balance, dated in the accepted years (the
 * schema) and not after today in the organization's zone, as a stop's time is never in the future.
 * The status follows the amount paid.
 */
export async function recordPayment(actor: Actor, id: string, input: PaymentInput, now = new Date()) {
  assertActorMay(actor, 'update', 'invoice')
  return prisma.$transaction(async (tx) => (await recordPaymentIn(tx, actor, id, input, now)).invoice)
}

/** `recordPayment` inside a caller's transaction (a confirmed remittance advice links the payment it made). */
export async function recordPaymentIn(tx: Tx, actor: Actor, id: string, input: PaymentInput, now = new Date()) {
  assertActorMay(actor, 'update', 'invoice')
  const before = await lockInvoice(tx, actor.organizationId, id, input.version)
  assertAllows('pay', before)
  if (input.paidAt > (await organizationToday(actor.organizationId, tx, now)))
    throw new DomainError('validation_failed', 'validation.failed', { fields: { paidAt: ['invoices.errors.paymentFuture'] } })
  // A payment is the books' on the day it was paid, whatever the invoice's day (ADR 146).
  await assertBooksOpen(tx, actor.organizationId, [input.paidAt])
  const balance = before.totalCents - before.amountPaidCents
  if (input.amountCents > balance)
    throw new DomainError('validation_failed', 'validation.failed', { fields: { amountCents: ['invoices.errors.paymentTooLarge'] }, params: { balance } })
  const payment = await tx.payment.create({
    data: {
      invoiceId: id,
      amountCents: input.amountCents,
      paidAt: toDateOnly(input.paidAt)!,
      method: input.method,
      reference: input.reference || null,
      createdById: actor.userId,
    },
  })
  const amountPaidCents = before.amountPaidCents + input.amountCents
  const status = paidStatus(before.totalCents, amountPaidCents)
  assertInvoiceMove(before.status, status)
  assertOneRow(await tx.invoice.updateMany({ where: { id, version: before.version }, data: { amountPaidCents, status, version: { increment: 1 } } }))
  await recordAudit(tx, actor, {
    entity: ENTITY,
    entityId: id,
    action: 'update',
    before: { status: before.status, amountPaidCents: before.amountPaidCents },
    after: { status, amountPaidCents, payment: input.amountCents },
  })
  if (status === 'paid')
    await emitWebhookEvent(tx, before.organizationId, 'invoice.paid', { id, invoiceNumber: before.invoiceNumber, totalCents: before.totalCents })
  return { payment, invoice: await tx.invoice.findUniqueOrThrow({ where: { id }, include }) }
}

/**
 * The carrier assigns an invoice to its factor (`assigned`), or takes it back (ADR 094): from then
 * on the invoice names the factor, as the agreement has it now, as its remit-to with a notice of
 * assignment, on every surface. What the invoice's state allows is the invoice policy's
 * (`assignmentRefusal`); assigning needs an agreement. One sold on a schedule sent to or bought by
 * the factor is the schedule's to assign.
 */
export async function assignToFactor(actor: Actor, id: string, input: FactorAssignmentInput, now = new Date()) {
  assertActorMay(actor, 'update', 'factoring')
  return prisma.$transaction(async (tx) => {
    const before = await lockInvoice(tx, actor.organizationId, id, input.version)
    const sold = await tx.factoringScheduleItem.findFirst({
      where: { liveInvoiceId: id, schedule: { status: { in: ['sent', 'purchased'] } } },
      select: { schedule: { select: { number: true } } },
    })
    throwRefusal(
      assignmentRefusal(input.assigned ? 'assign' : 'unassign', {
        status: before.status,
        assigned: before.assignedAt !== null,
        sold: sold !== null,
      }),
      {
        invoice: before.invoiceNumber,
        number: sold?.schedule.number ?? '',
      },
    )
    let factor: RemitTo | null = null
    if (input.assigned) {
      const agreement = await tx.factoringAgreement.findUnique({
        where: { organizationId: actor.organizationId },
        select: {
          factorEmail: true,
          factorCompany: {
            select: {
              name: true,
              legalName: true,
              email: true,
              addressLine1: true,
              addressLine2: true,
              city: true,
              state: true,
              postalCode: true,
              country: true,
            },
          },
        },
      })
      if (!agreement) throw new DomainError('invalid_transition', 'factoring.errors.noAgreement')
      factor = factorRemitTo(agreement)
    }
    assertOneRow(
      await tx.invoice.updateMany({
        where: { id, version: before.version },
        data: { assignedAt: factor ? now : null, factorRemitTo: factor ?? Prisma.DbNull, version: { increment: 1 } },
      }),
    )
    await recordAudit(tx, actor, {
      entity: ENTITY,
      entityId: id,
      action: 'update',
      before: { assignedToFactor: before.assignedAt !== null },
      after: { assignedToFactor: factor !== null, factor: factor?.name ?? null },
    })
    return tx.invoice.findUniqueOrThrow({ where: { id }, include })
  })
}

/**
 * A payment recorded by mistake is removed: the amount paid and the status go back. Its figures
 * stay for the accounting export, which reverses it if a batch carried it (ADR 151).
 */
export async function deletePayment(actor: Actor, id: string, paymentId: string, version: number | undefined) {
  assertActorMay(actor, 'update', 'invoice')
  return prisma.$transaction(async (tx) => {
    const before = await lockInvoice(tx, actor.organizationId, id, version)
    assertAllows('removePayment', before)
    assertId(paymentId, 'invoices.errors.paymentNotFound')
    const payment = requireFound(await tx.payment.findFirst({ where: { id: paymentId, invoiceId: id } }), 'invoices.errors.paymentNotFound')
    await assertBooksOpen(tx, actor.organizationId, [payment.paidAt])
    await keepDeletedPayment(tx, actor.organizationId, payment)
    await tx.payment.delete({ where: { id: paymentId } })
    const amountPaidCents = before.amountPaidCents - payment.amountCents
    const status = paidStatus(before.totalCents, amountPaidCents)
    assertInvoiceMove(before.status, status)
    assertOneRow(await tx.invoice.updateMany({ where: { id, version: before.version }, data: { amountPaidCents, status, version: { increment: 1 } } }))
    await recordAudit(tx, actor, {
      entity: ENTITY,
      entityId: id,
      action: 'update',
      before: { status: before.status, amountPaidCents: before.amountPaidCents, payment: payment.amountCents },
      after: { status, amountPaidCents },
    })
    return tx.invoice.findUniqueOrThrow({ where: { id }, include })
  })
}

/** What the invoice editor shows of a load: its lane, reference, total and when it was delivered (its last stop's departure). */
const loadToTick = {
  id: true,
  loadNumber: true,
  pickupCity: true,
  deliveryCity: true,
  totalCents: true,
  brokerReference: true,
  version: true,
  stops: { orderBy: { sequence: 'desc' }, take: 1, select: { actualDeparture: true } },
} as const satisfies Prisma.LoadSelect

function withDeliveredAt<Load extends { stops: Array<{ actualDeparture: Date | null }> }>({ stops, ...load }: Load) {
  return { ...load, deliveredAt: deliveredAt(stops) }
}

/** A broker's delivered loads not billed yet: what the new-invoice page offers to tick. */
export async function billableLoads(organizationId: string, brokerId: string) {
  const loads = await prisma.load.findMany({
    where: { organizationId, brokerId, status: 'delivered' },
    select: loadToTick,
    orderBy: [{ deliveryAt: 'asc' }, { loadNumber: 'asc' }],
    take: 200,
  })
  return loads.map(withDeliveredAt)
}

/** The loads a draft bills, as the editor shows them beside the billable ones. */
export async function billedLoads(organizationId: string, ids: string[]) {
  const loads = await prisma.load.findMany({ where: { id: { in: ids }, organizationId }, select: loadToTick, orderBy: { loadNumber: 'asc' } })
  return loads.map(withDeliveredAt)
}

/**
 * Who the invoice is from and whom it tells the broker to pay (ADR 094). From: the company named on
 * it, else the organization (its address, MC and DOT numbers). The remit-to: see `invoiceRemit`.
 * The page, the PDF and packet, the email, the payment page and the API print these as they are.
 */
export async function invoiceParties(invoice: InvoiceWithRelations) {
  const [own, remit] = await Promise.all([ownParties(invoice.organizationId, invoice.companyId), invoiceRemit(invoice)])
  return { from: own.from, ...remit }
}

/**
 * Whom the invoice tells the broker to pay. Assigned to the factor (on a schedule sent to or bought
 * by the factor, or by the carrier): the factor as it was then, with the assignment. Otherwise, once
 * sent, the remit-to it was sent with (what the broker received), whatever changed since; a draft,
 * what sending would print: the company's factoring remit-to, else the organization's bank.
 */
export async function invoiceRemit(invoice: InvoiceWithRelations): Promise<InvoiceRemit> {
  const sold = invoice.factored[0]?.schedule
  if (sold)
    return {
      remitTo: { name: sold.factorName, address: sold.factorAddress, bank: null },
      assignment: { factor: sold.factorName, by: 'schedule', scheduleNumber: sold.number, at: sold.sentAt ?? sold.purchasedAt },
    }
  const assigned = invoice.assignedAt ? readRemitTo(invoice.factorRemitTo) : null
  if (assigned) return { remitTo: assigned, assignment: { factor: assigned.name, by: 'carrier', scheduleNumber: null, at: invoice.assignedAt } }
  if (invoice.sentAt) return { remitTo: readRemitTo(invoice.remitTo), assignment: null }
  return { remitTo: (await ownParties(invoice.organizationId, invoice.companyId)).remitTo, assignment: null }
}

/** The API's invoice: its serialized fields with today's `overdue`, and whom it tells the broker to pay. */
export async function invoiceBody(invoice: InvoiceWithRelations): Promise<InvoiceRecord> {
  const [today, remit] = await Promise.all([organizationToday(invoice.organizationId), invoiceRemit(invoice)])
  return { ...serializeInvoice(invoice, today), ...serializeRemit(remit) }
}

/** The invoice's own parties, without any assignment: its company (with its factoring remit-to), else the organization with its bank. */
async function ownParties(organizationId: string, companyId: string | null): Promise<{ from: { name: string; lines: string[] }; remitTo: RemitTo | null }> {
  const company = companyId
    ? await prisma.company.findFirst({
        where: { id: companyId, organizationId },
        select: { name: true, legalName: true, mcNumber: true, city: true, state: true, email: true, phone: true, factoringName: true, factoringRemitTo: true },
      })
    : null
  if (!company) {
    const { from, bank } = await organizationParty(organizationId)
    return { from, remitTo: bank ? { name: bank.accountName, address: null, bank } : null }
  }
  const place = [company.city, company.state].filter(Boolean).join(', ')
  return {
    from: {
      name: company.legalName ?? company.name,
      lines: [place, company.mcNumber ? `MC-${company.mcNumber}` : '', company.email ?? '', company.phone ?? ''].filter(Boolean),
    },
    remitTo: company.factoringName ? { name: company.factoringName, address: company.factoringRemitTo, bank: null } : null,
  }
}
