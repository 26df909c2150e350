import { z } from 'zod'

import { optionalText, text, withVersion } from './fields'
import { enumFilter, listQuery } from './list-query'
import { MAX_WEBHOOK_DESCRIPTION, MAX_WEBHOOK_URL, WEBHOOK_DELIVERY_STATES, WEBHOOK_EVENTS, type WebhookEvent } from './webhook-options'

/** A checkbox (absent: false) or a JSON boolean. */
const flag = z.preprocess(
  (value) => (value === 'on' || value === 'true' ? true : value === 'false' || value === undefined ? false : value),
  z.boolean({ error: 'validation.choice' }),
)

/**
 * The endpoint's address: an absolute http(s) URL without credentials. Whether its host may be
 * reached (no private, loopback or link-local address) is the model's check (app/utils/webhook-address.server.ts).
 */
const webhookUrl = text({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(MAX_WEBHOOK_URL, 'validation.tooLong')
  .refine((value) => {
    try {
      const url = new URL(value)
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password && url.hostname !== ''
    } catch {
      return false
    }
  }, 'webhooks.errors.url')

/** One event or several: the form's checkboxes (one value is a string) and the API's list. */
const isEvent = (value: unknown): value is WebhookEvent => (WEBHOOK_EVENTS as readonly unknown[]).includes(value)
const events = z.preprocess(
  (value) => (typeof value === 'string' ? [value] : value === undefined ? [] : value),
  z
    .array(z.unknown(), { error: 'webhooks.errors.event' })
    .max(WEBHOOK_EVENTS.length * 2, 'webhooks.errors.event')
    // One message at `events` (not at `events.0`): the form shows it under the checkboxes.
    .refine((list) => list.every(isEvent), 'webhooks.errors.event')
    .transform((list) => [...new Set(list as WebhookEvent[])])
    .refine((list) => list.length > 0, 'webhooks.errors.eventsRequired'),
)

/** The API's POST body and the new-endpoint form: `active` defaults to on for the API. */
export const WebhookSchema = z.object({
  url: webhookUrl,
  description: optionalText(MAX_WEBHOOK_DESCRIPTION),
  events,
  active: z.boolean({ error: 'validation.choice' }).default(true),
})
export type WebhookInput = z.infer<typeof WebhookSchema>
/** PUT: the whole endpoint with the version it was read at. */
export const WebhookUpdateSchema = withVersion(WebhookSchema)
export type WebhookUpdate = z.infer<typeof WebhookUpdateSchema>

/** The pages' forms: `active` is a checkbox (absent: off). */
export const WebhookFormSchema = WebhookSchema.extend({ active: flag })
export const WebhookFormUpdateSchema = withVersion(WebhookFormSchema)

/** The endpoint page's buttons: rotate the secret, resend a delivery, delete (with the version it shows). */
export const WebhookRotateSchema = withVersion(z.object({}))
export const WebhookDeleteSchema = withVersion(z.object({}))
export const WebhookResendSchema = z.object({ deliveryId: text({ error: 'validation.required' }).trim().min(1, 'validation.required').max(100) })
/** `POST …/deliveries/{id}/retry`: nothing to send (no body, or `{}`; anything else is refused, as a bulletin's acknowledgment). */
export const WebhookRetrySchema = z.strictObject({})

/** The delivery log's query (the page's and the API's): newest first by default, filters `state` and `event`. */
export const WebhookDeliveryQuerySchema = listQuery({
  sorts: ['createdAt'] as const,
  defaultSort: 'createdAt',
  defaultDir: 'desc',
  filters: { state: enumFilter(WEBHOOK_DELIVERY_STATES), event: enumFilter(WEBHOOK_EVENTS) },
})
export type WebhookDeliveryQuery = z.infer<typeof WebhookDeliveryQuerySchema>
