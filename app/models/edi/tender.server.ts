/**
 * Load tenders from 204s (ADR 147), read by /dashboard/edi/tenders and GET /api/edi/tenders. They
 * are written by the inbound flow (inbound.server.ts) and answered by tender-respond.server.ts
 * (the 990, ADR 149).
 */
import type { EdiTender, EdiTenderStop, Prisma } from '~/generated/prisma/client'
import { assertId, listPage, requireFound } from '~/models/records/records.server'
import type { EdiTenderQuery, EdiTenderRecord } from '~/schemas/edi'
import { prisma } from '~/utils/db.server'

import { storedReferences } from './load-tender-204'

const NOT_FOUND = 'edi.errors.tenderNotFound'
const WITH_STOPS = { stops: { orderBy: { sequence: 'asc' as const } }, partner: { select: { id: true, name: true } } }

export async function listTenders(organizationId: string, query: EdiTenderQuery) {
  const where: Prisma.EdiTenderWhereInput = {
    organizationId,
    ...(query.status ? { status: query.status } : {}),
    ...(query.partnerId ? { partnerId: query.partnerId } : {}),
    ...(query.q ? { shipmentId: { contains: query.q, mode: 'insensitive' } } : {}),
  }
  return listPage(
    query,
    () => prisma.ediTender.count({ where }),
    (window) => prisma.ediTender.findMany({ where, include: WITH_STOPS, orderBy: [{ createdAt: query.dir }, { id: query.dir }], ...window }),
  )
}

export async function getTender(organizationId: string, id: string) {
  assertId(id, NOT_FOUND)
  return requireFound(await prisma.ediTender.findFirst({ where: { id, organizationId }, include: WITH_STOPS }), NOT_FOUND)
}

export function serializeTender(tender: EdiTender & { stops: EdiTenderStop[] }): EdiTenderRecord {
  return {
    id: tender.id,
    partnerId: tender.partnerId,
    messageId: tender.messageId,
    shipmentId: tender.shipmentId,
    purpose: tender.purpose,
    status: tender.status,
    respondBy: tender.respondBy?.toISOString() ?? null,
    references: storedReferences(tender.references),
    stops: tender.stops.map((stop) => ({
      sequence: stop.sequence,
      reason: stop.reason,
      kind: stop.kind === 'pickup' || stop.kind === 'delivery' ? stop.kind : 'other',
      name: stop.name,
      address: stop.address,
      city: stop.city,
      state: stop.state,
      postalCode: stop.postalCode,
      windowStart: stop.windowStart?.toISOString() ?? null,
      windowEnd: stop.windowEnd?.toISOString() ?? null,
      weightLb: stop.weightLb,
      references: storedReferences(stop.references),
    })),
    weightLb: tender.weightLb,
    equipmentType: tender.equipmentType,
    rateCents: tender.rateCents,
    loadId: tender.loadId,
    declineReason: tender.declineReason,
    conflict: tender.conflict,
    createdAt: tender.createdAt.toISOString(),
    updatedAt: tender.updatedAt.toISOString(),
    version: tender.version,
  }
}
