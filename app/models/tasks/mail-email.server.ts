/**
 * `mail_email`: a sent message's email to its outside addresses, queued with the send
 * (app/models/mail/mail-compose.server.ts) under the key `mail_email:<id>`. The work (the email, its
 * attachments, the outcome on the message) is app/models/mail/mail-email.server.ts, loaded when a job runs.
 */
import { z } from 'zod'

import { defineTask } from '../operations/jobs.server'

const Payload = z.object({ messageId: z.string(), organizationId: z.string() })

export const mailEmailTask = defineTask('mail_email', {
  parse: (payload) => Payload.parse(payload),
  run: async (payload, helpers) => (await import('../mail/mail-email.server')).sendMailEmail(payload, helpers),
})
