/**
 * Claims (ADR 142), shared by the pages under /dashboard/claims and /api/claims: cargo damage,
 * shortage, loss or property damage against one of the organization's loads, claimed by one of its
 * brokers or companies, with the amounts claimed and paid, the insurer's claim and the papers. What
 * each status allows is app/policies/claim.ts's; deducting a paid claim from the driver is the
 * settlement model's (`deductClaim` in app/models/settlements/settlement.server.ts), never a second
 * path here.
 */
import { href } from 'react-router'

import type { Prisma } from '~/generated/prisma/client'
import { type Actor, recordAudit } from '~/models/audit/audit.server'
import { keepingUpload, receiveDocument, RECORD_DOCUMENTS_MAX } from '~/models/files/streamed-upload.server'
import { removeStoredFiles } from '~/models/loads/load-document.server'
import {
  assertActorMay,
  assertId,
  assertReferences,
  isoDate,
  listPage,
  lockForUpdate,
  nextNumber,
  ownReference,
  type Reference,
  requireFound,
  rethrowReferenceGone,
  throwRefusal,
  toDateOnly,
} from '~/models/records/records.server'
import { type ClaimAction, claimRefusal, type ClaimState } from '~/policies/claim'
import type { ClaimInput, ClaimListQuery, ClaimRecord, ClaimStatusInput, ClaimUpdate } from '~/schemas/claim'
import { formatClaimNumber } from '~/schemas/claim-options'
import type { CsvColumn } from '~/utils/csv.server'
import { prisma, type Tx } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'
import { fileStorage } from '~/utils/storage.server'

const NOT_FOUND = 'claims.errors.notFound'
const DOCUMENT_NOT_FOUND = 'claims.documents.errors.notFound'

const include = {
  load: { select: { id: true, loadNumber: true, driverId: true } },
  claimantBroker: { select: { id: true, name: true } },
  claimantCompany: { select: { id: true, name: true } },
  deductionDriver: { select: { id: true, firstName: true, lastName: true } },
  documents: { orderBy: [{ uploadedAt: 'asc' }, { id: 'asc' }] },
  // The live line that deducts it (liveClaimId is unique: one at most).
  settlementItems: { where: { liveClaimId: { not: null } }, select: { settlement: { select: { id: true, number: true } } } },
} satisfies Prisma.ClaimInclude
export type ClaimRow = Prisma.ClaimGetPayload<{ include: typeof include }>

function fieldError(field: string, key: string): never {
  throw new DomainError('validation_failed', 'validation.failed', { fields: { [field]: [key] } })
}

/** What the policy reads of a claim. */
export function claimState(claim: {
  status: ClaimRow['status']
  amountPaidCents: number | null
  deductionRequestedAt: Date | null
  load: { driverId: string | null }
}): ClaimState {
  return { status: claim.status, amountPaidCents: claim.amountPaidCents, deducted: claim.deductionRequestedAt !== null, driverId: claim.load.driverId }
}

function references(organizationId: string, input: ClaimInput): Reference[] {
  return [
    ownReference(organizationId, 'load', 'loadId', input.loadId, 'claims.errors.unknownLoad'),
    ownReference(organizationId, 'broker', 'claimantBrokerId', input.claimantBrokerId, 'claims.errors.unknownClaimant'),
    ownReference(organizationId, 'company', 'claimantCompanyId', input.claimantCompanyId, 'claims.errors.unknownClaimant'),
  ]
}

function claimData(input: ClaimInput) {
  return {
    loadId: input.loadId,
    kind: input.kind,
    claimantBrokerId: input.claimantBrokerId || null,
    claimantCompanyId: input.claimantCompanyId || null,
    filedOn: toDateOnly(input.filedOn)!,
    amountClaimedCents: input.amountClaimedCents,
    amountPaidCents: input.amountPaidCents ?? null,
    insurer: input.insurer || null,
    insurerClaimNumber: input.insurerClaimNumber || null,
    notes: input.notes || null,
  }
}

/** What was paid is known once the claim is settled: an open, investigated or denied claim has none. */
function assertPaidWhenSettled(status: ClaimRow['status'], input: { amountPaidCents?: number }) {
  if (input.amountPaidCents !== undefined && status !== 'settled' && status !== 'closed') fieldError('amountPaidCents', 'claims.errors.paidNotSettled')
}

/** Opens a claim (status open): its number, the references checked in the organization; audited. */
export async function createClaim(actor: Actor, input: ClaimInput): Promise<ClaimRow> {
  assertActorMay(actor, 'create', 'claim')
  const { organizationId } = actor
  assertPaidWhenSettled('open', input)
  const refs = references(organizationId, input)
  try {
    return await prisma.$transaction(async (tx) => {
      await assertReferences(tx, refs)
      const number = formatClaimNumber(await nextNumber(tx, organizationId, 'nextClaimNumber'))
      const claim = await tx.claim.create({ data: { organizationId, number, ...claimData(input) }, include })
      await recordAudit(tx, actor, {
        entity: 'claim',
        entityId: claim.id,
        action: 'create',
        after: { number, loadId: input.loadId, kind: input.kind, amountClaimedCents: input.amountClaimedCents },
      })
      return claim
    })
  } catch (error) {
    rethrowReferenceGone(error, refs)
    throw error
  }
}

async function lockClaim(tx: Tx, organizationId: string, id: string, version: number | undefined) {
  return lockForUpdate(tx, { table: 'Claim', id, organizationId, version, notFoundKey: NOT_FOUND }, () =>
    tx.claim.findFirst({ where: { id, organizationId }, include }),
  )
}

function assertAllows(action: ClaimAction, claim: ClaimRow) {
  throwRefusal(claimRefusal(action, claimState(claim)))
}

/**
 * Edits a claim not yet closed at the version read (409). A claim whose payment was deducted keeps
 * its load, and what it says was paid stays at least the deduction.
 */
export async function updateClaim(actor: Actor, id: string, input: ClaimUpdate): Promise<ClaimRow> {
  assertActorMay(actor, 'update', 'claim')
  const { organizationId } = actor
  const refs = references(organizationId, input)
  try {
    return await prisma.$transaction(async (tx) => {
      const claim = await lockClaim(tx, organizationId, id, input.version)
      assertAllows('edit', claim)
      assertPaidWhenSettled(claim.status, input)
      if (claim.deductionCents !== null) {
        if (input.loadId !== claim.loadId) fieldError('loadId', 'claims.errors.deductedLoad')
        if ((input.amountPaidCents ?? 0) < claim.deductionCents) fieldError('amountPaidCents', 'claims.errors.paidBelowDeduction')
      }
      await assertReferences(tx, refs)
      const data = claimData(input)
      const updated = await tx.claim.update({ where: { id }, data: { ...data, version: { increment: 1 } }, include })
      await recordAudit(tx, actor, {
        entity: 'claim',
        entityId: id,
        action: 'update',
        before: { loadId: claim.loadId, amountClaimedCents: claim.amountClaimedCents, amountPaidCents: claim.amountPaidCents },
        after: { loadId: data.loadId, amountClaimedCents: data.amountClaimedCents, amountPaidCents: data.amountPaidCents },
      })
      return updated
    })
  } catch (error) {
    rethrowReferenceGone(error, refs)
    throw error
  }
}

/**
 * Moves a claim along its table at the version read (409 conflict; a move the table does not allow
 * is 409 invalid_transition). Settling may say what was paid (at most what was claimed).
 */
export async function moveClaim(actor: Actor, id: string, input: ClaimStatusInput): Promise<ClaimRow> {
  assertActorMay(actor, 'update', 'claim')
  return prisma.$transaction(async (tx) => {
    const claim = await lockClaim(tx, actor.organizationId, id, input.version)
    // Nothing moves back to open: the table has no move to it.
    if (input.status === 'open') throw new DomainError('invalid_transition', 'claims.errors.transition')
    assertAllows(input.status, claim)
    const data: Prisma.ClaimUpdateInput = { status: input.status, version: { increment: 1 } }
    if (input.amountPaidCents !== undefined) {
      if (input.status !== 'settled') fieldError('amountPaidCents', 'claims.errors.paidNotSettled')
      if (input.amountPaidCents > claim.amountClaimedCents) fieldError('amountPaidCents', 'claims.errors.paidOverClaimed')
      data.amountPaidCents = input.amountPaidCents
    }
    const moved = await tx.claim.update({ where: { id }, data, include })
    await recordAudit(tx, actor, {
      entity: 'claim',
      entityId: id,
      action: 'status',
      before: { status: claim.status },
      after: { status: input.status, ...(input.amountPaidCents !== undefined ? { amountPaidCents: input.amountPaidCents } : {}) },
    })
    return moved
  })
}

/** Deletes a claim opened by mistake (open, nothing deducted) at the version read; its papers go after its row. */
export async function deleteClaim(actor: Actor, id: string, version: number | undefined) {
  assertActorMay(actor, 'delete', 'claim')
  const keys = await prisma.$transaction(async (tx) => {
    const claim = await lockClaim(tx, actor.organizationId, id, version)
    assertAllows('delete', claim)
    await tx.claim.delete({ where: { id } })
    await recordAudit(tx, actor, { entity: 'claim', entityId: id, action: 'delete', before: { number: claim.number, loadId: claim.loadId } })
    return claim.documents.map((document) => document.storageKey)
  })
  await removeStoredFiles(keys)
}

/** One claim of the organization, or 404. */
export async function getClaim(organizationId: string, id: string): Promise<ClaimRow> {
  assertId(id, NOT_FOUND)
  return requireFound(await prisma.claim.findFirst({ where: { id, organizationId }, include }), NOT_FOUND)
}

function listWhere(organizationId: string, query: ClaimListQuery): Prisma.ClaimWhereInput {
  const q = query.q
  return {
    organizationId,
    status: query.status,
    kind: query.kind,
    loadId: query.loadId || undefined,
    filedOn: query.from || query.to ? { gte: toDateOnly(query.from) ?? undefined, lte: toDateOnly(query.to) ?? undefined } : undefined,
    ...(q
      ? {
          OR: [
            { number: { contains: q, mode: 'insensitive' } },
            { insurerClaimNumber: { contains: q, mode: 'insensitive' } },
            { load: { loadNumber: { contains: q, mode: 'insensitive' } } },
          ],
        }
      : {}),
  }
}

const listOrder = (query: ClaimListQuery): Prisma.ClaimOrderByWithRelationInput[] => [{ [query.sort]: query.dir }, { id: query.dir }]

/** One page of the organization's claims as the API answers them, newest first by default. */
export async function listClaims(organizationId: string, query: ClaimListQuery) {
  const where = listWhere(organizationId, query)
  return listPage(
    query,
    () => prisma.claim.count({ where }),
    (window) => prisma.claim.findMany({ where, include, relationLoadStrategy: 'query', orderBy: listOrder(query), ...window }),
  )
}

const tableSelect = {
  id: true,
  version: true,
  number: true,
  kind: true,
  status: true,
  filedOn: true,
  amountClaimedCents: true,
  amountPaidCents: true,
  load: { select: { loadNumber: true } },
  claimantBroker: { select: { name: true } },
  claimantCompany: { select: { name: true } },
} satisfies Prisma.ClaimSelect
export type ClaimTableRow = Prisma.ClaimGetPayload<{ select: typeof tableSelect }>

/** The same page for the list page's table: the columns it shows (to-one names joined in the same statement). */
export async function listClaimTable(organizationId: string, query: ClaimListQuery) {
  const where = listWhere(organizationId, query)
  return listPage(
    query,
    () => prisma.claim.count({ where }),
    (window) => prisma.claim.findMany({ where, select: tableSelect, relationLoadStrategy: 'join', orderBy: listOrder(query), ...window }),
  )
}

/** Every claim the list's filters match, in its order, 500 at a time (the CSV export). */
export async function* exportClaims(organizationId: string, query: ClaimListQuery) {
  const where = listWhere(organizationId, query)
  for (let skip = 0; ; skip += 500) {
    const rows = await prisma.claim.findMany({ where, select: tableSelect, relationLoadStrategy: 'join', orderBy: listOrder(query), skip, take: 500 })
    yield* rows
    if (rows.length < 500) return
  }
}

export const CLAIM_CSV_COLUMNS: CsvColumn<ClaimTableRow>[] = [
  { key: 'number', label: 'claims.fields.number', value: (row) => row.number },
  { key: 'filedOn', label: 'claims.fields.filedOn', value: (row) => isoDate(row.filedOn) },
  { key: 'loadNumber', label: 'claims.fields.load', value: (row) => row.load.loadNumber },
  { key: 'claimant', label: 'claims.fields.claimant', value: (row) => (row.claimantBroker ?? row.claimantCompany)?.name },
  { key: 'kind', label: 'claims.fields.kind', value: (row) => row.kind, valueLabel: (value) => `claims.kind.${value}` },
  { key: 'status', label: 'claims.fields.status', value: (row) => row.status, valueLabel: (value) => `claims.status.${value}` },
  { key: 'amountClaimedCents', label: 'claims.fields.amountClaimed', value: (row) => row.amountClaimedCents, money: true },
  { key: 'amountPaidCents', label: 'claims.fields.amountPaid', value: (row) => row.amountPaidCents, money: true },
  { key: 'id', label: 'fields.id', value: (row) => row.id },
]

/** A select of more records than this is unusable. */
const OPTIONS_MAX = 300

/** What the editor offers: the organization's brokers and companies, and its latest loads (the claim's own load always). */
export async function claimFormOptions(organizationId: string, loadId?: string | null) {
  const [brokers, companies, loads, named] = await Promise.all([
    prisma.broker.findMany({ where: { organizationId }, select: { id: true, name: true }, orderBy: { name: 'asc' }, take: OPTIONS_MAX }),
    prisma.company.findMany({ where: { organizationId }, select: { id: true, name: true }, orderBy: { name: 'asc' }, take: OPTIONS_MAX }),
    prisma.load.findMany({
      where: { organizationId },
      select: { id: true, loadNumber: true, brokerId: true },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: OPTIONS_MAX,
    }),
    loadId ? prisma.load.findFirst({ where: { id: loadId, organizationId }, select: { id: true, loadNumber: true, brokerId: true } }) : null,
  ])
  return { brokers, companies, loads: named && !loads.some((load) => load.id === named.id) ? [named, ...loads] : loads, load: named }
}

// ---- Papers ----

/**
 * Uploads one paper onto a claim of the organization, streamed to storage as a load's paper is
 * (receiveDocument: PDF, PNG, JPEG or WebP by its bytes, 15 MB at most, else refused and nothing
 * kept). The claim is checked before the body is read; a closed claim takes none.
 */
export async function uploadClaimDocument(actor: Actor, claimId: string, request: Request) {
  assertActorMay(actor, 'update', 'claim')
  const { organizationId } = actor
  const claim = await getClaim(organizationId, claimId)
  assertAllows('edit', claim)
  const { stored } = await receiveDocument(request, `claims/${organizationId}/${claim.id}`, 'claims.documents.errors.notMultipart')
  if (!stored) fieldError('file', 'loads.documents.errors.fileRequired')
  return keepingUpload(stored, () =>
    prisma.$transaction(async (tx) => {
      // Counted under the claim's lock, so two uploads at once cannot both pass the bound.
      await tx.$queryRaw`SELECT "id" FROM "Claim" WHERE "id" = ${claim.id} FOR UPDATE`
      if ((await tx.claimDocument.count({ where: { claimId: claim.id } })) >= RECORD_DOCUMENTS_MAX)
        throw new DomainError('validation_failed', 'validation.failed', {
          fields: { file: ['claims.documents.errors.tooMany'] },
          params: { max: RECORD_DOCUMENTS_MAX },
        })
      const row = await tx.claimDocument.create({
        data: {
          claimId: claim.id,
          organizationId,
          fileName: stored.fileName,
          contentType: stored.contentType,
          sizeBytes: stored.sizeBytes,
          storageKey: stored.key,
        },
      })
      await recordAudit(tx, actor, { entity: 'claim', entityId: claim.id, action: 'update', after: { document: { id: row.id, fileName: row.fileName } } })
      return row
    }),
  )
}

async function findDocument(organizationId: string, claimId: string, documentId: string) {
  assertId(claimId, NOT_FOUND)
  assertId(documentId, DOCUMENT_NOT_FOUND)
  return requireFound(await prisma.claimDocument.findFirst({ where: { id: documentId, claimId, organizationId } }), DOCUMENT_NOT_FOUND)
}

/** The stored bytes of one of a claim's papers (404 when it or its file is gone). */
export async function readClaimDocument(organizationId: string, claimId: string, documentId: string) {
  const document = await findDocument(organizationId, claimId, documentId)
  const object = await fileStorage().get(document.storageKey)
  if (!object) throw new DomainError('not_found', DOCUMENT_NOT_FOUND)
  return { document, ...object }
}

/** Removes one paper of a claim not yet closed: the row and its audit event, then the stored file. */
export async function deleteClaimDocument(actor: Actor, claimId: string, documentId: string) {
  assertActorMay(actor, 'update', 'claim')
  const document = await findDocument(actor.organizationId, claimId, documentId)
  await prisma.$transaction(async (tx) => {
    const claim = await lockClaim(tx, actor.organizationId, claimId, undefined)
    assertAllows('edit', claim)
    const { count } = await tx.claimDocument.deleteMany({ where: { id: document.id } })
    if (count !== 1) throw new DomainError('not_found', DOCUMENT_NOT_FOUND)
    await recordAudit(tx, actor, {
      entity: 'claim',
      entityId: claimId,
      action: 'update',
      before: { document: { id: document.id, fileName: document.fileName } },
    })
  })
  await removeStoredFiles([document.storageKey])
  return document
}

// ---- The API's shape ----

/** The API shape (ClaimRecordSchema, the OpenAPI's `Claim`). */
export function serializeClaim(claim: ClaimRow): ClaimRecord {
  const claimant = claim.claimantBroker
    ? { type: 'broker' as const, id: claim.claimantBroker.id, name: claim.claimantBroker.name }
    : { type: 'company' as const, id: claim.claimantCompany!.id, name: claim.claimantCompany!.name }
  const driver = claim.deductionDriver
  return {
    id: claim.id,
    organizationId: claim.organizationId,
    number: claim.number,
    loadId: claim.loadId,
    load: claim.load,
    kind: claim.kind,
    status: claim.status,
    claimant,
    claimantBrokerId: claim.claimantBrokerId,
    claimantCompanyId: claim.claimantCompanyId,
    filedOn: isoDate(claim.filedOn)!,
    amountClaimedCents: claim.amountClaimedCents,
    amountPaidCents: claim.amountPaidCents,
    insurer: claim.insurer,
    insurerClaimNumber: claim.insurerClaimNumber,
    notes: claim.notes,
    deduction:
      driver && claim.deductionCents !== null && claim.deductionRequestedAt
        ? {
            driver: { id: driver.id, name: `${driver.firstName} ${driver.lastName}`.trim() },
            amountCents: claim.deductionCents,
            requestedAt: claim.deductionRequestedAt.toISOString(),
            settlement: claim.settlementItems[0]?.settlement ?? null,
          }
        : null,
    documents: claim.documents.map((document) => ({
      id: document.id,
      fileName: document.fileName,
      contentType: document.contentType,
      sizeBytes: document.sizeBytes,
      uploadedAt: document.uploadedAt.toISOString(),
      url: href('/api/claims/:id/documents/:documentId', { id: claim.id, documentId: document.id }),
    })),
    createdAt: claim.createdAt.toISOString(),
    updatedAt: claim.updatedAt.toISOString(),
    version: claim.version,
  }
}
