/**
 * `factoring_email`: a schedule of accounts sent to the factor, queued by "Send to factor"
 * (app/models/factoring/factoring.server.ts) under the key `factoring_email:<id>`, so sending again while one
 * waits is still one email. The work (the schedule's PDF and CSV, every invoice's packet, the mail,
 * the outcome on the schedule) is app/models/factoring/factoring-email.server.ts, loaded when a job runs.
 */
import { z } from 'zod'

import { defineTask } from '../operations/jobs.server'

const Payload = z.object({ scheduleId: z.string(), organizationId: z.string() })

export const factoringEmailTask = defineTask('factoring_email', {
  parse: (payload) => Payload.parse(payload),
  run: async (payload, helpers) => (await import('../factoring/factoring-email.server')).sendScheduleEmail(payload, helpers),
})
