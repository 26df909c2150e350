/**
 * Standard Webhooks signing (https://www.standardwebhooks.com, ADR 071): a secret is `whsec_` and
 * the base64 of random bytes; a delivery carries `webhook-id`, `webhook-timestamp` (Unix seconds)
 * and `webhook-signature: v1,<base64 of HMAC-SHA256(key, "<id>.<timestamp>.<body>")>`, keyed by
 * the secret's decoded bytes. Any Standard Webhooks library verifies it.
 */
import { createHmac, randomBytes } from 'node:crypto'

export const WEBHOOK_SECRET_PREFIX = 'whsec_'

/** A new signing secret: 24 random bytes (the specification asks for 24 to 64). */
export function createWebhookSecret() {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString('base64')}`
}

/** `v1,<signature>` for one message. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string) {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64')
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`
}

/** The three headers of a delivery sent at `now`. */
export function webhookHeaders(secret: string, id: string, body: string, now = new Date()) {
  const timestamp = Math.floor(now.getTime() / 1000)
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signWebhook(secret, id, timestamp, body) }
}
