/**
 * A filed quarter is closed (ADR 122): a write to a fuel purchase or trip dated in it is refused
 * with 409 `period_closed`. Every such write takes its quarters' advisory lock shared and reads
 * whether they are filed; filing takes the same lock exclusively. So a write and the filing of
 * its quarter never both succeed: the one that comes second sees the first.
 */
import { dayStringsOf, lockPeriodExclusive, lockPeriodShared } from '~/models/records/period-lock.server'
import { throwRefusal } from '~/models/records/records.server'
import { periodClosedRefusal, quarterOf } from '~/policies/ifta'
import type { Tx } from '~/utils/db.server'

const lockKey = (organizationId: string, quarter: string) => `ifta-quarter:${organizationId}:${quarter}`

/** Filing and reopening: the quarter's lock, exclusively, until the transaction ends. */
export async function lockQuarterExclusive(tx: Tx, organizationId: string, quarter: string) {
  await lockPeriodExclusive(tx, lockKey(organizationId, quarter))
}

/**
 * The filed quarters among those of `days` (`YYYY-MM-DD` or a date-only column), for a write that
 * refuses the days in them. The quarters' locks are taken shared, in order, before the read.
 */
export async function filedQuarters(tx: Tx, organizationId: string, days: ReadonlyArray<string | Date | null | undefined>): Promise<ReadonlySet<string>> {
  const quarters = [...new Set(dayStringsOf(days).map(quarterOf))].sort()
  if (quarters.length === 0) return new Set()
  for (const quarter of quarters) await lockPeriodShared(tx, lockKey(organizationId, quarter))
  const filed = await tx.iftaQuarter.findMany({ where: { organizationId, quarter: { in: quarters }, filedAt: { not: null } }, select: { quarter: true } })
  return new Set(filed.map((row) => row.quarter))
}

/** Refuses the write when any of its days is in a filed quarter. */
export async function assertQuartersOpen(tx: Tx, organizationId: string, days: ReadonlyArray<string | Date | null | undefined>) {
  const closed = await filedQuarters(tx, organizationId, days)
  for (const day of dayStringsOf(days)) throwRefusal(periodClosedRefusal(day, closed), { quarter: quarterOf(day) })
}
