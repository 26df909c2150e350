/**
 * The EDI message log (ADR 147): every interchange in and out, kept whole, for
 * /dashboard/edi/messages and /api/edi/messages. Written by the inbound flow (inbound.server.ts).
 */
import type { EdiMessage, Prisma } from '~/generated/prisma/client'
import { getFixedT } from '~/i18n.server'
import { assertId, listPage, requireFound } from '~/models/records/records.server'
import type { EdiMessageQuery, EdiMessageRecord } from '~/schemas/edi'
import { prisma } from '~/utils/db.server'

const NOT_FOUND = 'edi.errors.messageNotFound'

/** The log's columns without the raw text (a list never reads it). */
export const MESSAGE_LISTED = {
  id: true,
  organizationId: true,
  partnerId: true,
  direction: true,
  type: true,
  status: true,
  controlNumber: true,
  groupControlNumber: true,
  transactionControlNumber: true,
  reason: true,
  reasonParams: true,
  acknowledgesId: true,
  loadId: true,
  sizeBytes: true,
  delivery: true,
  attempts: true,
  lastError: true,
  deliveredAt: true,
  createdAt: true,
} satisfies Prisma.EdiMessageSelect
export type ListedMessage = Pick<EdiMessage, keyof typeof MESSAGE_LISTED>

export async function listMessages(organizationId: string, query: EdiMessageQuery) {
  const where: Prisma.EdiMessageWhereInput = {
    organizationId,
    ...(query.direction ? { direction: query.direction } : {}),
    ...(query.status ? { status: query.status } : {}),
    ...(query.type ? { type: query.type } : {}),
    ...(query.partnerId ? { partnerId: query.partnerId } : {}),
    ...(query.q ? { OR: [{ controlNumber: { contains: query.q } }, { partner: { name: { contains: query.q, mode: 'insensitive' } } }] } : {}),
  }
  return listPage(
    query,
    () => prisma.ediMessage.count({ where }),
    (window) =>
      prisma.ediMessage.findMany({
        where,
        select: { ...MESSAGE_LISTED, partner: { select: { id: true, name: true } }, acknowledgment: { select: { id: true } } },
        orderBy: [{ createdAt: query.dir }, { id: query.dir }],
        ...window,
      }),
  )
}

export async function getMessage(organizationId: string, id: string) {
  assertId(id, NOT_FOUND)
  return requireFound(
    await prisma.ediMessage.findFirst({ where: { id, organizationId }, select: { ...MESSAGE_LISTED, partner: { select: { id: true, name: true } } } }),
    NOT_FOUND,
  )
}

/** The interchange as it came or went, for the download. */
export async function getMessageRaw(organizationId: string, id: string) {
  assertId(id, NOT_FOUND)
  return requireFound(
    await prisma.ediMessage.findFirst({ where: { id, organizationId }, select: { id: true, type: true, controlNumber: true, direction: true, raw: true } }),
    NOT_FOUND,
  )
}

/** The file name a download gets: `edi-in-204-000000001.x12`. */
export function rawFileName(message: { id: string; direction: string; type: string | null; controlNumber: string | null }) {
  return `edi-${message.direction}-${message.type ?? 'unknown'}-${(message.controlNumber ?? message.id).replace(/[^A-Za-z0-9]/g, '')}.x12`
}

/** Reasons of ADR 150 (duplicates, folder mismatches, a partner's rejecting 997), kept in their own namespace. */
const STATUS_REASONS = new Set(['duplicate', 'partner_mismatch', 'rejected_by_partner'])

/** Why a message was rejected, in the reader's language. */
export function reasonMessage(message: Pick<EdiMessage, 'reason' | 'reasonParams'>, language: string) {
  if (!message.reason) return null
  const key = STATUS_REASONS.has(message.reason) ? `edi.ediStatus.reasons.${message.reason}` : `edi.reasons.${message.reason}`
  return getFixedT(language)(key, (message.reasonParams ?? {}) as Record<string, unknown>)
}

export function serializeMessage(message: ListedMessage, language: string): EdiMessageRecord {
  return {
    id: message.id,
    direction: message.direction,
    type: message.type,
    controlNumber: message.controlNumber,
    groupControlNumber: message.groupControlNumber,
    transactionControlNumber: message.transactionControlNumber,
    partnerId: message.partnerId,
    loadId: message.loadId,
    status: message.status,
    reason: message.reason,
    reasonMessage: reasonMessage(message, language),
    acknowledgesId: message.acknowledgesId,
    delivery: message.delivery,
    attempts: message.attempts,
    lastError: message.lastError,
    deliveredAt: message.deliveredAt?.toISOString() ?? null,
    sizeBytes: message.sizeBytes,
    createdAt: message.createdAt.toISOString(),
  }
}
