/**
 * The books' lock (ADR 146): what the lock page's forms and `PUT /api/accounting/lock`, `POST
 * /api/accounting/lock/reopen` take. `version` is the lock's as read (0 before the first close).
 */
import { z } from 'zod'

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

/** The lock as the page and the API read it. */
export type BooksLockRecord = { closedThrough: string | null; version: number; updatedAt: string | null; updatedBy: { id: string; name: string } | null }
