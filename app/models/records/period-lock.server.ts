/**
 * The advisory locks behind a closed period, shared by the IFTA quarter (ADR 122) and the
 * accounting books (ADR 146). A write to records dated in a period takes the period's lock shared
 * before it reads whether the period is closed; closing or reopening takes it exclusively. So a
 * write and the close of its period never both succeed: the one that comes second sees the first.
 * Transaction-scoped: released when the transaction ends.
 */
import { isoDate } from '~/models/records/records.server'
import type { Tx } from '~/utils/db.server'

/** Closing and reopening: the period's lock, exclusively, until the transaction ends. */
export async function lockPeriodExclusive(tx: Tx, key: string) {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`
}

/** A write to a record dated in the period: the lock shared (writes never wait for each other), until the transaction ends. */
export async function lockPeriodShared(tx: Tx, key: string) {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock_shared(hashtextextended(${key}, 0))`
}

/** The days given as `YYYY-MM-DD` (a date-only column or a day string), the missing ones left out. */
export const dayStringsOf = (days: ReadonlyArray<string | Date | null | undefined>) =>
  days.flatMap((day) => (day ? [day instanceof Date ? isoDate(day)! : day] : []))
