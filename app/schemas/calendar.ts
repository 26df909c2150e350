import { z } from 'zod'

import { EVENT_COLOURS } from './calendar-options'
import { dateOnly, optionalText, requiredText, withVersion } from './fields'
import { text } from './text'

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/
const time = () =>
  text({ error: 'validation.time' })
    .trim()
    .refine((value) => TIME.test(value), 'validation.time')
    .optional()

/**
 * A user event as the form sends it: a start day and optional time, an end day and optional time
 * (empty: the start day), no times for an all-day event. Times are the organization's clock.
 */
export const CalendarEventFields = z.object({
  title: requiredText(120),
  notes: optionalText(1000),
  startDate: dateOnly(),
  startTime: time(),
  endDate: dateOnly().optional(),
  endTime: time(),
  colour: z.enum(EVENT_COLOURS, { error: 'validation.choice' }).default('blue'),
})

type Shape = z.infer<typeof CalendarEventFields>

export function eventRules(event: Shape, ctx: z.RefinementCtx) {
  if (Boolean(event.startTime) !== Boolean(event.endTime) && event.endTime)
    ctx.addIssue({ code: 'custom', message: 'calendar.errors.startTimeFirst', path: ['startTime'] })
  const start = `${event.startDate}T${event.startTime ?? '00:00'}`
  const end = `${event.endDate ?? event.startDate}T${event.endTime ?? event.startTime ?? '00:00'}`
  if (end < start) ctx.addIssue({ code: 'custom', message: 'calendar.errors.endBeforeStart', path: [event.endTime ? 'endTime' : 'endDate'] })
}

export const CalendarEventSchema = CalendarEventFields.superRefine(eventRules)
export type CalendarEventInput = z.infer<typeof CalendarEventSchema>
export const CalendarEventUpdateSchema = withVersion(CalendarEventFields).superRefine(eventRules)
export type CalendarEventUpdate = z.infer<typeof CalendarEventUpdateSchema>
