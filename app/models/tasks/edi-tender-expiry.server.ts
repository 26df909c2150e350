/**
 * `edi_tender_expiry`: every five minutes (EDI_TENDER_EXPIRY_SCHEDULE, a cron pattern in UTC;
 * `off` for none), pending tenders past their respond-by time become `expired` (ADR 149). The
 * tender policy refuses answering one past it even before this runs.
 */
import { z } from 'zod'

import { defineTask } from '../operations/jobs.server'

const Scheduled = z.object({ _cron: z.object({ ts: z.string() }).optional() })

const EDI_TENDER_EXPIRY_SCHEDULE_DEFAULT = '*/5 * * * *'

defineTask('edi_tender_expiry', {
  parse: (payload) => Scheduled.parse(payload),
  maxAttempts: 1,
  schedule: () => {
    const schedule = (process.env.EDI_TENDER_EXPIRY_SCHEDULE ?? EDI_TENDER_EXPIRY_SCHEDULE_DEFAULT).trim()
    return schedule === 'off' ? null : schedule
  },
  run: async () => {
    await (await import('../edi/tender-respond.server')).expireTenders()
  },
})
