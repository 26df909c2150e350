/**
 * `edi_send` (ADR 149): delivers one interchange we wrote through its partner's transport, under
 * the key `edi_send:<messageId>`. Queued in the transaction that wrote the message
 * (app/models/edi/outbound.server.ts `queueOutbound`); a failed attempt worth retrying throws, so
 * the job queue tries again with its backoff, up to the attempts the message was queued with.
 */
import { z } from 'zod'

import { defineTask } from '../operations/jobs.server'

export const ediSendTask = defineTask('edi_send', {
  parse: (payload) => z.object({ messageId: z.string() }).parse(payload),
  run: async (payload, helpers) => {
    const { deliverOutbound } = await import('../edi/outbound.server')
    const outcome = await deliverOutbound(payload.messageId, { attempt: helpers.job.attempts, maxAttempts: helpers.job.max_attempts })
    if (outcome?.retry && !outcome.ok) throw new Error(`EDI delivery failed: ${outcome.error}`)
  },
  maxAttempts: 8,
})

/** The job key of a message's delivery: one waiting job per message. */
export function ediSendJobKey(messageId: string) {
  return `edi_send:${messageId}`
}
