import { z } from 'zod'

import { apiRecordSchema, day } from './api-record'
import { dateOnly, idText, integer, optionalText, requiredText, withVersion } from './fields'
import { odometer } from './fuel-purchase'
import { enumFilter, idFilter, listQuery } from './list-query'
import { MAX_EVERY_DAYS, MAX_EVERY_MILES, SCHEDULE_SORTS, SCHEDULE_STATUSES, SCHEDULE_TASK_MAX } from './maintenance-schedule-options'

const ScheduleFields = z.object({
  truckId: idText().optional(),
  trailerId: idText().optional(),
  task: requiredText(SCHEDULE_TASK_MAX),
  everyMiles: integer(1, MAX_EVERY_MILES).optional(),
  everyDays: integer(1, MAX_EVERY_DAYS).optional(),
  lastDoneAt: dateOnly(),
  lastDoneOdometer: odometer().optional(),
  notes: optionalText(2000),
})

type ScheduleShape = z.infer<typeof ScheduleFields>

/**
 * The rules between fields (the migration's CHECKs, said first here so a form gets them at the
 * field): one unit, an interval, the odometer a mileage schedule counts from, miles on trucks only.
 */
function scheduleRules(value: ScheduleShape, ctx: z.RefinementCtx) {
  if (Boolean(value.truckId) === Boolean(value.trailerId)) ctx.addIssue({ code: 'custom', path: ['truckId'], message: 'schedules.errors.oneUnit' })
  if (value.everyMiles === undefined && value.everyDays === undefined)
    ctx.addIssue({ code: 'custom', path: ['everyDays'], message: 'schedules.errors.interval' })
  if (value.everyMiles !== undefined && value.trailerId) ctx.addIssue({ code: 'custom', path: ['everyMiles'], message: 'schedules.errors.trailerMiles' })
  else if (value.everyMiles !== undefined && value.lastDoneOdometer === undefined)
    ctx.addIssue({ code: 'custom', path: ['lastDoneOdometer'], message: 'schedules.errors.odometerNeeded' })
}

/** One schema for the editor (Conform) and the API (POST). Messages are i18n keys. */
export const MaintenanceScheduleSchema = ScheduleFields.superRefine(scheduleRules)
export type MaintenanceScheduleInput = z.infer<typeof MaintenanceScheduleSchema>

/** The editor on an existing schedule and PUT: the whole schedule plus the version it was read at. */
export const MaintenanceScheduleUpdateSchema = withVersion(ScheduleFields).superRefine(scheduleRules)

/** The list's query: a unit (truck or trailer) and a status; bad values fall back. */
export const MaintenanceScheduleListQuerySchema = listQuery({
  sorts: SCHEDULE_SORTS,
  defaultSort: 'task',
  filters: {
    truckId: idFilter(),
    trailerId: idFilter(),
    status: enumFilter(SCHEDULE_STATUSES),
  },
})
export type MaintenanceScheduleListQuery = z.infer<typeof MaintenanceScheduleListQuerySchema>

const unitRef = () => z.object({ id: z.string(), unitNumber: z.string() })

/** A schedule as the API answers it (serializeSchedule): the OpenAPI's `MaintenanceSchedule`. */
export const MaintenanceScheduleRecordSchema = apiRecordSchema({
  truckId: z.string().nullable(),
  trailerId: z.string().nullable(),
  truck: unitRef().nullable(),
  trailer: unitRef().nullable(),
  task: z.string(),
  everyMiles: z.number().int().nullable(),
  everyDays: z.number().int().nullable(),
  lastDoneAt: day(),
  lastDoneOdometer: z.number().int().nullable(),
  notes: z.string().nullable(),
  nextDueAt: day().nullable().describe('lastDoneAt + everyDays, or null for a schedule by miles only.'),
  nextDueOdometer: z.number().int().nullable().describe('lastDoneOdometer + everyMiles, or null for a schedule by days only.'),
  odometer: z.number().int().nullable().describe('The unit’s latest known odometer (any record), or null.'),
  status: z
    .enum(SCHEDULE_STATUSES)
    .describe('On the organization’s today: overdue past the due day or odometer; due_soon within 10% of the interval (at most 14 days or 500 miles).'),
})
export type MaintenanceScheduleRecord = z.infer<typeof MaintenanceScheduleRecordSchema>

/** The due list's query: one unit, or all. */
export const DueQuerySchema = z.object({ truckId: idFilter(), trailerId: idFilter() })
