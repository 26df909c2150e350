/**
 * Driver settlements (docs/domain.md, "Driver pay"; ADR 059), shared by the settlement pages and
 * /api/settlements. What each status allows is the settlement policy's (app/policies/settlement.ts);
 * what a load pays and how money rounds is app/policies/pay.ts's.
 *
 * Once only: a line that pays a load carries `liveLoadId`, one that deducts a store order
 * `liveOrderId`, one that deducts a claim's payment `liveClaimId` (ADR 142); each is unique while
 * the settlement is live, so the database pays a load and deducts an order or a claim once whatever
 * runs at the same time. Creation also locks the organization's
 * row first (the lock its number is taken under), so concurrent creations queue and each reads what
 * the one before it took; a driver has at most one live settlement overlapping a period (a second
 * one would take the recurring deductions twice): 409 `in_use`. As with invoices, the number is
 * taken just before the settlement is written, in the same transaction: a creation refused, rolled
 * back or skipped by the pay run takes none, so numbers run on without gaps.
 */
import { Prisma } from '~/generated/prisma/client'
import { assertBooksOpen } from '~/models/accounting/period-lock.server'
import { type Actor, recordAudit } from '~/models/audit/audit.server'
import { organizationToday } from '~/models/organization/organization.server'
import {
  assertActorMay,
  assertId,
  assertOneRow,
  assertVersion,
  ilikeAny,
  isoDate,
  isUniqueViolation,
  leanListPage,
  lockForUpdate,
  nextNumber,
  requireFound,
  sortSql,
  throwRefusal,
  toDateOnly,
} from '~/models/records/records.server'
import { emitWebhookEvent } from '~/models/webhooks/webhook-events.server'
import { claimRefusal } from '~/policies/claim'
import { loadPayCents, type PaySettings, type RecurringDeduction, recurringDeductionsOf, settlementTotals } from '~/policies/pay'
import { type SettlementAction, settlementRefusal, type SettlementScope } from '~/policies/settlement'
import type { ClaimDeductionInput } from '~/schemas/claim'
import type {
  PayRunRecord,
  SettlementCreateInput,
  SettlementLineInput,
  SettlementListQuery,
  SettlementPayInput,
  SettlementRecord,
  SettlementRowRecord,
  SettlementRunInput,
} from '~/schemas/settlement'
import { formatSettlementNumber, SETTLEMENT_PAY_METHODS, type SettlementStatus } from '~/schemas/settlement-options'
import type { PayMethod } from '~/schemas/user-options'
import { prisma, type Tx } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'

const ENTITY = 'settlement'
const NOT_FOUND = 'settlements.errors.notFound'
const LIVE_INDEXES = ['SettlementItem_liveLoadId_key', 'SettlementItem_liveOrderId_key', 'SettlementItem_liveClaimId_key']

const driverSelect = { select: { id: true, firstName: true, lastName: true, email: true } } as const

const include = {
  driver: driverSelect,
  items: { orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }] },
} as const satisfies Prisma.SettlementInclude

export type SettlementWithRelations = Prisma.SettlementGetPayload<{ include: typeof include }>

// ---- Reads ----

export function serializeSettlement(settlement: SettlementWithRelations): SettlementRecord {
  return {
    ...serializeSettlementRow(settlement),
    items: settlement.items.map((item) => ({
      id: item.id,
      type: item.type,
      loadId: item.loadId,
      orderId: item.orderId,
      claimId: item.claimId,
      description: item.description,
      amountCents: Number(item.amountCents),
    })),
  }
}

/**
 * A settlement's totals as numbers: BIGINT columns (sums of any number of lines, ADR 089), read as
 * bigint, well inside JavaScript's safe integers.
 */
function settlementMoney(settlement: { grossCents: bigint; deductionsCents: bigint; netCents: bigint }) {
  return { grossCents: Number(settlement.grossCents), deductionsCents: Number(settlement.deductionsCents), netCents: Number(settlement.netCents) }
}

export function serializeSettlementRow(settlement: Prisma.SettlementGetPayload<{ include: { driver: typeof driverSelect } }>): SettlementRowRecord {
  return {
    id: settlement.id,
    number: settlement.number,
    status: settlement.status,
    driverId: settlement.driverId,
    driver: { id: settlement.driver.id, name: `${settlement.driver.firstName} ${settlement.driver.lastName}`.trim() },
    periodStart: isoDate(settlement.periodStart)!,
    periodEnd: isoDate(settlement.periodEnd)!,
    ...settlementMoney(settlement),
    paidAt: isoDate(settlement.paidAt),
    // Stored from the pay form's list; anything else is answered as no method.
    method: SETTLEMENT_PAY_METHODS.find((method) => method === settlement.paidMethod) ?? null,
    reference: settlement.paidReference,
    voidedAt: settlement.voidedAt?.toISOString() ?? null,
    createdAt: settlement.createdAt.toISOString(),
    updatedAt: settlement.updatedAt.toISOString(),
    version: settlement.version,
  }
}

/** One settlement in the reader's scope (a driver's own only: another's is not found). */
export async function getSettlement(scope: SettlementScope, id: string): Promise<SettlementWithRelations> {
  assertId(id, NOT_FOUND)
  return requireFound(await prisma.settlement.findFirst({ where: { id, ...scope }, include }), NOT_FOUND)
}

type SettlementListRow = Prisma.SettlementGetPayload<{ include: { driver: typeof driverSelect } }>
type SettlementSqlRow = Omit<SettlementListRow, 'driver'> & { driverFirstName: string; driverLastName: string; driverEmail: string }

/** A page of settlements in the reader's scope, with their drivers: two statements (ADR 081). */
export async function listSettlements(scope: SettlementScope, query: SettlementListQuery) {
  const where = [Prisma.sql`s."organizationId" = ${scope.organizationId}`]
  const driverId = scope.driverId ?? query.driverId
  if (driverId) where.push(Prisma.sql`s."driverId" = ${driverId}`)
  if (query.status) where.push(Prisma.sql`s."status" = CAST(${query.status} AS "SettlementStatus")`)
  // A period filter: settlements whose period overlaps [from, to].
  if (query.from) where.push(Prisma.sql`s."periodEnd" >= CAST(${query.from} AS date)`)
  if (query.to) where.push(Prisma.sql`s."periodStart" <= CAST(${query.to} AS date)`)
  if (query.q) where.push(ilikeAny(query.q, [Prisma.sql`s."number"`]))
  const result = await leanListPage<SettlementSqlRow>(query, {
    columns: Prisma.sql`s.*, d."firstName" AS "driverFirstName", d."lastName" AS "driverLastName", d."email" AS "driverEmail"`,
    from: Prisma.sql`"Settlement" s`,
    joins: Prisma.sql`JOIN "User" d ON d."id" = s."driverId"`,
    where,
    orderBy: sortSql('s', query.sort, query.dir),
  })
  const items = result.items.map(({ driverFirstName, driverLastName, driverEmail, ...row }): SettlementListRow => ({
    ...row,
    driver: { id: row.driverId, firstName: driverFirstName, lastName: driverLastName, email: driverEmail },
  }))
  return { ...result, items }
}

/** The organization's drivers, for the driver picker and filter. */
export async function settlementDrivers(organizationId: string) {
  const drivers = await prisma.user.findMany({
    where: { organizationId, role: 'driver' },
    select: { id: true, firstName: true, lastName: true, status: true },
    orderBy: [{ firstName: 'asc' }, { lastName: 'asc' }],
  })
  return drivers.map((driver) => ({ id: driver.id, name: `${driver.firstName} ${driver.lastName}`.trim(), active: driver.status === 'active' }))
}

// ---- What a period pays ----

type Line = { type: 'load' | 'deduction' | 'store_order'; loadId?: string; orderId?: string; claimId?: string; description: string; amountCents: number }

type LoadRow = {
  id: string
  loadNumber: string
  totalCents: number
  loadedMiles: number | null
  emptyMiles: number | null
  pickupCity: string | null
  deliveryCity: string | null
  deliveredOn: Date
}

/**
 * The driver's loads that a period pays: delivered or invoiced, delivered (the last stop's
 * departure; the load's delivery time when no stop time was recorded) on a day of the period in
 * the organization's time zone, and on no live settlement.
 */
async function payableLoads(tx: Tx, organizationId: string, driverId: string, periodStart: string, periodEnd: string) {
  return tx.$queryRaw<LoadRow[]>`
    SELECT l."id", l."loadNumber", l."totalCents", l."loadedMiles", l."emptyMiles", l."pickupCity", l."deliveryCity",
           (COALESCE(last."actualDeparture", l."deliveryAt") AT TIME ZONE o."timezone")::date AS "deliveredOn"
    FROM "Load" l
    JOIN "Organization" o ON o."id" = l."organizationId"
    LEFT JOIN LATERAL (
      SELECT s."actualDeparture" FROM "LoadStop" s WHERE s."loadId" = l."id" ORDER BY s."sequence" DESC LIMIT 1
    ) last ON true
    WHERE l."organizationId" = ${organizationId} AND l."driverId" = ${driverId}
      AND l."status"::text IN ('delivered', 'invoiced')
      AND (COALESCE(last."actualDeparture", l."deliveryAt") AT TIME ZONE o."timezone")::date BETWEEN ${periodStart}::date AND ${periodEnd}::date
      AND NOT EXISTS (SELECT 1 FROM "SettlementItem" si WHERE si."liveLoadId" = l."id")
    ORDER BY "deliveredOn", l."loadNumber"`
}

/**
 * Store orders charged to the driver, placed, and deducted by no live settlement. Locked until the
 * settlement is written: a cancel of one of them (which locks the order, then looks for a live
 * line) waits, then finds the line and refuses; a cancel that came first has taken it out of here.
 */
async function deductibleOrders(tx: Tx, organizationId: string, driverId: string) {
  return tx.$queryRaw<Array<{ id: string; orderNumber: string; totalCents: number }>>`
    SELECT o."id", o."orderNumber", o."totalCents" FROM "StoreOrder" o
    WHERE ${ordersToDeduct(organizationId, driverId)}
    ORDER BY o."createdAt", o."id"
    FOR UPDATE OF o`
}

/**
 * The one rule of which store orders a driver's next settlement deducts (alias `o`): charged to
 * the driver, placed, on no live settlement. The driver's store limit counts the same orders
 * (store-order.server.ts, ADR 101).
 */
export function ordersToDeduct(organizationId: string, driverId: string) {
  return Prisma.sql`o."organizationId" = ${organizationId} AND o."driverId" = ${driverId} AND o."chargeTo" = 'driver' AND o."status" = 'placed'
      AND NOT EXISTS (SELECT 1 FROM "SettlementItem" si WHERE si."liveOrderId" = o."id")`
}

/** What a driver's store orders not yet settled add up to, in cents (their store limit's use). */
export async function pendingStoreCents(db: Tx, organizationId: string, driverId: string) {
  const [row] = await db.$queryRaw<Array<{ cents: bigint | null }>>`
    SELECT SUM(o."totalCents") AS "cents" FROM "StoreOrder" o WHERE ${ordersToDeduct(organizationId, driverId)}`
  return Number(row?.cents ?? 0)
}

/**
 * The one rule of which claims a driver's next settlement deducts (alias `c`, ADR 142): a deduction
 * asked of the driver and on no live settlement (never asked twice: the claim holds one request).
 */
export function claimsToDeduct(organizationId: string, driverId: string) {
  return Prisma.sql`c."organizationId" = ${organizationId} AND c."deductionDriverId" = ${driverId}
      AND NOT EXISTS (SELECT 1 FROM "SettlementItem" si WHERE si."liveClaimId" = c."id")`
}

/** The claims a driver's next settlement deducts, locked until it is written (as the store orders are). */
async function deductibleClaims(tx: Tx, organizationId: string, driverId: string) {
  return tx.$queryRaw<Array<{ id: string; number: string; loadNumber: string; deductionCents: number }>>`
    SELECT c."id", c."number", l."loadNumber", c."deductionCents" FROM "Claim" c JOIN "Load" l ON l."id" = c."loadId"
    WHERE ${claimsToDeduct(organizationId, driverId)}
    ORDER BY c."deductionRequestedAt", c."id"
    FOR UPDATE OF c`
}

/** A claim's line: its number and its load's. */
function claimLine(claim: { id: string; number: string; loadNumber: string; deductionCents: number }): Line {
  return { type: 'deduction', claimId: claim.id, description: `${claim.number} · ${claim.loadNumber}`, amountCents: claim.deductionCents }
}

function loadDescription(load: LoadRow) {
  const lane = [load.pickupCity, load.deliveryCity].filter(Boolean).join(' → ')
  const miles = load.loadedMiles ? `${load.loadedMiles}${load.emptyMiles ? ` + ${load.emptyMiles}` : ''} mi` : ''
  return [load.loadNumber, lane, miles].filter(Boolean).join(' · ')
}

/** The lines a period makes for a driver: each load's pay, the recurring deductions, the store orders. */
async function periodLines(
  tx: Tx,
  organizationId: string,
  driverId: string,
  periodStart: string,
  periodEnd: string,
  pay: PaySettings,
  recurring: RecurringDeduction[],
) {
  const [loads, orders, claims] = await Promise.all([
    payableLoads(tx, organizationId, driverId, periodStart, periodEnd),
    deductibleOrders(tx, organizationId, driverId),
    deductibleClaims(tx, organizationId, driverId),
  ])
  const lines: Line[] = [
    ...loads.map((load) => ({ type: 'load' as const, loadId: load.id, description: loadDescription(load), amountCents: loadPayCents(pay, load) })),
    ...recurring.map((line) => ({ type: 'deduction' as const, description: line.description, amountCents: line.amountCents })),
    ...orders.map((order) => ({ type: 'store_order' as const, orderId: order.id, description: order.orderNumber, amountCents: order.totalCents })),
    ...claims.map(claimLine),
  ]
  return { lines, somethingToPay: loads.length + orders.length + claims.length > 0 }
}

// ---- Writes ----

/**
 * The organization's row locked as an UPDATE of it locks it (the number's lock): creations queue
 * here, before they read what is already settled, until the creating transaction ends.
 */
async function lockSettlementNumbers(tx: Tx, organizationId: string) {
  await tx.$queryRaw`SELECT 1 FROM "Organization" WHERE "id" = ${organizationId} FOR NO KEY UPDATE`
}

/** The next number of the organization's sequence, taken by the transaction that writes the settlement (invoices' way: no gaps). */
async function nextSettlementNumber(tx: Tx, organizationId: string) {
  return formatSettlementNumber(await nextNumber(tx, organizationId, 'nextSettlementNumber'))
}

/** A transaction that takes loads or orders: should the unique live ids ever be raced, the client gets 409 `in_use`, never a 500 or a double payment. */
async function paying<T>(work: (tx: Tx) => Promise<T>) {
  try {
    return await prisma.$transaction(work)
  } catch (error) {
    if (LIVE_INDEXES.some((index) => isUniqueViolation(error, index))) throw new DomainError('in_use', 'settlements.errors.taken')
    throw error
  }
}

function badField(field: string, key: string): never {
  throw new DomainError('validation_failed', 'validation.failed', { fields: { [field]: [key] } })
}

/**
 * One draft for a driver and a period, under the organization's settlement lock, numbered only when
 * it is written. `skipEmpty`: answer null instead of creating when the period has no load and no
 * order for the driver (the pay run); nothing is then taken, not even a number.
 */
async function createDraft(tx: Tx, actor: Actor, input: SettlementCreateInput, skipEmpty: boolean) {
  const { organizationId } = actor
  // A settlement is the books' on its period's last day (ADR 146): none is made for a closed period.
  await assertBooksOpen(tx, organizationId, [input.periodEnd])
  await lockSettlementNumbers(tx, organizationId)
  assertId(input.driverId, NOT_FOUND)
  const driver = await tx.user.findFirst({ where: { id: input.driverId, organizationId, role: 'driver' }, include: { driverProfile: true } })
  if (!driver) badField('driverId', 'settlements.errors.unknownDriver')
  const start = toDateOnly(input.periodStart)!
  const end = toDateOnly(input.periodEnd)!
  const overlapping = await tx.settlement.findFirst({
    where: { organizationId, driverId: driver.id, status: { not: 'void' }, periodStart: { lte: end }, periodEnd: { gte: start } },
    select: { number: true },
  })
  if (overlapping) {
    if (skipEmpty) return null
    throw new DomainError('in_use', 'settlements.errors.periodTaken', { params: { number: overlapping.number } })
  }
  const profile = driver.driverProfile
  const pay: PaySettings = {
    payMethod: (profile?.payMethod as PayMethod | null) ?? null,
    payRate: profile?.payRate ?? null,
    emptyMileRateCents: profile?.emptyMileRateCents ?? null,
  }
  const { lines, somethingToPay } = await periodLines(
    tx,
    organizationId,
    driver.id,
    input.periodStart,
    input.periodEnd,
    pay,
    recurringDeductionsOf(profile?.recurringDeductions),
  )
  if (skipEmpty && !somethingToPay) return null
  const totals = settlementTotals(lines)
  const number = await nextSettlementNumber(tx, organizationId)
  const settlement = await tx.settlement.create({
    data: {
      organizationId,
      number,
      driverId: driver.id,
      periodStart: start,
      periodEnd: end,
      ...totals,
      createdById: actor.userId,
      items: {
        create: lines.map((line, index) => ({
          organizationId,
          type: line.type,
          loadId: line.loadId ?? null,
          liveLoadId: line.loadId ?? null,
          orderId: line.orderId ?? null,
          liveOrderId: line.orderId ?? null,
          claimId: line.claimId ?? null,
          liveClaimId: line.claimId ?? null,
          description: line.description,
          amountCents: line.amountCents,
          sortOrder: index + 1,
        })),
      },
    },
    include,
  })
  await recordAudit(tx, actor, {
    entity: ENTITY,
    entityId: settlement.id,
    action: 'create',
    after: { number, driverId: driver.id, periodStart: input.periodStart, periodEnd: input.periodEnd, netCents: totals.netCents },
  })
  return settlement
}

/** A draft for one driver and period: their loads delivered in it, the recurring deductions and their unsettled store orders. */
export async function createSettlement(actor: Actor, input: SettlementCreateInput) {
  assertActorMay(actor, 'create', 'settlement')
  return paying(async (tx) => (await createDraft(tx, actor, input, false))!)
}

/**
 * "Run pay for the period": one draft per active driver with a load or a store order to settle,
 * each in its own transaction (a driver already settled for the period is skipped). Answers how
 * many drafts were made.
 */
export async function runPay(actor: Actor, input: SettlementRunInput): Promise<PayRunRecord> {
  assertActorMay(actor, 'create', 'settlement')
  const drivers = await prisma.user.findMany({
    where: { organizationId: actor.organizationId, role: 'driver', status: 'active' },
    select: { id: true },
    orderBy: { id: 'asc' },
  })
  let created = 0
  for (const driver of drivers) {
    // A driver skipped commits nothing: the number is taken only by a settlement written.
    const made = await paying((tx) => createDraft(tx, actor, { ...input, driverId: driver.id }, true))
    if (made) created += 1
  }
  return { created, drivers: drivers.length }
}

async function lockSettlement(tx: Tx, organizationId: string, id: string, version: number | undefined) {
  const settlement = await lockForUpdate(tx, { table: 'Settlement', id, organizationId, version, notFoundKey: NOT_FOUND }, () =>
    tx.settlement.findFirst({ where: { id, organizationId }, include: { items: true } }),
  )
  return { ...settlement, ...settlementMoney(settlement) }
}

/**
 * A settlement is the books' on its period's last day, and its payment on the day paid (ADR 146):
 * a write to one with either day in closed books is 409 period_closed. `paidAt`: the day a payment
 * being recorded is dated.
 */
function assertSettlementOpen(tx: Tx, settlement: { organizationId: string; periodEnd: Date; paidAt: Date | null }, paidAt?: string) {
  return assertBooksOpen(tx, settlement.organizationId, [settlement.periodEnd, settlement.paidAt, paidAt])
}

function assertAllows(action: SettlementAction, settlement: { status: SettlementStatus; netCents: number }) {
  throwRefusal(settlementRefusal(action, { status: settlement.status, netCents: settlement.netCents }))
}

async function setStatus(
  tx: Tx,
  actor: Actor,
  before: { id: string; version: number; status: string },
  status: SettlementStatus,
  data: Prisma.SettlementUpdateManyMutationInput = {},
) {
  assertOneRow(await tx.settlement.updateMany({ where: { id: before.id, version: before.version }, data: { ...data, status, version: { increment: 1 } } }))
  await recordAudit(tx, actor, { entity: ENTITY, entityId: before.id, action: 'status', before: { status: before.status }, after: { status } })
}

export async function approveSettlement(actor: Actor, id: string, version: number | undefined) {
  assertActorMay(actor, 'update', 'settlement')
  return prisma.$transaction(async (tx) => {
    const before = await lockSettlement(tx, actor.organizationId, id, version)
    assertAllows('approve', before)
    await assertSettlementOpen(tx, before)
    await setStatus(tx, actor, before, 'approved')
    return tx.settlement.findUniqueOrThrow({ where: { id }, include })
  })
}

/** Paid: the day (not after today in the organization's zone), the method and a reference. */
export async function paySettlement(actor: Actor, id: string, input: SettlementPayInput, now = new Date()) {
  assertActorMay(actor, 'update', 'settlement')
  return prisma.$transaction(async (tx) => {
    const before = await lockSettlement(tx, actor.organizationId, id, input.version)
    assertAllows('pay', before)
    if (input.paidAt > (await organizationToday(actor.organizationId, tx, now))) badField('paidAt', 'settlements.errors.paidFuture')
    await assertSettlementOpen(tx, before, input.paidAt)
    await setStatus(tx, actor, before, 'paid', { paidAt: toDateOnly(input.paidAt)!, paidMethod: input.method, paidReference: input.reference || null })
    await emitWebhookEvent(tx, before.organizationId, 'settlement.paid', { id, number: before.number, netCents: before.netCents, paidAt: input.paidAt })
    return tx.settlement.findUniqueOrThrow({ where: { id }, include })
  })
}

/** Void: kept for the record at no effect; its loads, orders and claims are free for another settlement. */
export async function voidSettlement(actor: Actor, id: string, version: number | undefined, now = new Date()) {
  assertActorMay(actor, 'update', 'settlement')
  return prisma.$transaction(async (tx) => {
    const before = await lockSettlement(tx, actor.organizationId, id, version)
    assertAllows('void', before)
    await assertSettlementOpen(tx, before)
    await tx.settlementItem.updateMany({ where: { settlementId: id }, data: { liveLoadId: null, liveOrderId: null, liveClaimId: null } })
    await setStatus(tx, actor, before, 'void', { voidedAt: now })
    return tx.settlement.findUniqueOrThrow({ where: { id }, include })
  })
}

/** A draft goes with its lines: its loads and orders are free again. */
export async function deleteSettlement(actor: Actor, id: string, version: number | undefined) {
  assertActorMay(actor, 'delete', 'settlement')
  return prisma.$transaction(async (tx) => {
    const before = await lockSettlement(tx, actor.organizationId, id, version)
    assertAllows('delete', before)
    await assertSettlementOpen(tx, before)
    await tx.settlement.delete({ where: { id } })
    await recordAudit(tx, actor, { entity: ENTITY, entityId: id, action: 'delete', before: { number: before.number, netCents: before.netCents } })
    return before
  })
}

/** The totals stored again from the lines, after a line was added or removed. */
async function retotal(tx: Tx, actor: Actor, before: { id: string; version: number; netCents: number }) {
  const items = await tx.settlementItem.findMany({ where: { settlementId: before.id }, select: { type: true, amountCents: true } })
  const totals = settlementTotals(items.map((item) => ({ type: item.type, amountCents: Number(item.amountCents) })))
  assertOneRow(await tx.settlement.updateMany({ where: { id: before.id, version: before.version }, data: { ...totals, version: { increment: 1 } } }))
  await recordAudit(tx, actor, {
    entity: ENTITY,
    entityId: before.id,
    action: 'update',
    before: { netCents: before.netCents },
    after: { netCents: totals.netCents },
  })
  return tx.settlement.findUniqueOrThrow({ where: { id: before.id }, include })
}

/** An advance (a deduction) or a reimbursement (pay) added by hand on a draft. */
export async function addSettlementLine(actor: Actor, id: string, input: SettlementLineInput) {
  assertActorMay(actor, 'update', 'settlement')
  return prisma.$transaction(async (tx) => {
    const before = await lockSettlement(tx, actor.organizationId, id, input.version)
    assertAllows('edit', before)
    await assertSettlementOpen(tx, before)
    const sortOrder = Math.max(0, ...before.items.map((item) => item.sortOrder)) + 1
    await tx.settlementItem.create({
      data: {
        settlementId: id,
        organizationId: actor.organizationId,
        type: input.type,
        description: input.description,
        amountCents: input.amountCents,
        sortOrder,
      },
    })
    return retotal(tx, actor, before)
  })
}

/** Any line of a draft may go (a load or an order taken off is free for a later settlement). */
export async function removeSettlementLine(actor: Actor, id: string, itemId: string, version: number | undefined) {
  assertActorMay(actor, 'update', 'settlement')
  return prisma.$transaction(async (tx) => {
    const before = await lockSettlement(tx, actor.organizationId, id, version)
    assertAllows('edit', before)
    await assertSettlementOpen(tx, before)
    assertId(itemId, 'settlements.errors.lineNotFound')
    requireFound(
      before.items.find((item) => item.id === itemId),
      'settlements.errors.lineNotFound',
    )
    await tx.settlementItem.delete({ where: { id: itemId } })
    return retotal(tx, actor, before)
  })
}

/** What the statement shows of the driver: name, and the language statements are written in. */
export async function settlementDriver(organizationId: string, driverId: string) {
  const driver = await prisma.user.findFirstOrThrow({
    where: { id: driverId, organizationId },
    select: {
      firstName: true,
      lastName: true,
      email: true,
      driverProfile: { select: { language: true, payMethod: true, payRate: true, emptyMileRateCents: true } },
    },
  })
  return {
    name: `${driver.firstName} ${driver.lastName}`.trim(),
    email: driver.email,
    language: driver.driverProfile?.language ?? 'en',
    profile: driver.driverProfile,
  }
}

// ---- A claim's payment deducted from the driver (ADR 142) ----

const CLAIM_NOT_FOUND = 'claims.errors.notFound'

/**
 * "Deduct from driver's pay", once: the claim's deduction (at most what was paid) is asked of its
 * load's driver, and lands on the driver's open draft settlement (the latest) as a deduction line,
 * or, without a draft, on the driver's next settlement (a pay run's or one made by hand), as a store
 * order does. Under the organization's settlement lock (the pay run's), then the claim's row lock:
 * concurrent clicks queue, and the second finds the claim deducted (409 `in_use`); the line's
 * `liveClaimId` is unique besides. A stale `version` is 409 `conflict`. Answers the settlement it
 * landed on, or null.
 */
export async function deductClaim(actor: Actor, claimId: string, input: ClaimDeductionInput, now = new Date()) {
  assertActorMay(actor, 'update', 'claim')
  assertActorMay(actor, 'update', 'settlement')
  const { organizationId } = actor
  return paying(async (tx) => {
    await lockSettlementNumbers(tx, organizationId)
    const claim = await lockForUpdate(tx, { table: 'Claim', id: claimId, organizationId, version: undefined, notFoundKey: CLAIM_NOT_FOUND }, () =>
      tx.claim.findFirst({ where: { id: claimId, organizationId }, include: { load: { select: { loadNumber: true, driverId: true } } } }),
    )
    throwRefusal(
      claimRefusal('deduct', {
        status: claim.status,
        amountPaidCents: claim.amountPaidCents,
        deducted: claim.deductionRequestedAt !== null,
        driverId: claim.load.driverId,
      }),
    )
    assertVersion(claim, input.version)
    if (input.amountCents > (claim.amountPaidCents ?? 0)) badField('amountCents', 'claims.errors.deductionOverPaid')
    const driverId = claim.load.driverId!
    await tx.claim.update({
      where: { id: claimId },
      data: { deductionDriverId: driverId, deductionCents: input.amountCents, deductionRequestedAt: now, version: { increment: 1 } },
    })
    const draft = await tx.settlement.findFirst({
      where: { organizationId, driverId, status: 'draft' },
      orderBy: [{ periodEnd: 'desc' }, { id: 'desc' }],
      select: { id: true },
    })
    let settlement: { id: string; number: string } | null = null
    // A draft approved between the read and its lock keeps its lines: the next settlement takes the claim.
    const before = draft && (await lockSettlement(tx, organizationId, draft.id, undefined))
    if (before && before.status === 'draft') {
      await assertSettlementOpen(tx, before)
      const line = claimLine({ id: claimId, number: claim.number, loadNumber: claim.load.loadNumber, deductionCents: input.amountCents })
      await tx.settlementItem.create({
        data: {
          settlementId: before.id,
          organizationId,
          type: line.type,
          claimId,
          liveClaimId: claimId,
          description: line.description,
          amountCents: line.amountCents,
          sortOrder: Math.max(0, ...before.items.map((item) => item.sortOrder)) + 1,
        },
      })
      await retotal(tx, actor, before)
      settlement = { id: before.id, number: before.number }
    }
    await recordAudit(tx, actor, {
      entity: 'claim',
      entityId: claimId,
      action: 'update',
      after: { deduction: { driverId, amountCents: input.amountCents, settlement: settlement?.number ?? null } },
    })
    return settlement
  })
}
