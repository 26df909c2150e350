/**
 * `daily_backup`: a backup every day at 03:00 UTC (BACKUP_SCHEDULE, a cron pattern in UTC; `off`
 * for none), into BACKUP_DIR, keeping the newest BACKUP_KEEP (docs/decisions/069-operations.md).
 * Whichever server's worker takes it writes to its own BACKUP_DIR: with several servers, point it
 * at shared storage or leave the job to one server (JOB_WORKER=off on the others).
 */
import { z } from 'zod'

import { defineTask } from '../operations/jobs.server'

/** graphile-worker adds `_cron` (when it was due) to a scheduled job's payload. */
const Payload = z.object({ _cron: z.object({ ts: z.string() }).optional() })

export const BACKUP_SCHEDULE_DEFAULT = '0 3 * * *'

export const dailyBackupTask = defineTask('daily_backup', {
  parse: (payload) => Payload.parse(payload),
  // One attempt more at most: a backup that failed twice waits for tomorrow's (and says why in the log).
  maxAttempts: 2,
  schedule: () => {
    const schedule = (process.env.BACKUP_SCHEDULE ?? BACKUP_SCHEDULE_DEFAULT).trim()
    return schedule === 'off' ? null : schedule
  },
  run: async () => {
    const { dailyBackup } = await import('../operations/backup.server')
    const { file, removed } = await dailyBackup()
    console.info(`[jobs] backup written: ${file}${removed.length ? `; removed ${removed.length} older` : ''}`)
  },
})
