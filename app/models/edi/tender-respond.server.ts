/**
 * Answering load tenders (ADR 149): accept books a load from the tender through the load model
 * and queues a 990 `A`; decline queues a 990 `D` with the reason. Each is one transaction: the
 * tender's answer, the load and the 990 are kept together or not at all, and of two answers at
 * once exactly one is kept (the tender's row is written only while still pending at the version
 * read). What may be answered when is the tender policy's (app/policies/edi-tender.ts).
 */
import type { EdiPartner, EdiTender, EdiTenderStop } from '~/generated/prisma/client'
import { type Actor, recordAudit } from '~/models/audit/audit.server'
import { createLoad, updateLoad } from '~/models/loads/load.server'
import { moveLoad } from '~/models/loads/load-status.server'
import { organizationTimeZone } from '~/models/organization/organization.server'
import { assertActorMay, assertId, assertVersion, requireFound, throwRefusal } from '~/models/records/records.server'
import { systemActor } from '~/policies/actor'
import { tenderAnswerRefusal, tenderLoadEditable } from '~/policies/edi-tender'
import { canMoveLoad } from '~/policies/load'
import { type LoadInput, LoadSchema, LoadUpdateSchema } from '~/schemas/load'
import type { TrailerType } from '~/schemas/trailer-options'
import { prisma, type Tx } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'
import { zonedWallClock } from '~/utils/time'

import { storedReferences, type TenderReference } from './load-tender-204'
import { FUNCTIONAL_IDS, queueOutbound } from './outbound.server'
import { scacOf, writeTenderResponse } from './response-990'

const NOT_FOUND = 'edi.errors.tenderNotFound'
const ENTITY = 'ediTender'

type FullTender = EdiTender & { stops: EdiTenderStop[]; partner: EdiPartner }

async function readTender(db: Tx | typeof prisma, organizationId: string, id: string): Promise<FullTender> {
  assertId(id, NOT_FOUND)
  return requireFound(
    await db.ediTender.findFirst({ where: { id, organizationId }, include: { stops: { orderBy: { sequence: 'asc' } }, partner: true } }),
    NOT_FOUND,
  )
}

/** Answering asks what booking a load asks, and EDI update. */
function assertMayAnswer(actor: Actor) {
  assertActorMay(actor, 'update', 'edi')
  assertActorMay(actor, 'create', 'load')
}

/** N7-11 (equipment description code) → our trailer types; anything else is a dry van. */
const EQUIPMENT: Record<string, TrailerType> = {
  RT: 'reefer',
  RF: 'reefer',
  RV: 'reefer',
  FT: 'flatbed',
  FF: 'flatbed',
  FB: 'flatbed',
  SD: 'step_deck',
  LB: 'lowboy',
  LO: 'lowboy',
  TN: 'tanker',
  TK: 'tanker',
  PO: 'power_only',
}

const clip = (value: string | null | undefined, max: number) => (value ? value.slice(0, max) : undefined)
const referenceText = (references: TenderReference[]) => references.map((ref) => `${ref.qualifier} ${ref.value}`).join(' · ')

/**
 * The load a tender books: the partner's broker as bill-to, the shipment ID as the broker's
 * reference, the PO and BOL references in their fields and every reference in the notes, its
 * stops with their windows (instants), weight, equipment, and the rate as the linehaul. Checked by
 * the load's own schema: a tender the load model would refuse (a stop without a city) is refused.
 */
export function loadInputOf(tender: FullTender): LoadInput {
  const references = storedReferences(tender.references)
  const byQualifier = (qualifier: string) => references.filter((ref) => ref.qualifier === qualifier).map((ref) => ref.value)
  const stops = tender.stops.map((stop) => {
    const stopReferences = storedReferences(stop.references)
    return {
      type: stop.kind === 'pickup' ? 'pickup' : 'delivery',
      facilityName: clip(stop.name, 100),
      line1: clip(stop.address, 200),
      city: stop.city ?? '',
      state: clip(stop.state, 40),
      postalCode: clip(stop.postalCode, 20),
      windowStart: stop.windowStart?.toISOString(),
      windowEnd: stop.windowEnd?.toISOString(),
      appointmentRef: clip(stopReferences[0]?.value, 40),
      notes: clip(referenceText(stopReferences), 500),
    }
  })
  const weight = tender.weightLb !== null && tender.weightLb <= 200_000 ? tender.weightLb : undefined
  const notes = [`EDI 204 ${tender.shipmentId} (${tender.partner.name})`, referenceText(references)].filter(Boolean).join(' · ')
  const parsed = LoadSchema.safeParse({
    brokerId: tender.partner.brokerId,
    brokerReference: clip(tender.shipmentId, 40),
    poNumbers: clip(byQualifier('PO').join(', '), 200),
    bolNumber: clip(byQualifier('BM')[0], 40),
    equipmentType: EQUIPMENT[tender.equipmentType?.toUpperCase() ?? ''] ?? 'dry_van',
    weightLb: weight,
    linehaulCents: tender.rateCents ?? 0,
    notes: clip(notes, 2000),
    stops,
    charges: [],
  })
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.')))]
    throw new DomainError('invalid_transition', 'edi.tenderRespond.errors.unbookable', { params: { fields: fields.join(', ') } })
  }
  return parsed.data
}

/** B1-03: the day in the organization's zone, CCYYMMDD. */
async function answerDay(organizationId: string, now: Date, tx?: Tx) {
  return zonedWallClock(now, await organizationTimeZone(organizationId, tx))
    .slice(0, 10)
    .replaceAll('-', '')
}

/**
 * The tender's row moves from pending to its answer only if nobody answered it, changed it or let
 * it expire since it was read: else the caller's transaction is rolled back with the reason.
 */
async function answerRow(tx: Tx, tender: FullTender, now: Date, data: { status: 'accepted' | 'declined'; loadId?: string; declineReason?: string }) {
  const { count } = await tx.ediTender.updateMany({
    where: {
      id: tender.id,
      organizationId: tender.organizationId,
      status: 'pending',
      version: tender.version,
      OR: [{ respondBy: null }, { respondBy: { gt: now } }],
    },
    data: { ...data, version: { increment: 1 } },
  })
  if (count === 1) return
  const current = await tx.ediTender.findUnique({ where: { id: tender.id }, select: { status: true, respondBy: true } })
  throwRefusal(current && tenderAnswerRefusal(current, now))
  throw new DomainError('conflict', 'errors.conflict')
}

/** Queues the 990 of an answer just written, and audits the tender's move. */
async function sendAnswer(
  tx: Tx,
  actor: Actor,
  tender: FullTender,
  now: Date,
  answer: { action: 'A'; loadId: string; loadNumber: string } | { action: 'D'; reason: string },
) {
  await queueOutbound(tx, {
    organizationId: actor.organizationId,
    partnerId: tender.partnerId,
    type: '990',
    loadId: answer.action === 'A' ? answer.loadId : null,
    functionalId: FUNCTIONAL_IDS['990'],
    sets: [
      writeTenderResponse({
        scac: scacOf(tender.scac, tender.partner.ourGsId),
        shipmentId: tender.shipmentId,
        date: await answerDay(actor.organizationId, now, tx),
        ...(answer.action === 'A' ? { action: 'A', loadNumber: answer.loadNumber } : { action: 'D', reason: answer.reason }),
      }),
    ],
    now,
  })
  await recordAudit(tx, actor, {
    entity: ENTITY,
    entityId: tender.id,
    action: 'status',
    before: { status: 'pending' },
    after: answer.action === 'A' ? { status: 'accepted', loadId: answer.loadId } : { status: 'declined', declineReason: answer.reason },
  })
}

/**
 * Accepts a pending tender: books its load (see `loadInputOf`), links it, and queues the 990 `A`
 * with the load's number, all in one transaction. 409 when it is no longer pending, past its
 * respond-by time, or changed since `version`.
 */
export async function acceptTender(actor: Actor, id: string, version?: number, now = new Date()) {
  assertMayAnswer(actor)
  const tender = await readTender(prisma, actor.organizationId, id)
  assertVersion(tender, version)
  throwRefusal(tenderAnswerRefusal(tender, now))
  const input = loadInputOf(tender)
  const load = await createLoad(actor, input, async (tx, load) => {
    await answerRow(tx, tender, now, { status: 'accepted', loadId: load.id })
    // The 204 it came from points at its load in the message log too.
    await tx.ediMessage.updateMany({ where: { id: tender.messageId, loadId: null }, data: { loadId: load.id } })
    await sendAnswer(tx, actor, tender, now, { action: 'A', loadId: load.id, loadNumber: load.loadNumber })
  })
  return { tender: await readTender(prisma, actor.organizationId, id), load }
}

/** Declines a pending tender with a reason and queues the 990 `D`. 409 as `acceptTender`. */
export async function declineTender(actor: Actor, id: string, version: number | undefined, reason: string, now = new Date()) {
  assertMayAnswer(actor)
  const tender = await readTender(prisma, actor.organizationId, id)
  assertVersion(tender, version)
  throwRefusal(tenderAnswerRefusal(tender, now))
  await prisma.$transaction(async (tx) => {
    await answerRow(tx, tender, now, { status: 'declined', declineReason: reason })
    await sendAnswer(tx, actor, tender, now, { action: 'D', reason })
  })
  return readTender(prisma, actor.organizationId, id)
}

// ---- What the partner sends after acceptance, and expiry ---------------------------------------

/** A conflict's code as the tender keeps it (the page shows `edi.tenderRespond.conflicts.<code>`). */
export type TenderConflict = 'load_not_editable' | 'load_not_cancelable'

async function markConflict(tenderId: string, conflict: TenderConflict | null, now: Date) {
  await prisma.ediTender.update({
    where: { id: tenderId },
    data: conflict ? { conflict, conflictAt: now, version: { increment: 1 } } : { conflict: null, conflictAt: null, version: { increment: 1 } },
  })
}

/**
 * Takes a change or cancel the partner sent for an accepted tender to its load (the 204 already
 * rewrote the tender; this runs once that is kept): a change replaces the load's stops and windows
 * (and weight) through `updateLoad` while the tender policy's `TENDER_LOAD_EDITABLE` statuses
 * allow it, a cancel cancels the load through the status machine. What the load cannot take is
 * kept on the tender as a visible conflict; one taken clears it. Never throws for the load's refusal.
 */
export async function applyTenderToLoad(organizationId: string, tenderId: string, now = new Date()) {
  const tender = await readTender(prisma, organizationId, tenderId)
  if (!tender.loadId) return null
  const load = await prisma.load.findFirst({
    where: { id: tender.loadId, organizationId },
    include: { stops: true, charges: { orderBy: { sequence: 'asc' } } },
  })
  if (!load) return null
  const actor = systemActor(organizationId)
  if (tender.purpose === 'cancel') {
    if (load.status === 'canceled') return markConflict(tender.id, null, now)
    if (!canMoveLoad(load.status, 'canceled')) return markConflict(tender.id, 'load_not_cancelable', now)
    try {
      await moveLoad(actor, load.id, { status: 'canceled', version: load.version }, now)
      return markConflict(tender.id, null, now)
    } catch (error) {
      if (error instanceof DomainError) return markConflict(tender.id, 'load_not_cancelable', now)
      throw error
    }
  }
  if (!tenderLoadEditable(load.status)) return markConflict(tender.id, 'load_not_editable', now)
  let booked: LoadInput
  try {
    booked = loadInputOf(tender)
  } catch (error) {
    if (error instanceof DomainError) return markConflict(tender.id, 'load_not_editable', now)
    throw error
  }
  const update = LoadUpdateSchema.safeParse({
    brokerId: load.brokerId,
    companyId: load.companyId ?? undefined,
    brokerReference: load.brokerReference ?? undefined,
    poNumbers: load.poNumbers ?? undefined,
    bolNumber: load.bolNumber ?? undefined,
    equipmentType: load.equipmentType,
    commodity: load.commodity ?? undefined,
    weightLb: booked.weightLb ?? load.weightLb ?? undefined,
    pieces: load.pieces ?? undefined,
    temperatureF: load.temperatureF ?? undefined,
    hazmat: load.hazmat,
    linehaulCents: load.linehaulCents,
    loadedMiles: load.loadedMiles ?? undefined,
    emptyMiles: load.emptyMiles ?? undefined,
    driverId: load.driverId ?? undefined,
    truckId: load.truckId ?? undefined,
    trailerId: load.trailerId ?? undefined,
    notes: load.notes ?? undefined,
    stops: booked.stops,
    charges: load.charges.map((charge) => ({
      id: charge.id,
      type: charge.type,
      description: charge.description ?? undefined,
      amountCents: charge.amountCents,
    })),
    version: load.version,
  })
  if (!update.success) return markConflict(tender.id, 'load_not_editable', now)
  try {
    await updateLoad(actor, load.id, update.data)
    return markConflict(tender.id, null, now)
  } catch (error) {
    if (error instanceof DomainError) return markConflict(tender.id, 'load_not_editable', now)
    throw error
  }
}

/**
 * Pending tenders whose respond-by time has passed become `expired` (the job queue's
 * `edi_tender_expiry`, every few minutes); the policy refuses answering them before this runs.
 * No 990 is sent for an expired tender: the partner's own deadline has already said no.
 */
export async function expireTenders(now = new Date()) {
  const { count } = await prisma.ediTender.updateMany({
    where: { status: 'pending', respondBy: { lte: now } },
    data: { status: 'expired', version: { increment: 1 } },
  })
  return count
}
