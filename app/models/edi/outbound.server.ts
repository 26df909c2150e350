/**
 * What we send a partner (ADR 149): a 990, 214 or 210 is written whole — the partner's next
 * control number, the ISA/GS envelope (envelope.ts), the message log's row — in the caller's
 * transaction, and its delivery is queued there too (`edi_send`), so a rolled-back answer never
 * leaves and a kept one always does.
 *
 * The job delivers it through the partner's transport: `sftp` drops it into the partner's
 * outbound folder (sftp-transport.server.ts, written aside then renamed), `http` POSTs it to the
 * partner's https URL with a deadline and a bounded answer, `manual` sends nothing (the log's
 * download is the way). Delivery state lives on the message (`delivery`, `attempts`,
 * `lastAttemptAt`, `lastError` as a stable code, `deliveredAt`); the message's `status` keeps
 * its meaning (what we wrote is `sent`; a 997 may make it `acknowledged` or `rejected`).
 * A failed attempt is tried again by the job queue with its backoff, up to EDI_SEND_ATTEMPTS;
 * a fault retrying cannot mend (no URL, incomplete settings, a refused address, a 4xx) fails at once.
 */
import https from 'node:https'

import type { EdiPartner } from '~/generated/prisma/client'
import { type Actor, recordAudit } from '~/models/audit/audit.server'
import { assertActorMay, assertId, requireFound, throwRefusal } from '~/models/records/records.server'
import { ediSendJobKey, ediSendTask } from '~/models/tasks/edi-send.server'
import { resendRefusal } from '~/policies/edi-message'
import { prisma, type Tx } from '~/utils/db.server'
import { checkedLookup, hostRefused, privateNetworksAllowed, RefusedAddressError } from '~/utils/webhook-address.server'

import { type OutboundSet, partiesOf, writeEnvelope } from './envelope'
import { getMessage } from './message.server'
import { nextControlNumber } from './partner.server'
import { settingsOf } from './sftp-pickup.server'
import { dropOutbound, SftpError } from './sftp-transport.server'

export type { OutboundSet } from './envelope'

/** What we send, and the GS01 each goes in. */
export type OutboundType = '990' | '214' | '210'
export const FUNCTIONAL_IDS: Record<OutboundType, string> = { '990': 'GF', '214': 'QM', '210': 'IM' }

/** Attempts in all (the job queue's backoff: about e^n seconds between them, some 20 minutes overall). */
export const EDI_SEND_ATTEMPTS = 8
/** An HTTP attempt's deadline, and how much of the partner's answer is read (not kept). */
export const EDI_HTTP_TIMEOUT_MS = 20_000
const MAX_ANSWER_BYTES = 64 * 1024

/**
 * Writes an interchange of `sets` to the partner and queues its delivery, inside `tx` (the
 * partner's row stays locked by its counter until `tx` ends). Returns the message's id.
 */
export async function queueOutbound(
  tx: Tx,
  input: {
    organizationId: string
    partnerId: string
    type: OutboundType
    loadId?: string | null
    functionalId: string
    sets: OutboundSet[]
    now?: Date
  },
): Promise<{ messageId: string }> {
  const partner = requireFound(
    await tx.ediPartner.findFirst({ where: { id: input.partnerId, organizationId: input.organizationId } }),
    'edi.errors.partnerNotFound',
  )
  const control = await nextControlNumber(tx, partner.id)
  const raw = writeEnvelope({ parties: partiesOf(partner), control, now: input.now ?? new Date(), functionalId: input.functionalId, sets: input.sets })
  const delivery = partner.transport === 'manual' ? 'manual' : 'waiting'
  const message = await tx.ediMessage.create({
    data: {
      organizationId: input.organizationId,
      partnerId: partner.id,
      direction: 'out',
      type: input.type,
      status: 'sent',
      controlNumber: String(control).padStart(9, '0'),
      groupControlNumber: String(control),
      transactionControlNumber: '0001',
      ourControlNumber: control,
      loadId: input.loadId ?? null,
      raw,
      sizeBytes: Buffer.byteLength(raw, 'utf8'),
      delivery,
    },
    select: { id: true },
  })
  if (delivery === 'waiting') await ediSendTask.enqueue(tx, { messageId: message.id }, { key: ediSendJobKey(message.id), maxAttempts: EDI_SEND_ATTEMPTS })
  return { messageId: message.id }
}

/** The name a dropped interchange gets: its type and control number (`990-000000012.x12`). */
export function outboundFileName(message: { type: string | null; controlNumber: string | null; id: string }) {
  return `${message.type ?? 'x12'}-${(message.controlNumber ?? message.id).replace(/[^A-Za-z0-9]/g, '')}.x12`
}

/** One attempt's outcome: `error` a stable code; `final` when trying again cannot help. */
export type SendOutcome = { ok: true } | { ok: false; error: string; final: boolean }

/** POSTs the interchange to an https URL with a deadline; never throws. */
export function postInterchange(url: string, body: string, timeoutMs = EDI_HTTP_TIMEOUT_MS): Promise<SendOutcome> {
  return new Promise((resolve) => {
    let target: URL
    try {
      target = new URL(url)
    } catch {
      return resolve({ ok: false, error: 'http_url_invalid', final: true })
    }
    if (target.protocol !== 'https:') return resolve({ ok: false, error: 'http_url_invalid', final: true })
    const host = target.hostname.replace(/^\[|\]$/g, '')
    // The webhooks' rule (ADR 091): no private, loopback or link-local address, judged again on the connection.
    if (!privateNetworksAllowed() && hostRefused(host)) return resolve({ ok: false, error: 'http_address_refused', final: true })
    let settled = false
    const finish = (outcome: SendOutcome) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(outcome)
    }
    const request = https.request(
      target,
      {
        method: 'POST',
        lookup: checkedLookup as never,
        headers: { 'content-type': 'application/edi-x12', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'Freightdesk-EDI/1' },
      },
      (response) => {
        const status = response.statusCode ?? 0
        const outcome: SendOutcome =
          status >= 200 && status < 300
            ? { ok: true }
            : { ok: false, error: `http_status_${status}`, final: status >= 400 && status < 500 && status !== 408 && status !== 429 }
        let read = 0
        response.on('data', (chunk: Buffer) => {
          read += chunk.length
          if (read > MAX_ANSWER_BYTES) response.destroy()
        })
        response.on('end', () => finish(outcome))
        response.on('close', () => finish(outcome))
        response.on('error', () => finish(outcome))
      },
    )
    const timer = setTimeout(() => {
      finish({ ok: false, error: 'http_timeout', final: false })
      request.destroy()
    }, timeoutMs)
    request.on('error', (error) => {
      if (error instanceof RefusedAddressError) return finish({ ok: false, error: 'http_address_refused', final: true })
      finish({ ok: false, error: (error as { code?: string }).code === 'ENOTFOUND' ? 'http_unreachable' : 'http_failed', final: false })
    })
    request.end(body)
  })
}

async function send(
  partner: EdiPartner,
  message: { id: string; type: string | null; controlNumber: string | null; raw: string },
  timeoutMs?: number,
): Promise<SendOutcome> {
  if (partner.transport === 'http') {
    if (!partner.httpUrl) return { ok: false, error: 'http_url_missing', final: true }
    return postInterchange(partner.httpUrl, message.raw, timeoutMs)
  }
  let settings
  try {
    settings = settingsOf(partner)
  } catch {
    return { ok: false, error: 'sftp_secret_unreadable', final: true }
  }
  if (!settings) return { ok: false, error: 'sftp_settings_incomplete', final: true }
  try {
    await dropOutbound(settings, outboundFileName(message), message.raw, { timeoutMs })
    return { ok: true }
  } catch (error) {
    return { ok: false, error: error instanceof SftpError ? error.code : 'sftp_failed', final: false }
  }
}

export type DeliverOptions = {
  /** This attempt's number (1 for the first) and how many there are in all: the last one that fails fails the message. */
  attempt?: number
  maxAttempts?: number
  timeoutMs?: number
  now?: () => Date
}

/**
 * One delivery attempt of a waiting message (one delivered, failed or manual is left alone):
 * sends it, then writes how it went. Returns the outcome with `retry` set when the job queue
 * should try again; null when there was nothing to do.
 */
export async function deliverOutbound(messageId: string, options: DeliverOptions = {}): Promise<(SendOutcome & { retry: boolean }) | null> {
  const now = options.now ?? (() => new Date())
  const message = await prisma.ediMessage.findUnique({
    where: { id: messageId },
    select: { id: true, type: true, controlNumber: true, raw: true, delivery: true, attempts: true, partner: true },
  })
  if (!message || message.delivery !== 'waiting' || !message.partner) return null
  const { partner } = message
  if (partner.transport === 'manual') {
    // The partner went manual since: nothing to send, the log's download is the way.
    await prisma.ediMessage.updateMany({ where: { id: message.id, delivery: 'waiting' }, data: { delivery: 'manual' } })
    return null
  }
  const attemptedAt = now()
  const outcome = await send(partner, message, options.timeoutMs)
  const last = options.attempt !== undefined && options.attempt >= (options.maxAttempts ?? EDI_SEND_ATTEMPTS)
  const retry = !outcome.ok && !outcome.final && !last
  await prisma.ediMessage.updateMany({
    where: { id: message.id, delivery: 'waiting' },
    data: {
      attempts: { increment: 1 },
      lastAttemptAt: attemptedAt,
      ...(outcome.ok ? { delivery: 'delivered', deliveredAt: now(), lastError: null } : { delivery: retry ? 'waiting' : 'failed', lastError: outcome.error }),
    },
  })
  return { ...outcome, retry }
}

/**
 * Sends a failed message again (ADR 155): back to `waiting` with its attempts from zero and its
 * delivery queued in the same transaction, audited. Only ours, and only failed (409
 * `invalid_transition`, the policy's reason); the move is conditional on `failed`, so of two at
 * once exactly one queues it. Returns the message as the log lists it.
 */
export async function resendOutbound(actor: Actor, id: string) {
  assertActorMay(actor, 'update', 'edi')
  assertId(id, 'edi.errors.messageNotFound')
  await prisma.$transaction(async (tx) => {
    const message = requireFound(
      await tx.ediMessage.findFirst({
        where: { id, organizationId: actor.organizationId },
        select: { direction: true, delivery: true, attempts: true, lastError: true },
      }),
      'edi.errors.messageNotFound',
    )
    throwRefusal(resendRefusal(message))
    const { count } = await tx.ediMessage.updateMany({ where: { id, delivery: 'failed' }, data: { delivery: 'waiting', attempts: 0, lastError: null } })
    // Another click sent it again between the read and the write: it is waiting, no longer failed.
    if (count !== 1) throwRefusal(resendRefusal({ ...message, delivery: 'waiting' }))
    await ediSendTask.enqueue(tx, { messageId: id }, { key: ediSendJobKey(id), maxAttempts: EDI_SEND_ATTEMPTS })
    await recordAudit(tx, actor, {
      entity: 'ediMessage',
      entityId: id,
      action: 'status',
      before: { delivery: 'failed', attempts: message.attempts, lastError: message.lastError },
      after: { delivery: 'waiting', attempts: 0 },
    })
  })
  return getMessage(actor.organizationId, id)
}
