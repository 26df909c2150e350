/**
 * The books closed through a day (ADR 146), against the real database: every write path of the
 * records the accounting export takes refuses a record dated in closed books with 409
 * `period_closed` (the message naming the closed day) and writes nothing; after an admin's
 * reopen (the reason in the audit log) the same call succeeds. Closing only moves forward and is
 * the office's; reopening is the admin's; a write and a close of its day never both take effect
 * out of order (the books' advisory lock); the fuel card import refuses closed rows by row and field.
 */
import { describe, expect, it } from 'vitest'

import { assertBooksOpen, booksLockEvents, closeBooks, readBooksLock, reopenBooks } from '~/models/accounting/period-lock.server'
import { createClaim, moveClaim } from '~/models/claims/claim.server'
import { createSchedule, purchaseSchedule, releaseReserve, saveAgreement } from '~/models/factoring/factoring.server'
import { createFuelPurchase, deleteFuelPurchase, importFuelPurchases, updateFuelPurchase } from '~/models/fuel-tax/fuel-purchase.server'
import { createInvoice, deleteInvoice, deletePayment, recordPayment, sendInvoice, updateInvoice, voidInvoice } from '~/models/invoices/invoice.server'
import { completeWorkOrder, createWorkOrder } from '~/models/maintenance/work-order.server'
import { lockPeriodExclusive } from '~/models/records/period-lock.server'
import {
  addSettlementLine,
  approveSettlement,
  createSettlement,
  deductClaim,
  deleteSettlement,
  paySettlement,
  removeSettlementLine,
  runPay,
  voidSettlement,
} from '~/models/settlements/settlement.server'
import * as lockRoute from '~/routes/api/accounting/lock'
import * as reopenRoute from '~/routes/api/accounting/reopen'
import { CloseBooksSchema, ReopenBooksSchema } from '~/schemas/accounting-lock'
import { ClaimSchema } from '~/schemas/claim'
import { AgreementSchema } from '~/schemas/factoring'
import { FuelPurchaseSchema } from '~/schemas/fuel-purchase'
import { InvoiceSchema, InvoiceUpdateSchema, PaymentSchema } from '~/schemas/invoice'
import { SettlementCreateSchema, SettlementLineSchema, SettlementPaySchema, SettlementRunSchema } from '~/schemas/settlement'
import { WorkOrderSchema } from '~/schemas/work-order'
import { prisma } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'

import { callApi } from '../contract-kit'
import { actorOf, createOrg, fleet, newLoad, type Org, refusal, unique } from '../helpers'

/** The books are closed through this day; CLOSED is in them, OPEN after them. */
const THROUGH = '2026-10-31'
const CLOSED = '2026-10-15'
const OPEN = '2026-11-10'

type Ctx = Awaited<ReturnType<typeof booksOrg>>

async function booksOrg() {
  const org = await createOrg()
  const { broker, truck, driverId } = await fleet(org)
  return { org, broker, truck, driverId, admin: actorOf(org, 'admin'), accountant: actorOf(org, 'accountant') }
}

const invoiceInput = (ctx: Ctx, issueDate: string, fields: Record<string, unknown> = {}) =>
  InvoiceSchema.parse({ brokerId: ctx.broker.id, issueDate, items: [{ title: 'Detention', quantity: 1, unitPriceCents: 25_000 }], ...fields })

const draftInvoice = (ctx: Ctx, issueDate = CLOSED) => createInvoice(ctx.accountant, invoiceInput(ctx, issueDate))

async function sentInvoice(ctx: Ctx) {
  const draft = await draftInvoice(ctx)
  return sendInvoice(ctx.accountant, draft.id, draft.version)
}

const updateOf = (ctx: Ctx, invoice: { id: string; version: number }, issueDate: string) =>
  updateInvoice(ctx.accountant, invoice.id, InvoiceUpdateSchema.parse({ ...invoiceInput(ctx, issueDate, { notes: 'Corrected' }), version: invoice.version }))

const settlementInput = (ctx: Ctx, periodEnd = CLOSED) => SettlementCreateSchema.parse({ driverId: ctx.driverId, periodStart: '2026-10-01', periodEnd })
const draftSettlement = (ctx: Ctx) => createSettlement(ctx.accountant, settlementInput(ctx))

const purchaseInput = (ctx: Ctx, purchasedAt: string) =>
  FuelPurchaseSchema.parse({ truckId: ctx.truck.id, purchasedAt, jurisdiction: 'TX', gallons: 100, totalCents: 39_900 })

/** Two sent invoices on a schedule at 90 % advance, 2.5 % fee, purchased on `purchasedAt` when given. */
async function schedule(ctx: Ctx, purchasedAt?: string) {
  const organizationId = ctx.org.organization.id
  const factor = await prisma.company.create({ data: { organizationId, name: unique('Factor'), kind: 'factor', email: 'desk@factor.test' } })
  await saveAgreement(ctx.accountant, AgreementSchema.parse({ factorCompanyId: factor.id, advancePercent: 90, feePercent: 2.5 }))
  const invoice = await sentInvoice(ctx)
  const made = await createSchedule(ctx.accountant, { invoiceIds: [invoice.id] })
  return purchasedAt ? purchaseSchedule(ctx.accountant, made.id, { purchasedAt }) : made
}

/** What the write paths could change, for "nothing written". */
async function fingerprint(organizationId: string) {
  const [invoices, payments, settlements, lines, purchases, orders, schedules, claims, audit] = await Promise.all([
    prisma.invoice.findMany({ where: { organizationId }, select: { id: true, version: true, status: true, issueDate: true }, orderBy: { id: 'asc' } }),
    prisma.payment.count({ where: { invoice: { organizationId } } }),
    prisma.settlement.findMany({ where: { organizationId }, select: { id: true, version: true, status: true }, orderBy: { id: 'asc' } }),
    prisma.settlementItem.count({ where: { organizationId } }),
    prisma.fuelPurchase.findMany({ where: { organizationId }, select: { id: true, version: true }, orderBy: { id: 'asc' } }),
    prisma.workOrder.findMany({ where: { organizationId }, select: { id: true, version: true, status: true }, orderBy: { id: 'asc' } }),
    prisma.factoringSchedule.findMany({ where: { organizationId }, select: { id: true, version: true, status: true }, orderBy: { id: 'asc' } }),
    prisma.claim.findMany({ where: { organizationId }, select: { id: true, version: true }, orderBy: { id: 'asc' } }),
    prisma.auditEvent.count({ where: { organizationId } }),
  ])
  return { invoices, payments, settlements, lines, purchases, orders, schedules, claims, audit }
}

type Case = { name: string; record: (ctx: Ctx) => Promise<unknown>; write: (ctx: Ctx, record: never) => Promise<unknown> }

/** Every exported write of the records the export takes, each with a record (or a day) in closed books. */
const CASES: Case[] = [
  // Invoices: by their issue date.
  { name: 'createInvoice', record: async () => null, write: (ctx) => createInvoice(ctx.accountant, invoiceInput(ctx, CLOSED)) },
  { name: 'updateInvoice', record: (ctx) => draftInvoice(ctx), write: (ctx, invoice: { id: string; version: number }) => updateOf(ctx, invoice, CLOSED) },
  {
    name: 'updateInvoice moving it out of closed books',
    record: (ctx) => draftInvoice(ctx),
    write: (ctx, invoice: { id: string; version: number }) => updateOf(ctx, invoice, OPEN),
  },
  {
    name: 'updateInvoice moving it into closed books',
    record: (ctx) => draftInvoice(ctx, OPEN),
    write: (ctx, invoice: { id: string; version: number }) => updateOf(ctx, invoice, CLOSED),
  },
  {
    name: 'sendInvoice',
    record: (ctx) => draftInvoice(ctx),
    write: (ctx, invoice: { id: string; version: number }) => sendInvoice(ctx.accountant, invoice.id, invoice.version),
  },
  {
    name: 'voidInvoice',
    record: (ctx) => sentInvoice(ctx),
    write: (ctx, invoice: { id: string; version: number }) => voidInvoice(ctx.accountant, invoice.id, invoice.version),
  },
  {
    name: 'deleteInvoice',
    record: (ctx) => draftInvoice(ctx),
    write: (ctx, invoice: { id: string; version: number }) => deleteInvoice(ctx.admin, invoice.id, invoice.version),
  },
  // Payments received: by the day paid, whatever the invoice's.
  {
    name: 'recordPayment',
    record: (ctx) => sentInvoice(ctx),
    write: (ctx, invoice: { id: string }) => recordPayment(ctx.accountant, invoice.id, PaymentSchema.parse({ amountCents: 10_000, paidAt: '2026-10-20' })),
  },
  {
    name: 'deletePayment',
    record: async (ctx) => {
      const sent = await sentInvoice(ctx)
      return recordPayment(ctx.accountant, sent.id, PaymentSchema.parse({ amountCents: 10_000, paidAt: '2026-10-20' }))
    },
    write: (ctx, invoice: { id: string; version: number; payments: Array<{ id: string }> }) =>
      deletePayment(ctx.accountant, invoice.id, invoice.payments[0]!.id, invoice.version),
  },
  // Settlements: by their period's last day (and the day paid).
  { name: 'createSettlement', record: async () => null, write: (ctx) => createSettlement(ctx.accountant, settlementInput(ctx)) },
  {
    name: 'runPay',
    record: async () => null,
    write: (ctx) => runPay(ctx.accountant, SettlementRunSchema.parse({ periodStart: '2026-10-01', periodEnd: CLOSED })),
  },
  {
    name: 'addSettlementLine',
    record: (ctx) => draftSettlement(ctx),
    write: (ctx, settlement: { id: string; version: number }) =>
      addSettlementLine(
        ctx.accountant,
        settlement.id,
        SettlementLineSchema.parse({ type: 'advance', description: 'Fuel advance', amountCents: 5_000, version: settlement.version }),
      ),
  },
  {
    name: 'removeSettlementLine',
    record: async (ctx) => {
      const draft = await draftSettlement(ctx)
      return addSettlementLine(
        ctx.accountant,
        draft.id,
        SettlementLineSchema.parse({ type: 'reimbursement', description: 'Scale ticket', amountCents: 1_200, version: draft.version }),
      )
    },
    write: (ctx, settlement: { id: string; version: number; items: Array<{ id: string }> }) =>
      removeSettlementLine(ctx.accountant, settlement.id, settlement.items[0]!.id, settlement.version),
  },
  {
    name: 'approveSettlement',
    record: (ctx) => draftSettlement(ctx),
    write: (ctx, s: { id: string; version: number }) => approveSettlement(ctx.accountant, s.id, s.version),
  },
  {
    name: 'paySettlement',
    record: async (ctx) => {
      const draft = await draftSettlement(ctx)
      return approveSettlement(ctx.accountant, draft.id, draft.version)
    },
    write: (ctx, s: { id: string; version: number }) => paySettlement(ctx.accountant, s.id, SettlementPaySchema.parse({ paidAt: OPEN, version: s.version })),
  },
  {
    name: 'paySettlement on a day of closed books',
    record: async (ctx) => {
      const draft = await createSettlement(
        ctx.accountant,
        SettlementCreateSchema.parse({ driverId: ctx.driverId, periodStart: '2026-09-01', periodEnd: '2026-09-15' }),
      )
      return approveSettlement(ctx.accountant, draft.id, draft.version)
    },
    write: (ctx, s: { id: string; version: number }) =>
      paySettlement(ctx.accountant, s.id, SettlementPaySchema.parse({ paidAt: '2026-10-01', version: s.version })),
  },
  {
    name: 'voidSettlement',
    record: (ctx) => draftSettlement(ctx),
    write: (ctx, s: { id: string; version: number }) => voidSettlement(ctx.accountant, s.id, s.version),
  },
  {
    name: 'deleteSettlement',
    record: (ctx) => draftSettlement(ctx),
    write: (ctx, s: { id: string; version: number }) => deleteSettlement(ctx.admin, s.id, s.version),
  },
  {
    name: 'deductClaim (onto a draft of closed books)',
    record: async (ctx) => {
      const load = await newLoad(ctx.org, { brokerId: ctx.broker.id, driverId: ctx.driverId })
      await draftSettlement(ctx)
      const claim = await createClaim(
        actorOf(ctx.org, 'dispatcher'),
        ClaimSchema.parse({ loadId: load.id, kind: 'cargo_damage', claimantBrokerId: ctx.broker.id, filedOn: '2026-12-01', amountClaimedCents: 50_000 }),
      )
      return moveClaim(ctx.accountant, claim.id, { status: 'settled', amountPaidCents: 20_000, version: claim.version })
    },
    write: (ctx, claim: { id: string; version: number }) => deductClaim(ctx.accountant, claim.id, { amountCents: 20_000, version: claim.version }),
  },
  // Fuel purchases: by the day bought (besides their IFTA quarter).
  { name: 'createFuelPurchase', record: async () => null, write: (ctx) => createFuelPurchase(ctx.accountant, purchaseInput(ctx, CLOSED)) },
  {
    name: 'updateFuelPurchase',
    record: (ctx) => createFuelPurchase(ctx.accountant, purchaseInput(ctx, CLOSED)),
    write: (ctx, purchase: { id: string; version: number }) =>
      updateFuelPurchase(ctx.accountant, purchase.id, { ...purchaseInput(ctx, CLOSED), vendor: 'Pilot #88', version: purchase.version }),
  },
  {
    name: 'updateFuelPurchase moving it into closed books',
    record: (ctx) => createFuelPurchase(ctx.accountant, purchaseInput(ctx, OPEN)),
    write: (ctx, purchase: { id: string; version: number }) =>
      updateFuelPurchase(ctx.accountant, purchase.id, { ...purchaseInput(ctx, CLOSED), version: purchase.version }),
  },
  {
    name: 'deleteFuelPurchase',
    record: (ctx) => createFuelPurchase(ctx.accountant, purchaseInput(ctx, CLOSED)),
    write: (ctx, purchase: { id: string; version: number }) => deleteFuelPurchase(ctx.accountant, purchase.id, purchase.version),
  },
  // Work orders: by the day completed.
  {
    name: 'completeWorkOrder',
    record: (ctx) => createWorkOrder(ctx.admin, WorkOrderSchema.parse({ truckId: ctx.truck.id, kind: 'repair', description: 'Replace the brake chamber' })),
    write: (ctx, order: { id: string; version: number }) =>
      completeWorkOrder(ctx.admin, order.id, { completedAt: '2026-10-20T15:00:00Z', odometer: 120_000, version: order.version }),
  },
  // Factoring: the advances and fees on the purchase day, a reserve release on its day.
  {
    name: 'purchaseSchedule',
    record: (ctx) => schedule(ctx),
    write: (ctx, made: { id: string; version: number }) => purchaseSchedule(ctx.accountant, made.id, { purchasedAt: '2026-10-20', version: made.version }),
  },
  {
    name: 'releaseReserve',
    record: (ctx) => schedule(ctx, '2026-10-16'),
    write: (ctx, made: { id: string; version: number }) =>
      releaseReserve(ctx.accountant, made.id, { releasedAt: '2026-10-25', amountCents: 100, version: made.version }),
  },
]

describe('a write to a record in closed books', () => {
  it.each(CASES.map((entry) => [entry.name, entry] as const))('%s: 409 period_closed, nothing written; after the reopen it succeeds', async (_name, entry) => {
    const ctx = await booksOrg()
    const organizationId = ctx.org.organization.id
    const record = await entry.record(ctx)
    await closeBooks(ctx.accountant, { closedThrough: THROUGH, version: 0 })
    const before = await fingerprint(organizationId)
    const refused = await refusal(entry.write(ctx, record as never))
    expect([refused.code, refused.status, refused.messageKey, refused.options.params]).toEqual([
      'period_closed',
      409,
      'accountingLock.errors.closed',
      { through: THROUGH },
    ])
    expect(await fingerprint(organizationId)).toEqual(before)
    await reopenBooks(ctx.admin, { closedThrough: null, reason: 'Late correction', version: 1 })
    await expect(entry.write(ctx, record as never)).resolves.toBeDefined()
  })

  it('leaves records after the closed day, and payments of closed invoices paid after it, alone', async () => {
    const ctx = await booksOrg()
    const invoice = await sentInvoice(ctx)
    await closeBooks(ctx.accountant, { closedThrough: THROUGH, version: 0 })
    const paid = await recordPayment(ctx.accountant, invoice.id, PaymentSchema.parse({ amountCents: 25_000, paidAt: OPEN }))
    expect(paid.status).toBe('paid')
    expect((await draftInvoice(ctx, OPEN)).issueDate.toISOString().slice(0, 10)).toBe(OPEN)
    expect((await createFuelPurchase(ctx.accountant, purchaseInput(ctx, '2026-11-01'))).id).toBeTruthy()
  })

  it('refuses the fuel card import’s rows in closed books by row and field, and writes the others', async () => {
    const ctx = await booksOrg()
    await closeBooks(ctx.accountant, { closedThrough: THROUGH, version: 0 })
    const row = (line: number, purchasedAt: string) => ({ row: line, input: purchaseInput(ctx, purchasedAt), cardLast4: '4242', importKey: unique('k') })
    const outcome = await prisma.$transaction((tx) => importFuelPurchases(tx, ctx.accountant, [row(2, CLOSED), row(3, THROUGH), row(4, OPEN)]))
    expect(outcome.refused).toEqual([
      { row: 2, field: 'purchasedAt', message: 'accountingLock.errors.closed', params: { through: THROUGH } },
      { row: 3, field: 'purchasedAt', message: 'accountingLock.errors.closed', params: { through: THROUGH } },
    ])
    expect(outcome.created).toBe(1)
    expect(await prisma.fuelPurchase.count({ where: { organizationId: ctx.org.organization.id } })).toBe(1)
  })
})

describe('closing and reopening the books', () => {
  it('closes forward only, never past today, the office’s; reopens the admin’s with a reason in the audit log; a stale version is 409', async () => {
    const ctx = await booksOrg()
    expect(await readBooksLock(ctx.org.organization.id)).toMatchObject({ closedThrough: null, version: 0 })
    expect((await refusal(closeBooks(actorOf(ctx.org, 'viewer'), { closedThrough: THROUGH, version: 0 }))).code).toBe('forbidden')
    expect((await refusal(closeBooks(actorOf(ctx.org, 'dispatcher'), { closedThrough: THROUGH, version: 0 }))).code).toBe('forbidden')
    expect((await refusal(closeBooks(ctx.accountant, { closedThrough: '2100-01-01', version: 0 }))).fields).toEqual({
      closedThrough: ['accountingLock.errors.future'],
    })
    const closed = await closeBooks(ctx.accountant, { closedThrough: THROUGH, version: 0 })
    expect(closed).toMatchObject({ closedThrough: THROUGH, version: 1, updatedBy: { id: ctx.org.users.accountant.id } })
    expect((await refusal(closeBooks(ctx.accountant, { closedThrough: '2026-11-30', version: 0 }))).code).toBe('conflict')
    const backwards = await refusal(closeBooks(ctx.accountant, { closedThrough: '2026-09-30', version: 1 }))
    expect([backwards.code, backwards.messageKey, backwards.options.params]).toEqual([
      'invalid_transition',
      'accountingLock.errors.notForward',
      { through: THROUGH },
    ])
    expect((await closeBooks(ctx.admin, { closedThrough: '2026-11-30', version: 1 })).closedThrough).toBe('2026-11-30')
    // Reopening: admins only, back only, with a reason.
    expect((await refusal(reopenBooks(ctx.accountant, { closedThrough: null, reason: 'x', version: 2 }))).code).toBe('forbidden')
    expect((await refusal(reopenBooks(ctx.admin, { closedThrough: '2026-12-01', reason: 'x', version: 2 }))).messageKey).toBe('accountingLock.errors.notBack')
    expect(ReopenBooksSchema.safeParse({ closedThrough: '', reason: '  ', version: '2' }).error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'reason',
    ])
    expect(ReopenBooksSchema.safeParse({ closedThrough: null, reason: 'x'.repeat(501), version: 2 }).success).toBe(false)
    expect(CloseBooksSchema.safeParse({ closedThrough: '2026-02-30', version: 0 }).success).toBe(false)
    const reopened = await reopenBooks(ctx.admin, { closedThrough: '2026-09-30', reason: 'Invoice 12 was issued to the wrong broker', version: 2 })
    expect(reopened).toMatchObject({ closedThrough: '2026-09-30', version: 3 })
    await reopenBooks(ctx.admin, { closedThrough: null, reason: 'Year-end review', version: 3 })
    expect((await refusal(reopenBooks(ctx.admin, { closedThrough: null, reason: 'again', version: 4 }))).messageKey).toBe('accountingLock.errors.notClosed')
    const events = await booksLockEvents(ctx.org.organization.id)
    expect(events.map(({ kind, from, to, reason }) => ({ kind, from, to, reason }))).toEqual([
      { kind: 'reopen', from: '2026-09-30', to: null, reason: 'Year-end review' },
      { kind: 'reopen', from: '2026-11-30', to: '2026-09-30', reason: 'Invoice 12 was issued to the wrong broker' },
      { kind: 'close', from: THROUGH, to: '2026-11-30', reason: null },
      { kind: 'close', from: null, to: THROUGH, reason: null },
    ])
  })

  it('answers the API with the forms’ schemas: GET for viewers, PUT for the office, reopen for admins, 409 on a stale version', async () => {
    const ctx = await booksOrg()
    const { users } = ctx.org
    const read = await callApi(lockRoute, { path: '/api/accounting/lock', token: users.viewer.token })
    expect([read.status, read.body.data]).toEqual([200, { closedThrough: null, version: 0, updatedAt: null, updatedBy: null }])
    const put = (token: string, body: unknown) => callApi(lockRoute, { method: 'PUT', path: '/api/accounting/lock', token, body })
    expect((await put(users.viewer.token, { closedThrough: THROUGH, version: 0 })).status).toBe(403)
    const bad = await put(users.accountant.token, { closedThrough: '2026-13-01', version: 0 })
    expect([bad.status, bad.body.error.code, Object.keys(bad.body.error.fields)]).toEqual([400, 'validation_failed', ['closedThrough']])
    const closed = await put(users.accountant.token, { closedThrough: THROUGH, version: 0 })
    expect([closed.status, closed.body.data.closedThrough, closed.body.data.version]).toEqual([200, THROUGH, 1])
    expect((await put(users.accountant.token, { closedThrough: '2026-11-30', version: 0 })).body.error.code).toBe('conflict')
    const reopen = (token: string, body: unknown) => callApi(reopenRoute, { method: 'POST', path: '/api/accounting/lock/reopen', token, body })
    expect((await reopen(users.accountant.token, { closedThrough: null, reason: 'x', version: 1 })).status).toBe(403)
    const noReason = await reopen(users.admin.token, { closedThrough: null, version: 1 })
    expect([noReason.status, Object.keys(noReason.body.error.fields)]).toEqual([400, ['reason']])
    expect((await reopen(users.admin.token, { closedThrough: null, reason: 'x', version: 7 })).status).toBe(409)
    const reopened = await reopen(users.admin.token, { closedThrough: null, reason: 'Correction', version: 1 })
    expect([reopened.status, reopened.body.data.closedThrough, reopened.body.data.version]).toEqual([200, null, 2])
    // A refused write through the API: 409 period_closed with the translated message naming the day.
    await put(users.accountant.token, { closedThrough: THROUGH, version: 2 })
    const invoices = await import('~/routes/api/invoices/collection')
    const created = await callApi(invoices, {
      method: 'POST',
      path: '/api/invoice',
      token: users.accountant.token,
      body: { brokerId: ctx.broker.id, issueDate: CLOSED, items: [{ title: 'Lumper', unitPriceCents: 5_000 }] },
    })
    expect([created.status, created.body.error.code]).toEqual([409, 'period_closed'])
    expect(created.body.error.message).toContain(THROUGH)
  })
})

describe('a write and a close of its day', () => {
  /** Until a statement waits on the organization's books lock (the close behind a write, or a write behind a close). */
  async function untilWaiting(organizationId: string) {
    const key = `accounting-books:${organizationId}`
    for (;;) {
      const [row] = await prisma.$queryRaw<Array<{ waiting: bigint }>>`
        SELECT count(*) AS waiting FROM pg_locks
        WHERE locktype = 'advisory' AND NOT granted AND ((classid::bigint << 32) | objid::bigint) = hashtextextended(${key}, 0)`
      if (row!.waiting > 0n) return
      await new Promise((resolve) => setImmediate(resolve))
    }
  }

  /** A transaction that runs `hold` and then stays open until the returned `finish` is called; `held` settles once `hold` is done. */
  function holding(hold: (tx: Parameters<Parameters<typeof prisma.$transaction>[0]>[0]) => Promise<unknown>) {
    let finish!: () => void
    let reached!: () => void
    const held = new Promise<void>((resolve) => (reached = resolve))
    const done = prisma.$transaction(async (tx) => {
      await hold(tx)
      reached()
      await new Promise<void>((resolve) => (finish = resolve))
    })
    return { held, done, finish: () => finish() }
  }

  it('a close waits for the write under way; a write waits for the close under way and is then refused', async () => {
    const ctx = await booksOrg()
    const organizationId = ctx.org.organization.id
    // A write holds the books shared: the close waits for it, then closes.
    const write = holding(async (tx) => {
      await assertBooksOpen(tx, organizationId, [CLOSED])
      await tx.fuelPurchase.create({
        data: { organizationId, truckId: ctx.truck.id, purchasedAt: new Date(CLOSED), jurisdiction: 'TX', gallonsMilli: 1_000, totalCents: 400 },
      })
    })
    await write.held
    let written = false
    void write.done.then(() => (written = true))
    let closedAt: 'before' | 'after' | null = null
    const closing = closeBooks(ctx.accountant, { closedThrough: THROUGH, version: 0 }).then(() => (closedAt = written ? 'after' : 'before'))
    await untilWaiting(organizationId)
    expect(closedAt).toBeNull()
    write.finish()
    await Promise.all([write.done, closing])
    expect(closedAt).toBe('after')

    // A close holds the books: the write waits, then sees them closed.
    const close = holding(async (tx) => {
      await lockPeriodExclusive(tx, `accounting-books:${organizationId}`)
      await tx.accountingLock.update({ where: { organizationId }, data: { closedThrough: new Date('2026-11-30'), version: { increment: 1 } } })
    })
    await close.held
    const refused = createFuelPurchase(ctx.accountant, purchaseInput(ctx, '2026-11-20')).then(
      () => null,
      (error: unknown) => error,
    )
    await untilWaiting(organizationId)
    close.finish()
    await close.done
    const error = await refused
    expect(error).toBeInstanceOf(DomainError)
    expect((error as DomainError).options.params).toEqual({ through: '2026-11-30' })
    expect(await prisma.fuelPurchase.count({ where: { organizationId } })).toBe(1)
  })

  it('never lets a raced write land in books closed before it: it is refused, or it committed first', async () => {
    for (let round = 0; round < 5; round++) {
      const ctx = await booksOrg()
      const [created, closed] = await Promise.allSettled([
        createInvoice(ctx.accountant, invoiceInput(ctx, CLOSED)),
        closeBooks(ctx.accountant, { closedThrough: THROUGH, version: 0 }),
      ])
      expect(closed.status).toBe('fulfilled')
      const stored = await prisma.invoice.findMany({ where: { organizationId: ctx.org.organization.id }, select: { createdAt: true } })
      if (created.status === 'rejected') {
        expect((created.reason as DomainError).code).toBe('period_closed')
        expect(stored).toHaveLength(0)
      } else {
        const lock = await prisma.accountingLock.findUniqueOrThrow({ where: { organizationId: ctx.org.organization.id } })
        expect(stored[0]!.createdAt.getTime()).toBeLessThanOrEqual(lock.updatedAt.getTime())
      }
    }
  })
})

export type { Org }
