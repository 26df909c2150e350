/**
 * Events for webhooks (ADR 071): a model that makes an event calls `emitWebhookEvent`
 * inside the transaction of the change, which writes one delivery per active endpoint of the
 * organization subscribed to that event and queues its job there too: a change rolled back makes
 * no delivery, a change committed always has its deliveries. The body (`{ type, timestamp, data }`)
 * is fixed now, so every attempt and resend sends the same bytes under the same `webhook-id`.
 */
import { randomBytes } from 'node:crypto'

import type { Prisma } from '~/generated/prisma/client'
import { deliveryJobKey, webhookDeliveryTask } from '~/models/tasks/webhook-tasks.server'
import type { WebhookEvent } from '~/schemas/webhook-options'
import type { Tx } from '~/utils/db.server'

/** A `webhook-id`: unique per message, the same on every attempt (receivers deduplicate by it). */
function messageId() {
  return `msg_${randomBytes(16).toString('base64url')}`
}

type EventData = Record<string, unknown>

/** `data` may be a function: read only when an endpoint wants the event (a lookup nobody needs costs nothing). */
export async function emitWebhookEvent(tx: Tx, organizationId: string, type: WebhookEvent, data: EventData | (() => Promise<EventData>), now = new Date()) {
  const endpoints = await tx.webhookEndpoint.findMany({ where: { organizationId, active: true, events: { has: type } }, select: { id: true } })
  if (endpoints.length === 0) return
  const body = { type, timestamp: now.toISOString(), data: typeof data === 'function' ? await data() : data }
  const payload = JSON.parse(JSON.stringify(body)) as Prisma.InputJsonValue
  for (const endpoint of endpoints) {
    const id = messageId()
    await tx.webhookDelivery.create({ data: { id, endpointId: endpoint.id, organizationId, eventType: type, payload, nextAttemptAt: now } })
    await webhookDeliveryTask.enqueue(tx, { deliveryId: id }, { key: deliveryJobKey(id) })
  }
}
