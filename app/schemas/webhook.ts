import { z } from 'zod'

import { apiRecordSchema, instant } from './api-record'
import { optionalText, text, withVersion } from './fields'
import { enumFilter, listQuery } from './list-query'
import {
  isWebhookEvent,
  MAX_WEBHOOK_DESCRIPTION,
  MAX_WEBHOOK_URL,
  WEBHOOK_ATTEMPTS_KEPT,
  WEBHOOK_DELIVERY_STATES,
  WEBHOOK_EVENTS,
  type WebhookEvent,
} from './webhook-options'

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
const events = z.preprocess(
  (value) => (typeof value === 'string' ? [value] : value === undefined ? [] : value),
  z
    .array(z.unknown(), { error: 'webhooks.errors.event' })
    .max(WEBHOOK_EVENTS.length * 2, 'webhooks.errors.event')
    // One message at `events` (not at `events.0`): the form shows it under the checkboxes.
    .refine((list) => list.every(isWebhookEvent), 'webhooks.errors.event')
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

/** An endpoint as the API answers it (serializeWebhook): never its secret, but where `WebhookWithSecretRecordSchema` says. */
export const WebhookRecordSchema = apiRecordSchema({
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.enum(WEBHOOK_EVENTS)).describe('The events it receives.'),
  active: z.boolean(),
  disabledReason: z.string().nullable().meta({ readOnly: true, description: '`failing` when the app switched it off; null otherwise.' }),
  failingSince: instant().nullable().meta({ readOnly: true, description: 'Since when its deliveries fail; null while they succeed.' }),
})
  // Endpoints never carried their organization's id.
  .omit({ organizationId: true })
  .describe(
    'An endpoint that receives the organization\'s events as Standard Webhooks POSTs (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">` keyed by the base64-decoded secret after `whsec_`); the body is `{ type, timestamp, data }`. A 2xx is delivered; a 5xx, 408, 429, timeout (10 s) or network error is tried again for about a day; an endpoint failing for 3 days is switched off (`disabledReason: failing`). Private, loopback and link-local addresses are refused (400 at `url`).',
  )
export type WebhookRecord = z.infer<typeof WebhookRecordSchema>

/** What creating an endpoint and rotating its secret answer: the endpoint and its secret, shown this once. */
export const WebhookWithSecretRecordSchema = WebhookRecordSchema.extend({
  secret: z.string().describe('`whsec_` + base64: answered only here, once.'),
}).describe('The endpoint (see GET /api/webhooks/{id}) with the secret that signs its deliveries, answered this once.')
export type WebhookWithSecretRecord = z.infer<typeof WebhookWithSecretRecordSchema>

/** A delivery as the API answers it (serializeDelivery): its last answer, and every attempt kept. */
export const WebhookDeliveryRecordSchema = z.object({
  id: z.string().describe('The `webhook-id` (the same on every attempt and resend).'),
  endpointId: z.string(),
  eventType: z.string().describe(`The event: ${WEBHOOK_EVENTS.map((event) => `\`${event}\``).join(', ')}.`),
  // JSON as stored: described as the object it is, not checked field by field.
  payload: z.unknown().meta({ type: 'object', description: 'The body sent: `{ type, timestamp, data }`.' }),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int().describe('The attempts of the current schedule: a resend starts it again at zero.'),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  nextAttemptAt: instant().nullable(),
  lastAttemptAt: instant().nullable(),
  deliveredAt: instant().nullable(),
  createdAt: instant(),
  attemptLog: z
    .array(z.object({ at: instant(), statusCode: z.number().int().nullable(), error: z.string().nullable(), durationMs: z.number().int() }))
    .describe(
      `Every attempt kept, newest first (the newest ${WEBHOOK_ATTEMPTS_KEPT}, across resends): when it was sent, the answer's status or, with no answer, the error (a timeout, a refused address, a reset), and how long it took. \`attempts\` counts those of the current schedule; a resend starts it again at zero, the log goes on.`,
    ),
})
export type WebhookDeliveryRecord = z.infer<typeof WebhookDeliveryRecordSchema>
