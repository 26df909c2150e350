/** Webhook choices shared by pages, schemas, the policy and the model (ADR 071). No zod here. */
import type { Tone } from './tone'

/** The events an endpoint may subscribe to (the `type` of a delivery's body). */
export const WEBHOOK_EVENTS = ['load.created', 'load.status_changed', 'document.uploaded', 'invoice.sent', 'invoice.paid', 'settlement.paid'] as const
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]
export const isWebhookEvent = (value: unknown): value is WebhookEvent => (WEBHOOK_EVENTS as readonly unknown[]).includes(value)

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const
export type WebhookDeliveryStateName = (typeof WEBHOOK_DELIVERY_STATES)[number]

export const WEBHOOK_DELIVERY_STATE_TONE = { pending: 'warning', delivered: 'success', failed: 'error' } as const satisfies Record<
  WebhookDeliveryStateName,
  Tone
>

/**
 * How many attempts of one delivery its log keeps, newest first (ADR 109): a full schedule
 * (eight) and a few resends' worth; older ones are dropped as a new one is written.
 */
export const WEBHOOK_ATTEMPTS_KEPT = 20

export const MAX_WEBHOOK_URL = 2000
export const MAX_WEBHOOK_DESCRIPTION = 300
/** Endpoints per organization: enough for every integration, not a way to fan out one event a thousand times. */
export const MAX_WEBHOOK_ENDPOINTS = 20
/** The delivery log a page shows (newest first); the API pages through all of them. */
export const WEBHOOK_LOG_PAGE = 50
