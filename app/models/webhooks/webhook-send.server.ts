/**
 * Sending webhooks (ADR 071), run by the job worker (the tasks:
 * app/models/tasks/webhook-tasks.server.ts). One call is one attempt: a signed POST (Standard
 * Webhooks headers) with a deadline, its answer kept in the delivery's attempt log (status,
 * error, time; the newest WEBHOOK_ATTEMPTS_KEPT) and as the delivery's last answer,
 * then delivered, tried again later on the policy's schedule, or failed. An endpoint failing for
 * days is switched off and its organization's admins are emailed.
 */
import http from 'node:http'
import https from 'node:https'

import { href } from 'react-router'

import { getFixedT } from '~/i18n.server'
import { maintenanceRetryAfter, maintenanceState } from '~/models/operations/maintenance-mode.server'
import { deliveryJobKey, webhookDeliveryTask, webhookDisabledEmailTask } from '~/models/tasks/webhook-tasks.server'
import { DELIVERY_TIMEOUT_MS, DISABLE_AFTER_MS, isRetryable, nextAttemptAt, shouldDisable } from '~/policies/webhook'
import { WEBHOOK_ATTEMPTS_KEPT } from '~/schemas/webhook-options'
import { prisma } from '~/utils/db.server'
import { appUrl } from '~/utils/env.server'
import { sendEmail } from '~/utils/mail.server'
import { checkedLookup, hostRefused, privateNetworksAllowed, RefusedAddressError } from '~/utils/webhook-address.server'
import { webhookHeaders } from '~/utils/webhook-signature.server'

/** What one attempt got: a status (any answer) or an error (no answer); `final` when retrying cannot help. */
export type AttemptOutcome = { status: number | null; error: string | null; final: boolean; durationMs: number }

const MAX_ERROR = 500
/** An answer's body is read (so the connection ends cleanly) but not kept: at most this much. */
const MAX_ANSWER_BYTES = 64 * 1024

/** One signed POST with a deadline. Never throws: a refused address, a timeout or a reset is an outcome. */
export function postWebhook(url: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<AttemptOutcome> {
  const started = performance.now()
  const done = (outcome: Omit<AttemptOutcome, 'durationMs'>): AttemptOutcome => ({ ...outcome, durationMs: Math.round(performance.now() - started) })
  return new Promise((resolve) => {
    let target: URL
    try {
      target = new URL(url)
    } catch {
      return resolve(done({ status: null, error: 'invalid URL', final: true }))
    }
    const host = target.hostname.replace(/^\[|\]$/g, '')
    // The save's rule again (an endpoint saved before it, or under WEBHOOKS_ALLOW_PRIVATE_NETWORKS):
    // an address written in the URL is connected to without a lookup, a local name is never asked.
    if (!privateNetworksAllowed() && hostRefused(host)) return resolve(done({ status: null, error: new RefusedAddressError(host).message, final: true }))
    const client = target.protocol === 'https:' ? https : http
    let settled = false
    const finish = (outcome: Omit<AttemptOutcome, 'durationMs'>) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(done(outcome))
    }
    const request = client.request(
      target,
      {
        method: 'POST',
        lookup: checkedLookup as never,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'Freightdesk-Webhooks/1' },
      },
      (response) => {
        let read = 0
        response.on('data', (chunk: Buffer) => {
          read += chunk.length
          if (read > MAX_ANSWER_BYTES) response.destroy()
        })
        const status = response.statusCode ?? null
        response.on('end', () => finish({ status, error: null, final: false }))
        response.on('close', () => finish({ status, error: null, final: false }))
        response.on('error', () => finish({ status, error: null, final: false }))
      },
    )
    const timer = setTimeout(() => {
      finish({ status: null, error: `timeout after ${timeoutMs} ms`, final: false })
      request.destroy()
    }, timeoutMs)
    request.on('error', (error) => {
      const refused = error instanceof RefusedAddressError
      finish({ status: null, error: (error.message || String(error)).slice(0, MAX_ERROR), final: refused })
    })
    request.end(body)
  })
}

export type DeliverOptions = { timeoutMs?: number; now?: () => Date }

/** How long a delivery waits during maintenance before it asks again (seconds), at most. */
export const MAINTENANCE_RECHECK_SECONDS = 60

/**
 * One attempt of a waiting delivery (a delivered or failed one, or one whose endpoint was
 * deleted, is left alone). `timeoutMs` and `now` are for tests; the worker uses the policy's.
 */
export async function deliverWebhook(deliveryId: string, options: DeliverOptions = {}) {
  const now = options.now ?? (() => new Date())
  const delivery = await prisma.webhookDelivery.findUnique({ where: { id: deliveryId }, include: { endpoint: true } })
  if (!delivery || delivery.state !== 'pending') return
  const { endpoint } = delivery
  // Maintenance: nothing leaves, so a restore loses no delivery a receiver already has;
  // the delivery waits, its attempts untouched, and is asked again within a minute.
  const maintenance = await maintenanceState()
  if (maintenance) {
    const runAt = new Date(now().getTime() + Math.min(maintenanceRetryAfter(maintenance), MAINTENANCE_RECHECK_SECONDS) * 1000)
    await prisma.$transaction(async (tx) => {
      await tx.webhookDelivery.updateMany({ where: { id: delivery.id, state: 'pending' }, data: { nextAttemptAt: runAt } })
      await webhookDeliveryTask.enqueue(tx, { deliveryId: delivery.id }, { key: deliveryJobKey(delivery.id), runAt })
    })
    return
  }
  if (!endpoint.active) {
    await prisma.webhookDelivery.updateMany({
      where: { id: delivery.id, state: 'pending' },
      data: { state: 'failed', lastError: 'endpoint switched off', nextAttemptAt: null },
    })
    return
  }
  const body = JSON.stringify(delivery.payload)
  const sentAt = now()
  const outcome = await postWebhook(endpoint.url, webhookHeaders(endpoint.secret, delivery.id, body, sentAt), body, options.timeoutMs ?? DELIVERY_TIMEOUT_MS)
  const finished = now()
  const attempts = delivery.attempts + 1
  const ok = outcome.status !== null && outcome.status >= 200 && outcome.status < 300
  const retryAt = ok || outcome.final || !isRetryable(outcome.status) ? null : nextAttemptAt(attempts, finished)
  // An answer's status says it all (`lastStatusCode`); `lastError` is for no answer (a timeout, a refused address, a reset).
  const error = ok ? null : outcome.error
  await prisma.$transaction(async (tx) => {
    await tx.webhookDelivery.update({
      where: { id: delivery.id },
      data: {
        attempts,
        lastStatusCode: outcome.status,
        lastError: error,
        durationMs: outcome.durationMs,
        lastAttemptAt: sentAt,
        state: ok ? 'delivered' : retryAt ? 'pending' : 'failed',
        deliveredAt: ok ? finished : delivery.deliveredAt,
        nextAttemptAt: retryAt,
      },
    })
    await tx.webhookAttempt.create({
      data: { deliveryId: delivery.id, attemptedAt: sentAt, statusCode: outcome.status, error, durationMs: outcome.durationMs },
    })
    await tx.$executeRaw`
      DELETE FROM "WebhookAttempt" WHERE "deliveryId" = ${delivery.id} AND "id" NOT IN (
        SELECT "id" FROM "WebhookAttempt" WHERE "deliveryId" = ${delivery.id} ORDER BY "attemptedAt" DESC, "id" DESC LIMIT ${WEBHOOK_ATTEMPTS_KEPT}
      )`
    if (retryAt) await webhookDeliveryTask.enqueue(tx, { deliveryId: delivery.id }, { key: deliveryJobKey(delivery.id), runAt: retryAt })
    if (ok) {
      await tx.webhookEndpoint.updateMany({ where: { id: endpoint.id, failingSince: { not: null } }, data: { failingSince: null } })
      return
    }
    const failingSince = endpoint.failingSince ?? finished
    if (!endpoint.failingSince) await tx.webhookEndpoint.updateMany({ where: { id: endpoint.id, failingSince: null }, data: { failingSince } })
    if (shouldDisable(failingSince, finished)) {
      // Once: only the attempt that turns it off emails (the row's `active` is the lock).
      const { count } = await tx.webhookEndpoint.updateMany({
        where: { id: endpoint.id, active: true },
        data: { active: false, disabledReason: 'failing', version: { increment: 1 } },
      })
      if (count === 1) {
        await tx.auditEvent.create({
          data: {
            organizationId: endpoint.organizationId,
            userId: null,
            entity: 'webhook',
            entityId: endpoint.id,
            action: 'update',
            changes: { active: { before: true, after: false }, disabledReason: { before: null, after: 'failing' } },
          },
        })
        await webhookDisabledEmailTask.enqueue(
          tx,
          { endpointId: endpoint.id, organizationId: endpoint.organizationId },
          { key: `webhook_disabled:${endpoint.id}` },
        )
      }
    }
  })
  return outcome
}

/** "Your endpoint was switched off": to every active admin of the organization, in the endpoint's language. */
export async function sendWebhookDisabledEmail({ endpointId, organizationId }: { endpointId: string; organizationId: string }) {
  const endpoint = await prisma.webhookEndpoint.findFirst({ where: { id: endpointId, organizationId } })
  if (!endpoint || endpoint.active) return
  const admins = await prisma.user.findMany({ where: { organizationId, role: 'admin', status: 'active' }, select: { email: true, firstName: true } })
  const t = getFixedT(endpoint.language)
  const link = appUrl(href('/dashboard/webhooks/:id', { id: endpoint.id }))
  for (const admin of admins)
    await sendEmail({
      to: admin.email,
      subject: t('webhooks.email.disabledSubject'),
      text: t('webhooks.email.disabledBody', { name: admin.firstName, url: endpoint.url, days: DISABLE_AFTER_MS / 86_400_000, link }),
    })
}
