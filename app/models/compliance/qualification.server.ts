/**
 * The driver qualification file (49 CFR 391.51; ADR 139): a driver's items by kind, each with its
 * dates, result, notes and document (the storage module, streamed as a load's paper is: PDF, PNG,
 * JPEG or WebP by its bytes, 15 MB), shared by the driver's file page, the driver's own page and
 * `/api/drivers/{userId}/qualifications`. How long an item holds and its status are the policy's
 * (app/policies/qualification.ts), on the organization's today.
 *
 * - The office (admins, dispatchers) writes; accountants and viewers read; a driver reads their
 *   own file and adds a renewed medical card, `pending` until the office accepts it (only
 *   accepted items count). Another organization's user, or a user who is not a driver: 404.
 * - One rule for the medical card and the license: dispatch reads DriverProfile.medicalCardExpiry
 *   and licenseExpiry (app/models/loads/load-status.server.ts); whenever an accepted item of those
 *   kinds is written, the profile's expiry becomes that of the latest accepted one (by the day it
 *   was done), in the same transaction.
 * - Updates and deletes at the version read (409 otherwise); every write leaves an audit event. A
 *   refused write leaves no stored file behind.
 */
import { href } from 'react-router'

import type { DriverQualification, Prisma } from '~/generated/prisma/client'
import { type Actor, recordAudit } from '~/models/audit/audit.server'
import { keepingUpload, receiveDocument, type StoredDocument } from '~/models/files/streamed-upload.server'
import { removeStoredFiles } from '~/models/loads/load-document.server'
import { organizationToday } from '~/models/organization/organization.server'
import { assertActorMay, assertId, isoDate, requireFound, toDateOnly } from '~/models/records/records.server'
import { itemValidThrough, kindCompliance } from '~/policies/qualification'
import type { QualificationInput, QualificationRecord, QualificationUpdateInput } from '~/schemas/qualification'
import { type ComplianceStatus, QUALIFICATION_KINDS, type QualificationKind } from '~/schemas/qualification-options'
import { prisma, type Tx } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'
import type { Role } from '~/utils/permissions'
import { fileStorage } from '~/utils/storage.server'

export const DRIVER_NOT_FOUND = 'qualifications.errors.driverNotFound'
export const ITEM_NOT_FOUND = 'qualifications.errors.notFound'
const NO_DOCUMENT = 'qualifications.errors.noDocument'

/** What a driver may add to their own file: a renewed medical card (the office's other kinds are its own). */
export const DRIVER_UPLOAD_KINDS: readonly QualificationKind[] = ['medical_certificate']

/** The profile's date each dated kind keeps in step (the one dispatch reads). */
const PROFILE_EXPIRY = { medical_certificate: 'medicalCardExpiry', license: 'licenseExpiry' } as const satisfies Partial<Record<QualificationKind, string>>

/** Who reads: the user and organization, and their role (a driver reads only their own file). */
export type Viewer = { userId: string | null; organizationId: string; role: Role | 'system' }

const include = { reviewedBy: { select: { id: true, firstName: true, lastName: true } } } satisfies Prisma.DriverQualificationInclude
type Row = Prisma.DriverQualificationGetPayload<{ include: typeof include }>
/** An item with what the policy says of it today. */
export type QualificationItem = Row & { validThrough: string | null; status: ComplianceStatus }

const prefix = (organizationId: string, driverId: string) => `qualifications/${organizationId}/${driverId}`

/** A driver of the organization (role driver), or 404: another organization's user, or not a driver, is unknown here. */
async function requireDriver(db: Tx | typeof prisma, viewer: Viewer, driverId: string) {
  assertId(driverId, DRIVER_NOT_FOUND)
  if (viewer.role === 'driver' && viewer.userId !== driverId) throw new DomainError('not_found', DRIVER_NOT_FOUND)
  return requireFound(
    await db.user.findFirst({
      where: { id: driverId, organizationId: viewer.organizationId, role: 'driver' },
      select: { id: true, firstName: true, lastName: true, email: true, version: true },
    }),
    DRIVER_NOT_FOUND,
  )
}

function withStatus(row: Row, today: string): QualificationItem {
  const item = { kind: row.kind, completedAt: isoDate(row.completedAt)!, expiresAt: isoDate(row.expiresAt) }
  const validThrough = itemValidThrough(item)
  const { status } = kindCompliance([item], today)
  return { ...row, validThrough, status }
}

/**
 * A driver's file: the driver, every item (newest first within its kind, kinds in the file's
 * order) with its validThrough and status today, and each kind's status from its accepted items.
 */
export async function getQualificationFile(viewer: Viewer, driverId: string) {
  const driver = await requireDriver(prisma, viewer, driverId)
  const [rows, today] = await Promise.all([
    prisma.driverQualification.findMany({
      where: { organizationId: viewer.organizationId, driverId },
      include,
      orderBy: [{ completedAt: 'desc' }, { createdAt: 'desc' }],
    }),
    organizationToday(viewer.organizationId),
  ])
  const items = rows.map((row) => withStatus(row, today)).sort((a, b) => QUALIFICATION_KINDS.indexOf(a.kind) - QUALIFICATION_KINDS.indexOf(b.kind))
  const kinds = QUALIFICATION_KINDS.map((kind) => {
    const accepted = items
      .filter((item) => item.kind === kind && item.review === 'accepted')
      .map((item) => ({ kind, completedAt: isoDate(item.completedAt)!, expiresAt: isoDate(item.expiresAt) }))
    return { kind, ...kindCompliance(accepted, today), items: items.filter((item) => item.kind === kind) }
  })
  return { driver, today, items, kinds }
}

/** One item of a driver's file (404 when it is not that driver's, in the viewer's organization). */
export async function getQualification(viewer: Viewer, driverId: string, id: string) {
  await requireDriver(prisma, viewer, driverId)
  assertId(id, ITEM_NOT_FOUND)
  const row = requireFound(
    await prisma.driverQualification.findFirst({ where: { id, driverId, organizationId: viewer.organizationId }, include }),
    ITEM_NOT_FOUND,
  )
  return withStatus(row, await organizationToday(viewer.organizationId))
}

/** Done on the organization's today at the latest: a later day is a typing mistake. */
async function assertNotAhead(tx: Tx, organizationId: string, input: QualificationInput) {
  if (input.completedAt > (await organizationToday(organizationId, tx)))
    throw new DomainError('validation_failed', 'validation.failed', { fields: { completedAt: ['qualifications.errors.completedAhead'] } })
}

function documentData(stored: StoredDocument | undefined, actor: Actor) {
  return stored
    ? { documentKey: stored.key, documentName: stored.fileName, documentType: stored.contentType, documentBytes: stored.sizeBytes, uploadedById: actor.userId }
    : {}
}

const auditFields = (row: Pick<DriverQualification, 'kind' | 'completedAt' | 'expiresAt' | 'result' | 'notes' | 'review' | 'documentName' | 'driverId'>) => ({
  driverId: row.driverId,
  kind: row.kind,
  completedAt: isoDate(row.completedAt),
  expiresAt: isoDate(row.expiresAt),
  result: row.result,
  notes: row.notes,
  review: row.review,
  document: row.documentName,
})

/**
 * Keeps the profile's expiry of a dated kind (medical card, license) that of the driver's latest
 * accepted item of the kind, in the caller's transaction; the user's version goes up so an editor
 * opened before cannot put the old date back. No accepted item: the profile keeps what it has.
 */
async function syncProfileExpiry(tx: Tx, organizationId: string, driverId: string, kind: QualificationKind) {
  if (!(kind in PROFILE_EXPIRY)) return
  const field = PROFILE_EXPIRY[kind as keyof typeof PROFILE_EXPIRY]
  const latest = await tx.driverQualification.findFirst({
    where: { organizationId, driverId, kind, review: 'accepted' },
    orderBy: [{ completedAt: 'desc' }, { createdAt: 'desc' }],
    select: { expiresAt: true },
  })
  if (!latest) return
  const profile = await tx.driverProfile.findUnique({ where: { userId: driverId }, select: { [field]: true } })
  if (profile && (profile as Record<string, Date | null>)[field]?.getTime() === latest.expiresAt?.getTime()) return
  await tx.driverProfile.upsert({
    where: { userId: driverId },
    create: { organizationId, userId: driverId, [field]: latest.expiresAt },
    update: { [field]: latest.expiresAt },
  })
  await tx.user.update({ where: { id: driverId }, data: { version: { increment: 1 } } })
}

/**
 * Adds an item to a driver's file, with its document when one was uploaded. The office's items
 * are accepted at once; a driver's (their own file, a renewed medical card with its document) is
 * `pending` until the office accepts it.
 */
export async function createQualification(actor: Actor, driverId: string, input: QualificationInput, stored?: StoredDocument) {
  assertActorMay(actor, 'create', 'qualification')
  return keepingUpload(stored, async () => {
    const byDriver = actor.role === 'driver'
    if (byDriver && !DRIVER_UPLOAD_KINDS.includes(input.kind))
      throw new DomainError('validation_failed', 'validation.failed', { fields: { kind: ['qualifications.errors.driverKind'] } })
    if (byDriver && !stored) throw new DomainError('validation_failed', 'validation.failed', { fields: { file: ['qualifications.errors.documentRequired'] } })
    const id = await prisma.$transaction(async (tx) => {
      await requireDriver(tx, actor, driverId)
      await assertNotAhead(tx, actor.organizationId, input)
      const created = await tx.driverQualification.create({
        data: {
          organizationId: actor.organizationId,
          driverId,
          kind: input.kind,
          completedAt: toDateOnly(input.completedAt)!,
          expiresAt: toDateOnly(input.expiresAt),
          result: input.result || null,
          notes: input.notes || null,
          review: byDriver ? 'pending' : 'accepted',
          reviewedById: byDriver ? null : actor.userId,
          reviewedAt: byDriver ? null : new Date(),
          ...documentData(stored, actor),
        },
      })
      await recordAudit(tx, actor, { entity: 'qualification', entityId: created.id, action: 'create', after: auditFields(created) })
      if (created.review === 'accepted') await syncProfileExpiry(tx, actor.organizationId, driverId, created.kind)
      return created.id
    })
    return getQualification(actor, driverId, id)
  })
}

/** The item under a row lock, the driver's and the organization's, at the version read. */
async function lockItem(tx: Tx, actor: Actor, driverId: string, id: string, version: number | undefined) {
  await requireDriver(tx, actor, driverId)
  assertId(id, ITEM_NOT_FOUND)
  const [locked] = await tx.$queryRaw<Array<{ id: string }>>`
    SELECT "id" FROM "DriverQualification" WHERE "id" = ${id} AND "driverId" = ${driverId} AND "organizationId" = ${actor.organizationId} FOR UPDATE`
  requireFound(locked, ITEM_NOT_FOUND)
  const row = await tx.driverQualification.findUniqueOrThrow({ where: { id } })
  if (version !== undefined && row.version !== version) throw new DomainError('conflict', 'errors.conflict')
  return row
}

/**
 * Saves the whole item if nobody changed it since `version` was read (409 otherwise, nothing
 * written). A new document replaces the old one (its file removed after the write); `review`
 * accepts or rejects a driver's upload in the same write.
 */
export async function updateQualification(actor: Actor, driverId: string, id: string, input: QualificationUpdateInput, stored?: StoredDocument) {
  assertActorMay(actor, 'update', 'qualification')
  return keepingUpload(stored, async () => {
    const replaced = await prisma.$transaction(async (tx) => {
      const before = await lockItem(tx, actor, driverId, id, input.version)
      await assertNotAhead(tx, actor.organizationId, input)
      const reviewed = input.review && input.review !== before.review
      const completedAt = toDateOnly(input.completedAt)!
      const expiresAt = toDateOnly(input.expiresAt)
      // New dates are a new expiry: its reminder is due again (ADR 140).
      const redated =
        input.kind !== before.kind ||
        completedAt.getTime() !== before.completedAt.getTime() ||
        (expiresAt?.getTime() ?? null) !== (before.expiresAt?.getTime() ?? null)
      const after = await tx.driverQualification.update({
        where: { id },
        data: {
          kind: input.kind,
          completedAt,
          expiresAt,
          ...(redated ? { remindedAt: null } : {}),
          result: input.result || null,
          notes: input.notes || null,
          ...(reviewed ? { review: input.review, reviewedById: actor.userId, reviewedAt: new Date() } : {}),
          ...documentData(stored, actor),
          version: { increment: 1 },
        },
      })
      await recordAudit(tx, actor, { entity: 'qualification', entityId: id, action: 'update', before: auditFields(before), after: auditFields(after) })
      for (const kind of new Set([before.kind, after.kind])) await syncProfileExpiry(tx, actor.organizationId, driverId, kind)
      return stored ? before.documentKey : null
    })
    if (replaced) await removeStoredFiles([replaced])
    return getQualification(actor, driverId, id)
  })
}

/** The office accepts or rejects an item (a driver's upload): accepted, it counts, and a medical card or license sets the profile's expiry. */
export async function reviewQualification(actor: Actor, driverId: string, id: string, input: { review: 'accepted' | 'rejected'; version: number }) {
  assertActorMay(actor, 'update', 'qualification')
  await prisma.$transaction(async (tx) => {
    const before = await lockItem(tx, actor, driverId, id, input.version)
    const after = await tx.driverQualification.update({
      where: { id },
      data: { review: input.review, reviewedById: actor.userId, reviewedAt: new Date(), version: { increment: 1 } },
    })
    await recordAudit(tx, actor, {
      entity: 'qualification',
      entityId: id,
      action: 'status',
      before: { review: before.review },
      after: { review: after.review },
    })
    await syncProfileExpiry(tx, actor.organizationId, driverId, after.kind)
  })
  return getQualification(actor, driverId, id)
}

/** Deletes an item at the version read (when given), then its document's file. */
export async function deleteQualification(actor: Actor, driverId: string, id: string, version?: number) {
  assertActorMay(actor, 'delete', 'qualification')
  const before = await prisma.$transaction(async (tx) => {
    const row = await lockItem(tx, actor, driverId, id, version)
    await tx.driverQualification.delete({ where: { id } })
    await recordAudit(tx, actor, { entity: 'qualification', entityId: id, action: 'delete', before: auditFields(row) })
    await syncProfileExpiry(tx, actor.organizationId, driverId, row.kind)
    return row
  })
  if (before.documentKey) await removeStoredFiles([before.documentKey])
  return before
}

/**
 * A multipart write (the page's form with its file input, or the API's): the text fields, and the
 * optional `file` (the document) stored as it streams in, refused past 15 MB or of another type
 * with nothing kept. The actor and the driver are checked before any byte is stored.
 */
export async function receiveQualificationUpload(actor: Actor, driverId: string, request: Request, action: 'create' | 'update') {
  assertActorMay(actor, action, 'qualification')
  await requireDriver(prisma, actor, driverId)
  return receiveDocument(request, prefix(actor.organizationId, driverId), 'qualifications.errors.notMultipart')
}

/** Whether a request's body is multipart (a form with a file input, or the API's upload). */
export function isMultipart(request: Request) {
  return (request.headers.get('Content-Type') ?? '').toLowerCase().startsWith('multipart/form-data')
}

/** The document's bytes, for those who read the file (404 when it has none, or it is gone from storage). */
export async function readQualificationDocument(viewer: Viewer, driverId: string, id: string) {
  const item = await getQualification(viewer, driverId, id)
  if (!item.documentKey) throw new DomainError('not_found', NO_DOCUMENT)
  const object = await fileStorage().get(item.documentKey)
  if (!object) throw new DomainError('not_found', NO_DOCUMENT)
  return { file: { fileName: item.documentName!, contentType: item.documentType ?? 'application/octet-stream' }, ...object }
}

/** Where the document is read: the API's path (the page's twin serves the same bytes to a session). */
export function documentUrl(item: Pick<DriverQualification, 'id' | 'driverId'>) {
  return href('/api/drivers/:userId/qualifications/:id/document', { userId: item.driverId, id: item.id })
}

/** The API shape (QualificationRecordSchema): dates as YYYY-MM-DD so a client can PUT back what it read. */
export function serializeQualification(item: QualificationItem): QualificationRecord {
  return {
    id: item.id,
    organizationId: item.organizationId,
    driverId: item.driverId,
    kind: item.kind,
    completedAt: isoDate(item.completedAt)!,
    expiresAt: isoDate(item.expiresAt),
    result: item.result,
    notes: item.notes,
    review: item.review,
    reviewedAt: item.reviewedAt?.toISOString() ?? null,
    reviewedBy: item.reviewedBy,
    validThrough: item.validThrough,
    status: item.status,
    document: item.documentKey
      ? {
          fileName: item.documentName!,
          contentType: item.documentType ?? 'application/octet-stream',
          sizeBytes: item.documentBytes ?? 0,
          url: documentUrl(item),
        }
      : null,
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
    version: item.version,
  }
}
