/**
 * `compliance_reminders`: every hour (COMPLIANCE_REMINDER_SCHEDULE, a cron pattern in UTC; `off`
 * for none), the driver qualification items whose reminder day has come on their organization's
 * calendar are claimed and each gets one `compliance_reminder_email` to the admins (ADR 140).
 * Hourly, so an organization's day starts within the hour wherever it is.
 */
import { z } from 'zod'

import { defineTask } from '../operations/jobs.server'

const Scheduled = z.object({ _cron: z.object({ ts: z.string() }).optional() })
const ForItem = z.object({ qualificationId: z.string().min(1).max(64) })

export const COMPLIANCE_REMINDER_SCHEDULE_DEFAULT = '20 * * * *'

const work = () => import('../compliance/compliance-reminders.server')

export const complianceRemindersTask = defineTask('compliance_reminders', {
  parse: (payload) => Scheduled.parse(payload),
  maxAttempts: 2,
  schedule: () => {
    const schedule = (process.env.COMPLIANCE_REMINDER_SCHEDULE ?? COMPLIANCE_REMINDER_SCHEDULE_DEFAULT).trim()
    return schedule === 'off' ? null : schedule
  },
  run: async () => {
    await (await work()).queueComplianceReminders()
  },
})

export const complianceReminderEmail = defineTask('compliance_reminder_email', {
  parse: (payload) => ForItem.parse(payload),
  run: async (payload) => (await work()).sendComplianceReminder(payload),
})
