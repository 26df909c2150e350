/**
 * The webhook tasks (ADR 071). `webhook_delivery` sends one delivery once, under the key
 * `webhook_delivery:<deliveryId>` (a resend while one waits is still one attempt): it is queued in
 * the transaction that made the event (app/models/webhooks/webhook-events.server.ts) and, after a failure
 * worth retrying, again by the delivery itself for the time the policy's schedule says, so the
 * schedule is ours and not the queue's. The queue's own retries only cover a crash of the work.
 * `webhook_disabled_email` tells an organization's admins an endpoint was switched off.
 * The work is app/models/webhooks/webhook-send.server.ts, loaded when a job runs.
 */
import { z } from 'zod'

import { defineTask } from '../operations/jobs.server'

const work = () => import('../webhooks/webhook-send.server')

export const webhookDeliveryTask = defineTask('webhook_delivery', {
  parse: (payload) => z.object({ deliveryId: z.string() }).parse(payload),
  run: async (payload) => {
    await (await work()).deliverWebhook(payload.deliveryId)
  },
  maxAttempts: 5,
})

export const webhookDisabledEmailTask = defineTask('webhook_disabled_email', {
  parse: (payload) => z.object({ endpointId: z.string(), organizationId: z.string() }).parse(payload),
  run: async (payload) => (await work()).sendWebhookDisabledEmail(payload),
})

/** The job key of a delivery: one waiting attempt per delivery. */
export function deliveryJobKey(deliveryId: string) {
  return `webhook_delivery:${deliveryId}`
}
