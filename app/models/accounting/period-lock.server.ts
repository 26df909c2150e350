/**
 * The books closed through a day (ADR 146): every write to a record the accounting export takes
 * (invoices, payments received, settlements, fuel purchases, work orders, factoring) calls
 * `assertBooksOpen` with the record's day before and after the write, in its transaction. It takes
 * the organization's books lock shared and reads the closed day; closing and reopening take the
 * same lock exclusively (the IFTA quarter's design, app/models/records/period-lock.server.ts). So a
 * write and the close of its period never both succeed: the one that comes second sees the first.
 */
import { type Actor, recordAudit } from '~/models/audit/audit.server'
import { organizationToday } from '~/models/organization/organization.server'
import { dayStringsOf, lockPeriodExclusive, lockPeriodShared } from '~/models/records/period-lock.server'
import { assertActorMay, assertVersion, isoDate, throwRefusal, toDateOnly } from '~/models/records/records.server'
import { booksClosedRefusal, closeBooksRefusal, reopenBooksRefusal } from '~/policies/accounting'
import type { BooksLockRecord, CloseBooksInput, ReopenBooksInput } from '~/schemas/accounting-lock'
import { prisma, type Tx } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'

/** The audit log's entity for closes and reopens (its entityId is the organization's). */
export const BOOKS_AUDIT_ENTITY = 'accountingLock'

const lockKey = (organizationId: string) => `accounting-books:${organizationId}`

/** The day the organization's books are closed through, or null (no lock taken: for pages and reads). */
export async function booksClosedThrough(organizationId: string, db: Tx | typeof prisma = prisma): Promise<string | null> {
  const row = await db.accountingLock.findUnique({ where: { organizationId }, select: { closedThrough: true } })
  return isoDate(row?.closedThrough ?? null)
}

/**
 * The closed day for a write that refuses the days on or before it: the books lock taken shared
 * (until the transaction ends) before the read. Null when the books are open or no day is given.
 */
export async function lockedClosedThrough(tx: Tx, organizationId: string, days: ReadonlyArray<string | Date | null | undefined>) {
  if (dayStringsOf(days).length === 0) return null
  await lockPeriodShared(tx, lockKey(organizationId))
  return booksClosedThrough(organizationId, tx)
}

/**
 * Refuses the write (409 period_closed, the message naming the closed day) when any of `days`
 * (`YYYY-MM-DD` or a date-only column; missing ones skipped) is on or before the books' closed day.
 * Give both the record's day before the write and after it: moving a record out of a closed
 * period, or into one, is refused like changing it.
 */
export async function assertBooksOpen(tx: Tx, organizationId: string, days: ReadonlyArray<string | Date | null | undefined>) {
  const closedThrough = await lockedClosedThrough(tx, organizationId, days)
  for (const day of dayStringsOf(days)) throwRefusal(booksClosedRefusal(day, closedThrough), { through: closedThrough })
}

/** The lock as the page and the API show it: the day, the version to send back, who moved it last. */
export async function readBooksLock(organizationId: string): Promise<BooksLockRecord> {
  const row = await prisma.accountingLock.findUnique({
    where: { organizationId },
    include: { updatedBy: { select: { id: true, firstName: true, lastName: true } } },
  })
  return {
    closedThrough: isoDate(row?.closedThrough ?? null),
    version: row?.version ?? 0,
    updatedAt: row?.updatedAt.toISOString() ?? null,
    updatedBy: row?.updatedBy ? { id: row.updatedBy.id, name: `${row.updatedBy.firstName} ${row.updatedBy.lastName}`.trim() } : null,
  }
}

/** The lock's row under the exclusive books lock, at the version the client read (0: no row yet). */
async function lockBooks(tx: Tx, organizationId: string, version: number) {
  await lockPeriodExclusive(tx, lockKey(organizationId))
  const row = await tx.accountingLock.findUnique({ where: { organizationId } })
  assertVersion({ version: row?.version ?? 0 }, version)
  return { closedThrough: isoDate(row?.closedThrough ?? null), version: row?.version ?? 0 }
}

async function writeBooks(tx: Tx, actor: Actor, before: { version: number }, closedThrough: string | null) {
  const day = closedThrough ? toDateOnly(closedThrough)! : null
  await tx.accountingLock.upsert({
    where: { organizationId: actor.organizationId },
    create: { organizationId: actor.organizationId, closedThrough: day, version: before.version + 1, updatedById: actor.userId },
    update: { closedThrough: day, version: { increment: 1 }, updatedById: actor.userId },
  })
}

/**
 * Closes the books through `closedThrough` (admins and accountants): only forward (409
 * invalid_transition otherwise), never past today in the organization's zone (400). Waits for the
 * writes under way; the ones after it see the books closed.
 */
export async function closeBooks(actor: Actor, input: CloseBooksInput, now = new Date()) {
  assertActorMay(actor, 'update', 'accounting')
  const { organizationId } = actor
  await prisma.$transaction(async (tx) => {
    if (input.closedThrough > (await organizationToday(organizationId, tx, now)))
      throw new DomainError('validation_failed', 'validation.failed', { fields: { closedThrough: ['accountingLock.errors.future'] } })
    const before = await lockBooks(tx, organizationId, input.version)
    throwRefusal(closeBooksRefusal(before.closedThrough, input.closedThrough), { through: before.closedThrough })
    await writeBooks(tx, actor, before, input.closedThrough)
    await recordAudit(tx, actor, {
      entity: BOOKS_AUDIT_ENTITY,
      entityId: organizationId,
      action: 'status',
      before: { closedThrough: before.closedThrough },
      after: { closedThrough: input.closedThrough },
    })
  })
  return readBooksLock(organizationId)
}

/** Reopens the books after `closedThrough` (null: all of them). Admins only; the reason is kept in the audit log. */
export async function reopenBooks(actor: Actor, input: ReopenBooksInput) {
  assertActorMay(actor, 'delete', 'accounting')
  const { organizationId } = actor
  await prisma.$transaction(async (tx) => {
    const before = await lockBooks(tx, organizationId, input.version)
    throwRefusal(reopenBooksRefusal(before.closedThrough, input.closedThrough), { through: before.closedThrough })
    await writeBooks(tx, actor, before, input.closedThrough)
    await recordAudit(tx, actor, {
      entity: BOOKS_AUDIT_ENTITY,
      entityId: organizationId,
      action: 'status',
      before: { closedThrough: before.closedThrough },
      after: { closedThrough: input.closedThrough, reason: input.reason },
    })
  })
  return readBooksLock(organizationId)
}

export type BooksLockEvent = {
  id: string
  at: string
  user: string | null
  kind: 'close' | 'reopen'
  from: string | null
  to: string | null
  reason: string | null
}

/** The latest closes and reopens, newest first, from the audit log. */
export async function booksLockEvents(organizationId: string, take = 10): Promise<BooksLockEvent[]> {
  const rows = await prisma.auditEvent.findMany({
    where: { organizationId, entity: BOOKS_AUDIT_ENTITY },
    orderBy: [{ at: 'desc' }, { id: 'desc' }],
    take,
    include: { user: { select: { firstName: true, lastName: true } } },
  })
  return rows.map((row) => {
    const changes = (row.changes ?? {}) as Record<string, { before?: unknown; after?: unknown }>
    const text = (value: unknown) => (typeof value === 'string' ? value : null)
    const reason = text(changes.reason?.after)
    return {
      id: row.id,
      at: row.at.toISOString(),
      user: row.user ? `${row.user.firstName} ${row.user.lastName}`.trim() : null,
      kind: reason === null ? 'close' : 'reopen',
      from: text(changes.closedThrough?.before),
      to: text(changes.closedThrough?.after),
      reason,
    }
  })
}
