/**
 * The books' lock (ADR 146): what the lock page's forms and `PUT /api/accounting/lock`, `POST
 * /api/accounting/lock/reopen` take. `version` is the lock's as read (0 before the first close).
 */
import { z } from 'zod'

import { day, instant } from './api-record'
import { dateOnly, requiredText, withVersion } from './fields'

/** Close the books through a day: every record dated on or before it is kept as it is. */
export const CloseBooksSchema = withVersion(z.object({ closedThrough: dateOnly() }))
export type CloseBooksInput = z.infer<typeof CloseBooksSchema>

/** An admin opens the books again after a day (empty or null: all of them), with the reason kept in the audit log. */
export const ReopenBooksSchema = withVersion(
  z.object({
    closedThrough: z.preprocess((value) => (value === '' || value === undefined ? null : value), dateOnly().nullable()),
    reason: requiredText(500),
  }),
)
export type ReopenBooksInput = z.infer<typeof ReopenBooksSchema>

/** The lock as the page and the API read it (the OpenAPI's `BooksLock`). */
export const BooksLockRecordSchema = z.object({
  closedThrough: day().nullable().meta({ description: 'Records dated on or before this day are closed; null: the books are open.' }),
  version: z.number().int().min(0).meta({ description: 'Send it back with PUT or reopen (0 before the first close): a stale one answers 409 conflict.' }),
  updatedAt: instant().nullable(),
  updatedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
})
export type BooksLockRecord = z.infer<typeof BooksLockRecordSchema>
