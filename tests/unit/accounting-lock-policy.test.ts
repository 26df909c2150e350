import { describe, expect, it } from 'vitest'

import { booksClosedRefusal, closeBooksRefusal, reopenBooksRefusal } from '~/policies/accounting'
import { CloseBooksSchema, ReopenBooksSchema } from '~/schemas/accounting-lock'

// The books closed through a day (ADR 146): the rules as plain functions on days.
describe('books closed through a day', () => {
  const closed = { code: 'period_closed', key: 'accountingLock.errors.closed' }

  it('refuses a day on or before the closed day, never one after it, and nothing while the books are open', () => {
    expect(booksClosedRefusal('2026-10-31', '2026-10-31')).toEqual(closed)
    expect(booksClosedRefusal('2025-01-01', '2026-10-31')).toEqual(closed)
    expect(booksClosedRefusal('2026-11-01', '2026-10-31')).toBeNull()
    expect(booksClosedRefusal('2026-10-31', null)).toBeNull()
  })

  it('closes only forward', () => {
    expect(closeBooksRefusal(null, '2026-10-31')).toBeNull()
    expect(closeBooksRefusal('2026-10-31', '2026-11-30')).toBeNull()
    expect(closeBooksRefusal('2026-10-31', '2026-10-31')).toEqual({ code: 'invalid_transition', key: 'accountingLock.errors.notForward' })
    expect(closeBooksRefusal('2026-10-31', '2026-09-30')?.key).toBe('accountingLock.errors.notForward')
  })

  it('reopens only closed books, back to an earlier day or to open', () => {
    expect(reopenBooksRefusal(null, null)).toEqual({ code: 'invalid_transition', key: 'accountingLock.errors.notClosed' })
    expect(reopenBooksRefusal('2026-10-31', null)).toBeNull()
    expect(reopenBooksRefusal('2026-10-31', '2026-09-30')).toBeNull()
    expect(reopenBooksRefusal('2026-10-31', '2026-10-31')?.key).toBe('accountingLock.errors.notBack')
    expect(reopenBooksRefusal('2026-10-31', '2026-11-30')?.key).toBe('accountingLock.errors.notBack')
  })

  it('reads the forms and the API alike: a day, a version, a reason of 1 to 500 characters; an empty day reopens all', () => {
    expect(CloseBooksSchema.parse({ closedThrough: '2026-10-31', version: '0' })).toEqual({ closedThrough: '2026-10-31', version: 0 })
    expect(CloseBooksSchema.safeParse({ closedThrough: '', version: 0 }).success).toBe(false)
    expect(CloseBooksSchema.safeParse({ closedThrough: '2026-10-31' }).success).toBe(false)
    expect(ReopenBooksSchema.parse({ closedThrough: '', reason: ' Wrong broker ', version: '3' })).toEqual({
      closedThrough: null,
      reason: 'Wrong broker',
      version: 3,
    })
    expect(ReopenBooksSchema.parse({ reason: 'x', version: 3 }).closedThrough).toBeNull()
    expect(ReopenBooksSchema.safeParse({ closedThrough: null, reason: '', version: 3 }).success).toBe(false)
    expect(ReopenBooksSchema.safeParse({ closedThrough: null, reason: 'x'.repeat(501), version: 3 }).success).toBe(false)
  })
})
