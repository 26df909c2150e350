/**
 * The books' lock (ADR 146, docs/domain.md "Books closed through a day"): an organization's books
 * are closed through a day, and every record the accounting export takes that is dated on or
 * before it is kept as exported. Plain functions on `YYYY-MM-DD` days; no zod, nothing server-only.
 */
import type { PolicyRefusal } from './refusal'

/**
 * Why a record dated on `day` may not be written (created, changed, moved into or out of the
 * period, deleted), or null: the books are closed through a day on or after it.
 */
export function booksClosedRefusal(day: string, closedThrough: string | null): PolicyRefusal | null {
  return closedThrough !== null && day <= closedThrough ? { code: 'period_closed', key: 'accountingLock.errors.closed' } : null
}

/** Closing only moves the day forward: one on or before the current closed day is refused. */
export function closeBooksRefusal(closedThrough: string | null, through: string): PolicyRefusal | null {
  return closedThrough !== null && through <= closedThrough ? { code: 'invalid_transition', key: 'accountingLock.errors.notForward' } : null
}

/** Reopening moves the day back (`through` before it, or null: all open); books that are not closed have nothing to reopen. */
export function reopenBooksRefusal(closedThrough: string | null, through: string | null): PolicyRefusal | null {
  if (closedThrough === null) return { code: 'invalid_transition', key: 'accountingLock.errors.notClosed' }
  return through !== null && through >= closedThrough ? { code: 'invalid_transition', key: 'accountingLock.errors.notBack' } : null
}
