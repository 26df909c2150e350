/**
 * Photos of a DVIR's defects (ADR 135), through the storage module as a load's papers and fuel
 * receipts are (receiveFiles): JPEG, PNG or WebP by their bytes, 15 MB each. A driver uploads them
 * before filing (POST /api/inspections/photos, or the filing form's file inputs, which upload and
 * file in one post); filing attaches each to its defect in the report's transaction
 * (attachInspectionPhotos). An upload left unattached is removed a day later by the job queue
 * (release_inspection_photo). A report's photo is read by whoever reads the report; it is deleted
 * (files manager) by those who certify reports, never before the report's 3 months are over.
 */
import { href } from 'react-router'

import type { Prisma } from '~/generated/prisma/client'
import { type Actor, recordAudit } from '~/models/audit/audit.server'
import { receiveFiles, type StoredDocument } from '~/models/files/streamed-upload.server'
import { removeStoredFiles } from '~/models/loads/load-document.server'
import { assertActorMay, assertId, requireFound, throwRefusal } from '~/models/records/records.server'
import { releaseInspectionPhotoTask } from '~/models/tasks/inspection-photos.server'
import { fileRefusal, photoDeleteRefusal } from '~/policies/inspection'
import type { InspectionPhotoRecord } from '~/schemas/inspection'
import { INSPECTION_PHOTO_TYPES, PHOTOS_PER_FORM_MAX } from '~/schemas/inspection-options'
import { LOAD_DOCUMENT_MAX_BYTES } from '~/schemas/load-document-options'
import { prisma, type Tx } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'
import { MULTIPART_ENVELOPE_BYTES } from '~/utils/upload-limit'

export const PHOTO_NOT_FOUND = 'inspections.photos.errors.notFound'
const NOT_FOUND = PHOTO_NOT_FOUND

/** How long an upload waits for its report before the job queue removes it. */
export const ORPHAN_PHOTO_MS = 24 * 60 * 60 * 1000

/** What a photo input accepts: images only, by their bytes. */
const PHOTOS = { types: INSPECTION_PHOTO_TYPES, typeError: 'inspections.photos.errors.type' }

/** The filing form's body at most: its photos, and the form around them. */
export const INSPECTION_FORM_MAX_BYTES = PHOTOS_PER_FORM_MAX * LOAD_DOCUMENT_MAX_BYTES + MULTIPART_ENVELOPE_BYTES

export const photoSelect = { id: true, fileName: true, contentType: true, sizeBytes: true } satisfies Prisma.InspectionPhotoSelect
type PhotoRow = Prisma.InspectionPhotoGetPayload<{ select: typeof photoSelect }>

const prefix = (organizationId: string) => `inspections/${organizationId}`

/** The API shape of a photo; `url` reads it with the same key or session. */
export function serializePhoto(photo: PhotoRow): InspectionPhotoRecord {
  return { ...photo, url: href('/api/inspections/photos/:id', { id: photo.id }) }
}

/** Rows for stored uploads (the actor's, attached to nothing yet), each with its removal queued a day later, in one transaction. */
async function recordUploads(actor: Actor, stored: readonly StoredDocument[], now = new Date()) {
  try {
    return await prisma.$transaction(async (tx) => {
      const rows = await tx.inspectionPhoto.createManyAndReturn({
        data: stored.map((file) => ({
          organizationId: actor.organizationId,
          storageKey: file.key,
          fileName: file.fileName,
          contentType: file.contentType,
          sizeBytes: file.sizeBytes,
          uploadedById: actor.userId,
          createdAt: now,
        })),
        select: photoSelect,
      })
      for (const row of rows) await releaseInspectionPhotoTask.enqueue(tx, { photoId: row.id }, { runAt: new Date(now.getTime() + ORPHAN_PHOTO_MS) })
      return rows
    })
  } catch (error) {
    await removeStoredFiles(stored.map((file) => file.key))
    throw error
  }
}

/** Who uploads: who files reports (a driver, an admin for a yard check). */
function assertUploader(actor: Actor) {
  assertActorMay(actor, 'create', 'inspection')
  throwRefusal(fileRefusal(actor))
}

/**
 * POST /api/inspections/photos: the multipart `file`, one image (415 otherwise, 413 past 15 MB,
 * nothing kept), stored for a report the caller is about to file.
 */
export async function uploadInspectionPhoto(actor: Actor, request: Request) {
  assertUploader(actor)
  const { stored } = await receiveFiles(request, {
    prefix: prefix(actor.organizationId),
    notMultipart: 'inspections.photos.errors.notMultipart',
    accept: PHOTOS,
  })
  if (!stored.length) throw new DomainError('validation_failed', 'validation.failed', { fields: { file: ['loads.documents.errors.fileRequired'] } })
  const [photo] = await recordUploads(actor, stored)
  return photo
}

/** The filing form's photo input of the checklist's line `index`. */
const PHOTO_FIELD = /^defects\[(\d{1,2})\]\.photos$/

/**
 * The filing form's post (/dashboard/inspections/new): multipart with each line's photos, or a
 * plain form. Each accepted photo is stored and recorded as an upload, its id added to its line's
 * `photoIds`, so the form then reads as the API's body; a refused photo (type, size) leaves its
 * reason at its line's input (`refused`) and the rest of the form as typed.
 */
export async function receiveInspectionForm(actor: Actor, request: Request) {
  const type = (request.headers.get('Content-Type') ?? '').toLowerCase()
  if (!type.startsWith('multipart/form-data')) return { form: await request.formData(), refused: {} }
  assertUploader(actor)
  const { form, stored, refused } = await receiveFiles(request, {
    prefix: prefix(actor.organizationId),
    notMultipart: 'inspections.photos.errors.notMultipart',
    accept: PHOTOS,
    fileField: (name) => PHOTO_FIELD.test(name),
    maxFiles: PHOTOS_PER_FORM_MAX,
    tooManyFiles: 'inspections.photos.errors.tooManyInForm',
    keepGoing: { totalBytes: INSPECTION_FORM_MAX_BYTES },
  })
  if (stored.length) {
    const rows = await recordUploads(actor, stored)
    stored.forEach((file, index) => form.append(file.field.replace(/\.photos$/, '.photoIds'), rows[index].id))
  }
  const fields: Record<string, string[]> = {}
  for (const [field, error] of Object.entries(refused)) fields[field] = error.fields?.file ?? [error.messageKey]
  const first = Object.values(refused)[0]
  return { form, refused: fields, code: first?.code, params: first?.options.params }
}

/**
 * Attaches each defect's photos in the report's transaction (the rows locked): every one must be
 * an upload of the actor's in their organization not attached yet, and named once; else 400
 * `validation_failed` at `defects[i].photoIds` and nothing is written.
 */
export async function attachInspectionPhotos(
  tx: Tx,
  actor: Actor,
  inspectionId: string,
  defects: ReadonlyArray<{ id: string; line: number; photoIds: readonly string[] }>,
) {
  const ids = defects.flatMap((defect) => defect.photoIds)
  if (!ids.length) return
  const rows = await tx.$queryRaw<Array<{ id: string; organizationId: string; uploadedById: string | null; inspectionId: string | null }>>`
    SELECT "id", "organizationId", "uploadedById", "inspectionId" FROM "InspectionPhoto" WHERE "id" = ANY(${ids}::text[]) FOR UPDATE`
  const byId = new Map(rows.map((row) => [row.id, row]))
  const seen = new Set<string>()
  const fields: Record<string, string[]> = {}
  defects.forEach((defect) => {
    for (const id of defect.photoIds) {
      const row = byId.get(id)
      const usable = row && row.organizationId === actor.organizationId && row.uploadedById === actor.userId && row.inspectionId === null
      const key = !usable ? 'inspections.photos.errors.notYours' : seen.has(id) ? 'inspections.photos.errors.twice' : null
      seen.add(id)
      if (key) (fields[`defects[${defect.line}].photoIds`] ??= []).push(key)
    }
  })
  if (Object.keys(fields).length) throw new DomainError('validation_failed', 'inspections.photos.errors.refused', { fields })
  for (const defect of defects)
    if (defect.photoIds.length)
      await tx.inspectionPhoto.updateMany({ where: { id: { in: [...defect.photoIds] } }, data: { inspectionId, defectId: defect.id } })
}

/** Removes an upload still unattached a day after it was made (the job's work); a photo attached, or younger, stays. */
export async function releaseOrphanPhoto(photoId: string, now = new Date()) {
  const before = new Date(now.getTime() - ORPHAN_PHOTO_MS)
  const rows = await prisma.$queryRaw<Array<{ storageKey: string }>>`
    DELETE FROM "InspectionPhoto" WHERE "id" = ${photoId} AND "inspectionId" IS NULL AND "createdAt" <= ${before} RETURNING "storageKey"`
  await removeStoredFiles(rows.map((row) => row.storageKey))
  return rows.length > 0
}

/**
 * Deletes a report's photo (the files manager): by those who certify reports, once the report is
 * past its 3 months (photoDeleteRefusal); the row and an audit event, then the file.
 */
export async function deleteInspectionPhoto(actor: Actor, photoId: string, now = new Date()) {
  assertActorMay(actor, 'update', 'inspection')
  assertId(photoId, NOT_FOUND)
  const key = await prisma.$transaction(async (tx) => {
    const [photo] = await tx.$queryRaw<Array<{ storageKey: string; fileName: string; inspectionId: string | null; inspectedAt: Date | null }>>`
      SELECT p."storageKey", p."fileName", p."inspectionId", i."inspectedAt" FROM "InspectionPhoto" p
      LEFT JOIN "Inspection" i ON i."id" = p."inspectionId"
      WHERE p."id" = ${photoId} AND p."organizationId" = ${actor.organizationId} FOR UPDATE OF p`
    const found = requireFound(photo, NOT_FOUND)
    throwRefusal(photoDeleteRefusal(actor.role, found.inspectedAt, now))
    await tx.inspectionPhoto.delete({ where: { id: photoId } })
    if (found.inspectionId)
      await recordAudit(tx, actor, {
        entity: 'inspection',
        entityId: found.inspectionId,
        action: 'update',
        before: { photo: found.fileName },
        after: { photo: null },
      })
    return found.storageKey
  })
  await removeStoredFiles([key])
}
