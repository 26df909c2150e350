/**
 * Webhook endpoints and their delivery log (ADR 071), shared by /dashboard/webhooks and
 * /api/webhooks. An admin registers a URL, the events it wants and whether it is on; the signing
 * secret is made here, answered once (on creation and on rotation) and never again. Events are
 * written by the models that make them (app/models/webhooks/webhook-events.server.ts); the sending is
 * app/models/webhooks/webhook-send.server.ts; what is retried, when, and what is offered: app/policies/webhook.ts.
 */
import { Prisma, type WebhookAttempt, type WebhookDelivery, type WebhookEndpoint } from '~/generated/prisma/client'
import { type Actor, recordAudit } from '~/models/audit/audit.server'
import { assertActorMay, assertId, deleteVersioned, listPage, requireFound, throwRefusal, updateVersioned } from '~/models/records/records.server'
import { deliveryJobKey, webhookDeliveryTask } from '~/models/tasks/webhook-tasks.server'
import { resendRefusal } from '~/policies/webhook'
import type { WebhookDeliveryQuery, WebhookDeliveryRecord, WebhookInput, WebhookRecord, WebhookUpdate, WebhookWithSecretRecord } from '~/schemas/webhook'
import { isWebhookEvent, MAX_WEBHOOK_ENDPOINTS } from '~/schemas/webhook-options'
import { prisma, readRows } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'
import { urlRefusal } from '~/utils/webhook-address.server'
import { createWebhookSecret } from '~/utils/webhook-signature.server'

const NOT_FOUND = 'webhooks.errors.notFound'
const DELIVERY_NOT_FOUND = 'webhooks.errors.deliveryNotFound'
const ENTITY = 'webhook'

/** The URL's own check (a private address: a field error), shared by create and update. */
function assertUrl(url: string) {
  const refusal = urlRefusal(url)
  if (refusal) throw new DomainError('validation_failed', 'validation.failed', { fields: { url: [refusal] } })
}

/** What the audit log keeps of an endpoint: never its secret. */
function audited(endpoint: Partial<WebhookEndpoint>) {
  const { url, description, events, active, disabledReason } = endpoint
  return { url, description, events, active, disabledReason }
}

/** What a list reads of an endpoint: what serializeWebhook and the page show, never its secret. */
type ListedWebhook = Pick<
  WebhookEndpoint,
  'id' | 'url' | 'description' | 'events' | 'active' | 'disabledReason' | 'failingSince' | 'version' | 'createdAt' | 'updatedAt'
>
const LISTED_SQL = Prisma.sql`e."id", e."url", e."description", e."events", e."active", e."disabledReason", e."failingSince", e."version", e."createdAt", e."updatedAt"`

/** The organization's endpoints, oldest first, with their last delivery's state and status code (ADR 081). */
export async function listWebhooks(organizationId: string) {
  return readRows<ListedWebhook & { lastState: WebhookDelivery['state'] | null; lastStatusCode: number | null }>(Prisma.sql`
    SELECT ${LISTED_SQL}, d."state" AS "lastState", d."lastStatusCode"
    FROM "WebhookEndpoint" e
    LEFT JOIN LATERAL (
      SELECT "state", "lastStatusCode" FROM "WebhookDelivery" WHERE "endpointId" = e."id" ORDER BY "createdAt" DESC, "id" DESC LIMIT 1
    ) d ON true
    WHERE e."organizationId" = ${organizationId} ORDER BY e."createdAt" ASC, e."id" ASC`)
}

/** The endpoints alone, as the API lists them (it shows no delivery: a per-endpoint join it would not read). */
export async function listWebhookEndpoints(organizationId: string) {
  return readRows<ListedWebhook>(Prisma.sql`
    SELECT ${LISTED_SQL} FROM "WebhookEndpoint" e WHERE e."organizationId" = ${organizationId} ORDER BY e."createdAt" ASC, e."id" ASC`)
}

export async function getWebhook(organizationId: string, id: string) {
  assertId(id, NOT_FOUND)
  return requireFound(await prisma.webhookEndpoint.findFirst({ where: { id, organizationId } }), NOT_FOUND)
}

/** A new endpoint and its secret (the only answer that carries it, with rotation's). */
export async function createWebhook(actor: Actor, input: WebhookInput, language = 'en') {
  assertActorMay(actor, 'create', 'webhook')
  assertUrl(input.url)
  const secret = createWebhookSecret()
  return prisma.$transaction(async (tx) => {
    // The organization's row is the lock that keeps the count true under parallel creates.
    await tx.$queryRaw`SELECT "id" FROM "Organization" WHERE "id" = ${actor.organizationId} FOR UPDATE`
    if ((await tx.webhookEndpoint.count({ where: { organizationId: actor.organizationId } })) >= MAX_WEBHOOK_ENDPOINTS)
      throw new DomainError('validation_failed', 'validation.failed', { fields: { url: ['webhooks.errors.tooMany'] }, params: { max: MAX_WEBHOOK_ENDPOINTS } })
    const endpoint = await tx.webhookEndpoint.create({
      data: {
        organizationId: actor.organizationId,
        url: input.url,
        description: input.description || null,
        events: input.events,
        active: input.active,
        secret,
        language,
        createdById: actor.userId,
      },
    })
    await recordAudit(tx, actor, { entity: ENTITY, entityId: endpoint.id, action: 'create', after: audited(endpoint) })
    return { endpoint, secret }
  })
}

/** Saves the whole endpoint at the version read (else 409). Turned on again, it starts afresh (no failing time, no reason). */
export async function updateWebhook(actor: Actor, id: string, input: WebhookUpdate, language = 'en') {
  assertActorMay(actor, 'update', 'webhook')
  assertUrl(input.url)
  await prisma.$transaction(async (tx) => {
    const { before, data } = await updateVersioned(
      tx.webhookEndpoint,
      { id, organizationId: actor.organizationId },
      input.version,
      NOT_FOUND,
      async (stored) => ({
        url: input.url,
        description: input.description || null,
        events: input.events,
        active: input.active,
        language,
        ...(input.active && !stored.active ? { disabledReason: null, failingSince: null } : {}),
        ...(!input.active && stored.active ? { disabledReason: null } : {}),
      }),
    )
    await recordAudit(tx, actor, { entity: ENTITY, entityId: id, action: 'update', before: audited(before), after: audited({ ...before, ...data }) })
  })
  return getWebhook(actor.organizationId, id)
}

/** A new secret at once (the old one stops signing now); the version is optional, as for an action. */
export async function rotateWebhookSecret(actor: Actor, id: string, version?: number) {
  assertActorMay(actor, 'update', 'webhook')
  const secret = createWebhookSecret()
  const endpoint = await prisma.$transaction(async (tx) => {
    const { before } = await updateVersioned(
      tx.webhookEndpoint,
      { id, organizationId: actor.organizationId },
      version ?? (await getWebhook(actor.organizationId, id)).version,
      NOT_FOUND,
      async () => ({ secret }),
    )
    await recordAudit(tx, actor, { entity: ENTITY, entityId: id, action: 'update', before: { secret: 'previous' }, after: { secret: 'rotated' } })
    return before
  })
  return { endpoint: await getWebhook(endpoint.organizationId, id), secret }
}

/** Deletes an endpoint and its log (its waiting jobs find nothing and end). */
export async function deleteWebhook(actor: Actor, id: string, version?: number) {
  assertActorMay(actor, 'delete', 'webhook')
  return prisma.$transaction(async (tx) => {
    const before = await deleteVersioned(tx.webhookEndpoint, { id, organizationId: actor.organizationId }, version, NOT_FOUND)
    await recordAudit(tx, actor, { entity: ENTITY, entityId: id, action: 'delete', before: audited(before) })
    return before
  })
}

/** A delivery's attempt log as it is read with it: newest first (at most WEBHOOK_ATTEMPTS_KEPT are kept). */
const ATTEMPT_LOG = { attemptLog: { orderBy: [{ attemptedAt: 'desc' as const }, { id: 'desc' as const }] } }

/** One page of an endpoint's deliveries, newest first (filters: state, event), each with its attempts. */
export async function listDeliveries(organizationId: string, endpointId: string, query: WebhookDeliveryQuery) {
  const endpoint = await getWebhook(organizationId, endpointId)
  const where = {
    endpointId: endpoint.id,
    organizationId,
    ...(query.state ? { state: query.state } : {}),
    ...(query.event ? { eventType: query.event } : {}),
  }
  return listPage(
    query,
    () => prisma.webhookDelivery.count({ where }),
    (window) => prisma.webhookDelivery.findMany({ where, orderBy: [{ createdAt: query.dir }, { id: query.dir }], include: ATTEMPT_LOG, ...window }),
  )
}

/**
 * Sends a delivery again (delivered, failed or waiting): the same `webhook-id` and body, at once,
 * on a fresh schedule. Refused while its endpoint is off (turn it on first).
 */
export async function resendDelivery(actor: Actor, endpointId: string, deliveryId: string, now = new Date()) {
  assertActorMay(actor, 'update', 'webhook')
  assertId(deliveryId, DELIVERY_NOT_FOUND)
  return prisma.$transaction(async (tx) => {
    const endpoint = requireFound(await tx.webhookEndpoint.findFirst({ where: { id: endpointId, organizationId: actor.organizationId } }), NOT_FOUND)
    const delivery = requireFound(await tx.webhookDelivery.findFirst({ where: { id: deliveryId, endpointId: endpoint.id } }), DELIVERY_NOT_FOUND)
    throwRefusal(resendRefusal(endpoint))
    // A resend starts a new schedule: its attempts count from zero again.
    const row = await tx.webhookDelivery.update({
      where: { id: delivery.id },
      data: { state: 'pending', nextAttemptAt: now, attempts: 0 },
      include: ATTEMPT_LOG,
    })
    await webhookDeliveryTask.enqueue(tx, { deliveryId: delivery.id }, { key: deliveryJobKey(delivery.id) })
    await recordAudit(tx, actor, { entity: ENTITY, entityId: endpoint.id, action: 'update', before: { resent: null }, after: { resent: delivery.id } })
    return row
  })
}

// --- The API's shape -------------------------------------------------------------------------

/** An endpoint as the API answers it: never the secret (`secret` only in the create and rotate answers). */
export function serializeWebhook(endpoint: ListedWebhook): WebhookRecord {
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    // Stored from the schema's list; an event since retired is no longer answered.
    events: endpoint.events.filter(isWebhookEvent),
    active: endpoint.active,
    disabledReason: endpoint.disabledReason,
    failingSince: endpoint.failingSince?.toISOString() ?? null,
    version: endpoint.version,
    createdAt: endpoint.createdAt.toISOString(),
    updatedAt: endpoint.updatedAt.toISOString(),
  }
}

/** What creating an endpoint and rotating its secret answer: the endpoint with its secret, this once. */
export function serializeWebhookWithSecret(endpoint: ListedWebhook, secret: string): WebhookWithSecretRecord {
  return { ...serializeWebhook(endpoint), secret }
}

/** A delivery as the API answers it: its last answer, and every attempt kept (`attemptLog`, newest first). */
export function serializeDelivery(delivery: WebhookDelivery & { attemptLog: WebhookAttempt[] }): WebhookDeliveryRecord {
  return {
    id: delivery.id,
    endpointId: delivery.endpointId,
    eventType: delivery.eventType,
    payload: delivery.payload,
    state: delivery.state,
    attempts: delivery.attempts,
    lastStatusCode: delivery.lastStatusCode,
    lastError: delivery.lastError,
    durationMs: delivery.durationMs,
    nextAttemptAt: delivery.nextAttemptAt?.toISOString() ?? null,
    lastAttemptAt: delivery.lastAttemptAt?.toISOString() ?? null,
    deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
    createdAt: delivery.createdAt.toISOString(),
    attemptLog: delivery.attemptLog.map((attempt) => ({
      at: attempt.attemptedAt.toISOString(),
      statusCode: attempt.statusCode,
      error: attempt.error,
      durationMs: attempt.durationMs,
    })),
  }
}
