/** Maintenance schedule choices shared by pages, schemas and the model (ADR 133). No zod here. */
import type { Tone } from './tone'

/** What app/policies/maintenance-schedule.ts says of a schedule on a day. */
export const SCHEDULE_STATUSES = ['ok', 'due_soon', 'overdue'] as const
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number]

/** How each status looks: its badge tone. */
export const SCHEDULE_STATUS_TONE = { ok: 'success', due_soon: 'warning', overdue: 'error' } as const satisfies Record<ScheduleStatus, Tone>

/** The longest task name ("Oil and filter change, front axle seals"). */
export const SCHEDULE_TASK_MAX = 100
/** A task every 10 years at most, every million miles at most: more is a typing mistake. */
export const MAX_EVERY_DAYS = 3_650
export const MAX_EVERY_MILES = 1_000_000

export const SCHEDULE_SORTS = ['task', 'lastDoneAt', 'everyDays', 'everyMiles', 'createdAt', 'updatedAt'] as const

/** What the pages' strings name a schedule by: its task and its unit's number. */
export function scheduleName(schedule: { task: string; truck: { unitNumber: string } | null; trailer: { unitNumber: string } | null }) {
  return { task: schedule.task, unit: (schedule.truck ?? schedule.trailer)?.unitNumber ?? '' }
}
