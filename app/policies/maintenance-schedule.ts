/**
 * When a preventive maintenance task is due next (ADR 133): `everyDays` after the day it was last
 * done, `everyMiles` after the odometer it was last done at, whichever comes first. Zod-free and
 * pure: the model, the API, the pages, the calendar and the dashboard card ask it the same question.
 *
 * - **Overdue**: the due day is past (before today), or the unit has gone past the due odometer.
 * - **Due soon**: within the window before either: 10% of the interval, at most
 *   DUE_SOON_MAX_DAYS days or DUE_SOON_MAX_MILES miles (a 90-day check is due soon 9 days ahead, a
 *   yearly one 14; a 25,000-mile oil change 500 miles ahead, a 3,000-mile one 300). Due on the day,
 *   or at exactly the odometer, is due soon, not yet overdue (as an annual inspection due on the
 *   pickup day: ADR 131).
 * - **The unit's odometer** is its latest reading from any record, and at least the reading the
 *   task was last done at (no reading since is "no miles since").
 */
import type { ScheduleStatus } from '~/schemas/maintenance-schedule-options'

export const DUE_SOON_MAX_DAYS = 14
export const DUE_SOON_MAX_MILES = 500
/** The window is this share of the interval (then capped above). */
const DUE_SOON_SHARE = 0.1

export type ScheduleInterval = {
  everyMiles: number | null
  everyDays: number | null
  /** `YYYY-MM-DD`. */
  lastDoneAt: string
  lastDoneOdometer: number | null
}

export type ScheduleDue = {
  /** `YYYY-MM-DD`, or null for a schedule by miles only. */
  nextDueAt: string | null
  /** Or null for a schedule by days only. */
  nextDueOdometer: number | null
  status: ScheduleStatus
  /** Days until the due day (negative: days late), or null. */
  daysLeft: number | null
  /** Miles until the due odometer (negative: miles past it), or null. */
  milesLeft: number | null
}

const DAY_MS = 86_400_000

/** `YYYY-MM-DD` plus days, as calendar dates. */
export function addDays(day: string, days: number) {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)
}

function daysBetween(from: string, to: string) {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS)
}

/** How far ahead of the due day or odometer a task is "due soon". */
export function dueSoonWindow(interval: number, cap: number) {
  return Math.min(cap, Math.ceil(interval * DUE_SOON_SHARE))
}

function statusOf(left: number | null, window: number): ScheduleStatus {
  if (left === null) return 'ok'
  if (left < 0) return 'overdue'
  return left <= window ? 'due_soon' : 'ok'
}

const RANK: Record<ScheduleStatus, number> = { ok: 0, due_soon: 1, overdue: 2 }

/**
 * The schedule's next due day and odometer and its status on `today` (`YYYY-MM-DD`, the
 * organization's day) with the unit's `odometer` (its latest known reading, or null).
 */
export function scheduleDue(schedule: ScheduleInterval, today: string, odometer: number | null): ScheduleDue {
  const nextDueAt = schedule.everyDays !== null ? addDays(schedule.lastDoneAt, schedule.everyDays) : null
  const nextDueOdometer = schedule.everyMiles !== null && schedule.lastDoneOdometer !== null ? schedule.lastDoneOdometer + schedule.everyMiles : null
  const daysLeft = nextDueAt !== null ? daysBetween(today, nextDueAt) : null
  const current = Math.max(odometer ?? 0, schedule.lastDoneOdometer ?? 0)
  const milesLeft = nextDueOdometer !== null ? nextDueOdometer - current : null
  const byDays = statusOf(daysLeft, schedule.everyDays !== null ? dueSoonWindow(schedule.everyDays, DUE_SOON_MAX_DAYS) : 0)
  const byMiles = statusOf(milesLeft, schedule.everyMiles !== null ? dueSoonWindow(schedule.everyMiles, DUE_SOON_MAX_MILES) : 0)
  return { nextDueAt, nextDueOdometer, status: RANK[byMiles] > RANK[byDays] ? byMiles : byDays, daysLeft, milesLeft }
}
