/**
 * `edi_sftp_pickup`: every five minutes (EDI_SFTP_PICKUP_SCHEDULE, a cron pattern in UTC; `off`
 * for none), the interchanges waiting on SFTP partners' servers are taken, each once (ADR 148).
 */
import { z } from 'zod'

import { defineTask } from '../operations/jobs.server'

const Scheduled = z.object({ _cron: z.object({ ts: z.string() }).optional() })

const EDI_SFTP_PICKUP_SCHEDULE_DEFAULT = '*/5 * * * *'

defineTask('edi_sftp_pickup', {
  parse: (payload) => Scheduled.parse(payload),
  maxAttempts: 1,
  schedule: () => {
    const schedule = (process.env.EDI_SFTP_PICKUP_SCHEDULE ?? EDI_SFTP_PICKUP_SCHEDULE_DEFAULT).trim()
    return schedule === 'off' ? null : schedule
  },
  run: async () => {
    await (await import('../edi/sftp-pickup.server')).pickUpFromPartners()
  },
})
