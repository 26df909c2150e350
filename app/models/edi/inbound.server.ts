/**
 * An interchange coming in (ADR 147), by POST /api/edi/inbound or the upload on
 * /dashboard/edi/messages: read strictly (interchange.ts), its partner found by the ISA sender
 * and receiver, its 204s read into tenders, and answered with a 997 — in one transaction.
 *
 * An interchange is taken whole or not at all: when anything in it is wrong, it is kept as a
 * rejected message with the first reason, answered with a rejecting 997, and nothing else is
 * written. Text that is no interchange, or names no partner of the organization, is kept as a
 * rejected message too, without a 997 (there is no one to address it to). A body over the bound
 * is refused before it is read (413) and not kept.
 *
 * ADR 150: an interchange identical to one already received from the partner (same ISA13, same
 * text) is kept as a duplicate and answered with the first one's 997, nothing else written; a file
 * from one partner's SFTP folder whose envelope names another is kept as rejected
 * (`partner_mismatch`), nothing else written; a partner's 997 marks the message of ours it answers
 * acknowledged or rejected.
 */
import type { EdiPartner, EdiTender, EdiTenderStop, Prisma } from '~/generated/prisma/client'
import type { Actor } from '~/models/audit/audit.server'
import { organizationTimeZone } from '~/models/organization/organization.server'
import { assertActorMay } from '~/models/records/records.server'
import { prisma, type Tx } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'

import { writeAcknowledgment } from './acknowledgment'
import { partiesOf } from './envelope'
import { FUNCTIONAL_TYPES, readFunctionalAcknowledgment } from './functional-ack'
import { allProblems, EDI_INTERCHANGE_MAX_BYTES, type Interchange, type Problem, readInterchange } from './interchange'
import { readLoadTender, type TenderDraft } from './load-tender-204'
import { type ListedMessage, MESSAGE_LISTED } from './message.server'
import { findPartnerByEnvelope, nextControlNumber } from './partner.server'

export type InboundOutcome = {
  message: ListedMessage
  acknowledgment: (ListedMessage & { raw: string }) | null
  tenders: (EdiTender & { stops: EdiTenderStop[] })[]
  /** Set when no 997 could be written: the API answers this error (the message is kept all the same). */
  /** (A file naming another partner than its folder's is refused as `unknown_partner`, its reason `partner_mismatch`.) */
  refusal: { code: 'not_x12' | 'unknown_partner'; messageKey: string } | null
  /** The message this one repeats (the answer is its 997), or null. */
  duplicateOf: string | null
}

export type ReceiveOptions = {
  /** The partner whose SFTP folder the file came from: an envelope naming another is refused. */
  fromPartnerId?: string
}

/** Refused before reading: the bound every way in shares (the request edge holds it for the API). */
export function assertInterchangeSize(bytes: number) {
  if (bytes > EDI_INTERCHANGE_MAX_BYTES)
    throw new DomainError('payload_too_large', 'edi.errors.tooLarge', { params: { size: EDI_INTERCHANGE_MAX_BYTES / 1024 / 1024 } })
}

function firstType(interchange: Interchange) {
  return interchange.groups[0]?.transactions[0]?.id || null
}

/** Receives one interchange for the actor's organization; see the module's comment. */
export async function receiveInterchange(actor: Actor, text: string, now = new Date(), options: ReceiveOptions = {}): Promise<InboundOutcome> {
  assertActorMay(actor, 'create', 'edi')
  assertInterchangeSize(Buffer.byteLength(text, 'utf8'))
  const sizeBytes = Buffer.byteLength(text, 'utf8')
  const read = readInterchange(text)
  const base = { organizationId: actor.organizationId, direction: 'in' as const, raw: text, sizeBytes }

  if (!read.ok) {
    const message = await prisma.ediMessage.create({
      data: { ...base, status: 'rejected', reason: read.code, reasonParams: read.params },
      select: MESSAGE_LISTED,
    })
    return { message, acknowledgment: null, tenders: [], refusal: { code: 'not_x12', messageKey: 'edi.errors.notX12' }, duplicateOf: null }
  }
  const { interchange } = read
  const envelope = {
    type: firstType(interchange),
    controlNumber: interchange.control,
    groupControlNumber: interchange.groups[0]?.control ?? null,
    transactionControlNumber: interchange.groups[0]?.transactions[0]?.control ?? null,
  }
  const partner = await findPartnerByEnvelope(actor.organizationId, interchange)
  // Every group must come from the partner's GS ID to ours, as its ISA says.
  const groupsOurs =
    partner &&
    interchange.groups.every(
      (group) => group.sender.toLowerCase() === partner.gsId.toLowerCase() && group.receiver.toLowerCase() === partner.ourGsId.toLowerCase(),
    )
  if (options.fromPartnerId && (!partner || !groupsOurs || partner.id !== options.fromPartnerId)) {
    // Kept under the partner whose folder it came from, answered by no one: nothing else is written.
    return keepUnanswered({ ...base, ...envelope, partnerId: options.fromPartnerId }, interchange, 'partner_mismatch', 'edi.ediStatus.errors.partnerMismatch')
  }
  if (!partner || !groupsOurs) return keepUnanswered({ ...base, ...envelope }, interchange, 'unknown_partner', 'edi.errors.unknownPartner')

  const timeZone = await organizationTimeZone(actor.organizationId)
  const drafts: TenderDraft[] = []
  for (const group of interchange.groups)
    for (const set of group.transactions) {
      if (set.id !== '204' || set.problems.length) continue
      const draft = readLoadTender(set, timeZone)
      if (draft) drafts.push(draft)
    }
  const problems = allProblems(interchange)
  const accepted = problems.length === 0 && interchange.groups.length > 0

  const outcome: InboundOutcome = await prisma.$transaction(async (tx) => {
    // The partner's row is locked first: one partner's interchanges are received one at a time, so
    // two copies of one file cannot both pass the duplicate check.
    await tx.$queryRaw`SELECT "id" FROM "EdiPartner" WHERE "id" = ${partner.id} FOR UPDATE`
    const duplicate = await receiveDuplicate(tx, partner.id, base, envelope)
    if (duplicate) return duplicate
    const control = await nextControlNumber(tx, partner.id)
    const first: Problem | undefined = problems[0]
    const message = await tx.ediMessage.create({
      data: {
        ...base,
        ...envelope,
        partnerId: partner.id,
        status: accepted ? 'received' : 'rejected',
        ...(first ? { reason: first.code, reasonParams: first.params } : {}),
      },
      select: MESSAGE_LISTED,
    })
    const raw = writeAcknowledgment(interchange, partiesOf(partner), control, accepted, now)
    const acknowledgment = await tx.ediMessage.create({
      data: {
        organizationId: actor.organizationId,
        partnerId: partner.id,
        direction: 'out',
        type: '997',
        status: 'sent',
        controlNumber: String(control).padStart(9, '0'),
        groupControlNumber: String(control),
        transactionControlNumber: '0001',
        ourControlNumber: control,
        acknowledgesId: message.id,
        raw,
        sizeBytes: Buffer.byteLength(raw, 'utf8'),
      },
      select: { ...MESSAGE_LISTED, raw: true },
    })
    const tenders = accepted ? await writeTenders(tx, partner, message.id, drafts) : []
    if (accepted) await applyAcknowledgments(tx, partner.id, message.id, interchange)
    return { message, acknowledgment, tenders, refusal: null, duplicateOf: null }
  })
  // A change or cancel of an accepted tender reaches its load once the tender is kept (ADR 149).
  const followed = outcome.tenders.filter((tender) => tender.loadId && tender.purpose !== 'new')
  if (followed.length === 0) return outcome
  const { applyTenderToLoad } = await import('./tender-respond.server')
  for (const tender of followed) await applyTenderToLoad(actor.organizationId, tender.id, now)
  const ids = outcome.tenders.map((tender) => tender.id)
  const tenders = await prisma.ediTender.findMany({
    where: { id: { in: ids } },
    include: { stops: { orderBy: { sequence: 'asc' } } },
    orderBy: { createdAt: 'asc' },
  })
  return { ...outcome, tenders }
}

/**
 * An interchange no partner of ours may send as it is addressed: kept as `rejected` with the
 * reason and the envelope it named, answered by no 997, nothing else written.
 */
async function keepUnanswered(
  data: { organizationId: string; direction: 'in'; raw: string; sizeBytes: number; partnerId?: string } & Record<string, unknown>,
  interchange: Interchange,
  reason: 'partner_mismatch' | 'unknown_partner',
  messageKey: string,
): Promise<InboundOutcome> {
  const message = await prisma.ediMessage.create({
    data: {
      ...data,
      status: 'rejected',
      reason,
      reasonParams: { qualifier: interchange.senderQualifier, id: interchange.senderId, receiver: interchange.receiverId },
    },
    select: MESSAGE_LISTED,
  })
  return { message, acknowledgment: null, tenders: [], refusal: { code: 'unknown_partner', messageKey }, duplicateOf: null }
}

/**
 * The same interchange received again from the partner (same ISA13, same text): kept as a copy
 * not taken (rejected, reason `duplicate`) and answered with the first one's 997, accepting or
 * not as it was; no tender is written again. Null when it is new.
 */
async function receiveDuplicate(
  tx: Tx,
  partnerId: string,
  base: { organizationId: string; direction: 'in'; raw: string; sizeBytes: number },
  envelope: { type: string | null; controlNumber: string; groupControlNumber: string | null; transactionControlNumber: string | null },
): Promise<InboundOutcome | null> {
  const original = await tx.ediMessage.findFirst({
    where: {
      partnerId,
      direction: 'in',
      controlNumber: envelope.controlNumber,
      raw: base.raw,
      OR: [{ reason: null }, { reason: { notIn: ['duplicate', 'partner_mismatch'] } }],
    },
    orderBy: { createdAt: 'asc' },
    select: { id: true, status: true, createdAt: true, acknowledgment: { select: { ...MESSAGE_LISTED, raw: true } } },
  })
  if (!original) return null
  const message = await tx.ediMessage.create({
    data: {
      ...base,
      ...envelope,
      partnerId,
      status: 'rejected',
      reason: 'duplicate',
      reasonParams: { controlNumber: envelope.controlNumber, receivedAt: original.createdAt.toISOString() },
    },
    select: MESSAGE_LISTED,
  })
  return { message, acknowledgment: original.acknowledgment, tenders: [], refusal: null, duplicateOf: original.id }
}

/**
 * A partner's 997s: each of our interchanges it answers (by AK1's group control number, which is
 * our ISA13, and its functional group's type) is marked acknowledged, or rejected with the codes
 * the partner gave. Only a message still `sent` moves; the first one answered links this 997.
 */
async function applyAcknowledgments(tx: Tx, partnerId: string, messageId: string, interchange: Interchange) {
  let linked = false
  for (const group of interchange.groups)
    for (const set of group.transactions) {
      if (set.id !== '997') continue
      for (const answered of readFunctionalAcknowledgment(set)) {
        const type = answered.sets[0]?.id || FUNCTIONAL_TYPES[answered.functionalId]
        if (!type || type === '997') continue
        const ours = await tx.ediMessage.findFirst({
          where: { partnerId, direction: 'out', type, ourControlNumber: answered.control, status: 'sent' },
          select: { id: true, acknowledgment: { select: { id: true } } },
        })
        if (!ours) continue
        await tx.ediMessage.update({
          where: { id: ours.id },
          data: answered.accepted
            ? { status: 'acknowledged' }
            : { status: 'rejected', reason: 'rejected_by_partner', reasonParams: { codes: answered.codes.join(', ') || '-' } },
        })
        if (!linked && !ours.acknowledgment) {
          await tx.ediMessage.update({ where: { id: messageId }, data: { acknowledgesId: ours.id } })
          linked = true
        }
      }
    }
}

function tenderColumns(draft: TenderDraft) {
  return {
    scac: draft.scac,
    respondBy: draft.respondBy,
    references: draft.references as Prisma.InputJsonValue,
    weightLb: draft.weightLb,
    equipmentType: draft.equipmentType,
    rateCents: draft.rateCents,
  }
}

function stopRows(draft: TenderDraft) {
  return draft.stops.map((stop) => ({ ...stop, references: stop.references as Prisma.InputJsonValue }))
}

/**
 * One tender per partner and shipment: a new 204 makes it (pending; a cancel for one never seen
 * is kept canceled), a change rewrites a pending or accepted one with its stops, a cancel cancels
 * it. An accepted tender's load follows once this is kept (`applyTenderToLoad`, ADR 149); a
 * declined, canceled or expired tender is left as it is.
 */
async function writeTenders(tx: Tx, partner: EdiPartner, messageId: string, drafts: TenderDraft[]) {
  const written: string[] = []
  for (const draft of drafts) {
    const existing = await tx.ediTender.findUnique({ where: { partnerId_shipmentId: { partnerId: partner.id, shipmentId: draft.shipmentId } } })
    if (!existing) {
      const created = await tx.ediTender.create({
        data: {
          organizationId: partner.organizationId,
          partnerId: partner.id,
          messageId,
          shipmentId: draft.shipmentId,
          purpose: draft.purpose,
          status: draft.purpose === 'cancel' ? 'canceled' : 'pending',
          ...tenderColumns(draft),
          stops: { create: stopRows(draft) },
        },
      })
      written.push(created.id)
      continue
    }
    // Pending, or accepted and changed or canceled by the partner (its load follows: applyTenderToLoad).
    const afterAcceptance = existing.status === 'accepted' && draft.purpose !== 'new'
    if (existing.status !== 'pending' && !afterAcceptance) continue
    if (draft.purpose === 'cancel') {
      await tx.ediTender.update({ where: { id: existing.id }, data: { purpose: 'cancel', status: 'canceled', messageId, version: { increment: 1 } } })
    } else {
      await tx.ediTenderStop.deleteMany({ where: { tenderId: existing.id } })
      await tx.ediTender.update({
        where: { id: existing.id },
        data: { purpose: draft.purpose, messageId, ...tenderColumns(draft), stops: { create: stopRows(draft) }, version: { increment: 1 } },
      })
    }
    written.push(existing.id)
  }
  return tx.ediTender.findMany({ where: { id: { in: written } }, include: { stops: { orderBy: { sequence: 'asc' } } }, orderBy: { createdAt: 'asc' } })
}
