/**
 * The driver qualification file's rules (49 CFR 391.51; ADR 139). Zod-free and pure: the model,
 * the API, the user's page, the compliance dashboard, the calendar, the reminders and the dispatch
 * ask it the same questions.
 *
 * - **How long an item holds**, by kind: the motor vehicle record's review, the annual review and
 *   the Clearinghouse query hold 12 months from the day they were done (391.25, 382.701), or until
 *   an earlier expiry the office typed; the medical certificate and the license hold until the date
 *   on them (an expiry is required); the application, the road test and the pre-employment drug
 *   test are done once and never expire. "Other" holds until its expiry, if it has one.
 * - **A kind's status on a day**: of the driver's accepted items of that kind, the one that holds
 *   longest decides: `missing` without one, `expired` when it ended before the day, `expiring` when
 *   it ends within EXPIRING_DAYS of it (the day it ends included), else `ok`.
 * - **Dispatch**: a driver with a kind the organization requires expired or missing on the load's
 *   day is out of service (409 `out_of_service`), like a truck with an open defect.
 */
import { type ComplianceStatus, expiryRequired, KIND_VALIDITY, type QualificationKind } from '~/schemas/qualification-options'

import { addDays } from './maintenance-schedule'
import type { PolicyRefusal } from './refusal'

/** An item ending within this many days is "expiring". */
export const EXPIRING_DAYS = 30

export { expiryRequired, KIND_VALIDITY }

/** `YYYY-MM-DD` plus whole months; the 31st of a month into a shorter one is its last day. */
export function addMonths(day: string, months: number) {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  const first = new Date(Date.UTC(year, month - 1 + months, 1))
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate()
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(date, last))).toISOString().slice(0, 10)
}

export type QualificationItem = {
  kind: QualificationKind
  /** `YYYY-MM-DD`. */
  completedAt: string
  /** `YYYY-MM-DD`, or null. */
  expiresAt: string | null
}

/**
 * The last day the item holds (`YYYY-MM-DD`), or null when it never expires. A yearly item's year
 * ends the day before its anniversary (an MVR reviewed on 2026-03-15 holds through 2027-03-14),
 * or earlier if the office typed an earlier expiry.
 */
export function itemValidThrough(item: QualificationItem): string | null {
  switch (KIND_VALIDITY[item.kind]) {
    case 'once':
      return null
    case 'yearly': {
      const year = addDays(addMonths(item.completedAt, 12), -1)
      return item.expiresAt !== null && item.expiresAt < year ? item.expiresAt : year
    }
    case 'dated':
    case 'optional':
      return item.expiresAt
  }
}

export type KindCompliance = {
  status: ComplianceStatus
  /** The last day the deciding item holds, or null (never expires, or missing). */
  validThrough: string | null
}

/** The status of one kind for one driver on `day`, from that driver's accepted items of the kind. */
export function kindCompliance(items: readonly QualificationItem[], day: string): KindCompliance {
  if (!items.length) return { status: 'missing', validThrough: null }
  const ends = items.map(itemValidThrough)
  if (ends.includes(null)) return { status: 'ok', validThrough: null }
  const validThrough = (ends as string[]).reduce((latest, end) => (end > latest ? end : latest))
  if (validThrough < day) return { status: 'expired', validThrough }
  return { status: validThrough <= addDays(day, EXPIRING_DAYS) ? 'expiring' : 'ok', validThrough }
}

/**
 * Why a driver may not be dispatched on `day` for the file (the first required kind expired or
 * missing, in the order the kinds are required), with its kind; or null.
 */
export function driverQualificationRefusal(
  items: readonly QualificationItem[],
  requiredKinds: readonly QualificationKind[],
  day: string,
): (PolicyRefusal & { kind: QualificationKind; status: 'expired' | 'missing' }) | null {
  for (const kind of requiredKinds) {
    const { status } = kindCompliance(
      items.filter((item) => item.kind === kind),
      day,
    )
    if (status === 'expired' || status === 'missing') return { code: 'out_of_service', key: `compliance.errors.driver.${status}`, kind, status }
  }
  return null
}

/**
 * The day an expiry reminder is due for an item: `reminderDays` before the last day it holds; null
 * when it never expires or reminders are off.
 */
export function reminderDay(item: QualificationItem, reminderDays: number): string | null {
  const end = itemValidThrough(item)
  return end === null || reminderDays <= 0 ? null : addDays(end, -reminderDays)
}
