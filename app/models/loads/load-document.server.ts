/**
 * A load's papers (BOLs, rate confirmations, PODs), shared by the load page and
 * /api/loads/{id}/documents. The upload is streamed (receiveDocument): nothing is buffered whole.
 */
import { href } from 'react-router'

import { type Actor, recordAudit } from '~/models/audit/audit.server'
import { receiveDocument } from '~/models/files/streamed-upload.server'
import { assertActorMay, assertId, requireFound, throwRefusal } from '~/models/records/records.server'
import { emitWebhookEvent } from '~/models/webhooks/webhook-events.server'
import { canDeleteDocuments, documentDeleteRefusal, loadScope, loadScopeWhere, seesLoadMoney, uploadableKinds } from '~/policies/load'
import type { LoadDocumentRecord } from '~/schemas/load'
import { isLoadDocumentKind, type LoadDocumentKind } from '~/schemas/load-document-options'
import type { LoadStatus } from '~/schemas/load-options'
import { prisma } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'
import type { Role } from '~/utils/permissions'
import { fileStorage } from '~/utils/storage.server'

/** The file-name rule lives in app/utils/file-name.ts; chat and mail modules import it from here. */
export { attachmentDisposition, safeFileName, storedFileHeaders } from '~/utils/file-name'

const LOAD_NOT_FOUND = 'loads.errors.notFound'
const NOT_FOUND = 'loads.documents.errors.notFound'

export type DocumentUser = { id: string; organizationId: string; role: Role }

/** The load, if this user may read it (the load scope: a driver only their own); else 404. */
async function visibleLoad(user: DocumentUser, loadId: string) {
  assertId(loadId, LOAD_NOT_FOUND)
  return requireFound(
    await prisma.load.findFirst({
      where: { id: loadId, ...loadScopeWhere(loadScope(user)) },
      select: { id: true, organizationId: true, loadNumber: true },
    }),
    LOAD_NOT_FOUND,
  )
}

/**
 * Uploads one document onto a load the user may read. The load is checked before the body is
 * read; the kind after (it may come after the file in the form), and a refused kind removes the file.
 */
export async function uploadLoadDocument(user: DocumentUser, actor: Actor, loadId: string, request: Request) {
  assertActorMay(actor, 'create', 'loadDocument')
  const load = await visibleLoad(user, loadId)
  const kinds = uploadableKinds(user.role)
  if (kinds.length === 0) throw new DomainError('forbidden', 'loads.documents.errors.forbidden')
  const { form, stored, storage } = await receiveDocument(request, `loads/${load.organizationId}/${load.id}`, 'loads.documents.errors.notMultipart')
  try {
    const kind = form.get('kind')
    const fields: Record<string, string[]> = {}
    if (!isLoadDocumentKind(kind)) fields.kind = ['loads.documents.errors.kind']
    else if (!kinds.includes(kind)) fields.kind = ['loads.documents.errors.kindForbidden']
    if (!stored) fields.file = ['loads.documents.errors.fileRequired']
    if (Object.keys(fields).length)
      throw new DomainError(fields.kind?.[0] === 'loads.documents.errors.kindForbidden' ? 'forbidden' : 'validation_failed', 'validation.failed', { fields })
    const document = await prisma.$transaction(async (tx) => {
      const row = await tx.loadDocument.create({
        data: {
          loadId: load.id,
          organizationId: load.organizationId,
          kind: kind as LoadDocumentKind,
          fileName: stored!.fileName,
          contentType: stored!.contentType,
          sizeBytes: stored!.sizeBytes,
          storageKey: stored!.key,
          uploadedById: user.id,
        },
        include: uploaderInclude,
      })
      await recordAudit(tx, actor, {
        entity: 'load',
        entityId: load.id,
        action: 'update',
        after: { document: { id: row.id, kind: row.kind, fileName: row.fileName, sizeBytes: row.sizeBytes } },
      })
      await emitWebhookEvent(tx, load.organizationId, 'document.uploaded', {
        id: row.id,
        loadId: load.id,
        kind: row.kind,
        fileName: row.fileName,
        sizeBytes: row.sizeBytes,
      })
      return row
    })
    return { document, form }
  } catch (error) {
    if (stored) await storage.delete(stored.key)
    throw error
  }
}

const uploaderInclude = { uploadedBy: { select: { id: true, firstName: true, lastName: true } } } as const

async function findDocument(user: DocumentUser, loadId: string, documentId: string) {
  const load = await visibleLoad(user, loadId)
  assertId(documentId, NOT_FOUND)
  return requireFound(await prisma.loadDocument.findFirst({ where: { id: documentId, loadId: load.id, organizationId: load.organizationId } }), NOT_FOUND)
}

/** The stored bytes of one document, for a user who may read its load (a rate confirmation: one who sees its money, ADR 134). */
export async function readLoadDocument(user: DocumentUser, loadId: string, documentId: string) {
  const document = await findDocument(user, loadId, documentId)
  if (document.kind === 'rateConn' && !seesLoadMoney(user.role)) throw new DomainError('forbidden', 'api.forbidden')
  const object = await fileStorage().get(document.storageKey)
  if (!object) throw new DomainError('not_found', NOT_FOUND)
  return { document, ...object }
}

/** Removes one document (the office only): the row and its audit event first, then the stored file. */
export async function deleteLoadDocument(user: DocumentUser, actor: Actor, loadId: string, documentId: string) {
  if (!canDeleteDocuments(user.role)) throw new DomainError('forbidden', 'loads.documents.errors.forbidden')
  const document = await findDocument(user, loadId, documentId)
  await prisma.$transaction(async (tx) => {
    // The load's status under a row lock, so an invoice made meanwhile keeps the document.
    const [load] = await tx.$queryRaw<Array<{ status: LoadStatus }>>`SELECT status FROM "Load" WHERE id = ${document.loadId} FOR SHARE`
    throwRefusal(load && documentDeleteRefusal(load.status))
    const { count } = await tx.loadDocument.deleteMany({ where: { id: document.id } })
    if (count !== 1) throw new DomainError('not_found', NOT_FOUND)
    await recordAudit(tx, actor, {
      entity: 'load',
      entityId: document.loadId,
      action: 'update',
      before: { document: { id: document.id, kind: document.kind, fileName: document.fileName, sizeBytes: document.sizeBytes } },
      after: { document: null },
    })
  })
  // Mail that attached this document names the same file (ADR 053): it stays while any does.
  await removeStoredFiles([document.storageKey])
  return document
}

/** Removes the stored files of documents whose rows are gone (a deleted load's), best effort; a file mail still attaches stays. */
export async function removeStoredFiles(keys: string[]) {
  const storage = fileStorage()
  const mailed = new Set(
    keys.length
      ? (await prisma.mailAttachment.findMany({ where: { storageKey: { in: keys } }, select: { storageKey: true } })).map((row) => row.storageKey)
      : [],
  )
  await Promise.all(
    keys
      .filter((key) => !mailed.has(key))
      .map((key) => storage.delete(key).catch((error: unknown) => console.warn('[freightdesk] could not remove a stored file', key, error))),
  )
}

/** The API and page shape: `name` repeats `fileName` for the specification's client. */
export function serializeLoadDocument(document: {
  id: string
  loadId: string
  kind: string
  fileName: string
  contentType: string
  sizeBytes: number
  uploadedAt: Date
  uploadedBy?: { id: string; firstName: string; lastName: string } | null
}): LoadDocumentRecord {
  return {
    id: document.id,
    kind: document.kind as LoadDocumentKind,
    fileName: document.fileName,
    name: document.fileName,
    contentType: document.contentType,
    sizeBytes: document.sizeBytes,
    uploadedAt: document.uploadedAt.toISOString(),
    uploadedBy: document.uploadedBy ? { id: document.uploadedBy.id, name: `${document.uploadedBy.firstName} ${document.uploadedBy.lastName}`.trim() } : null,
    url: href('/api/loads/:id/documents/:documentId', { id: document.loadId, documentId: document.id }),
  }
}
