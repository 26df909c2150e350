/**
 * A load's papers (BOLs, rate confirmations, PODs), shared by the load page and
 * /api/loads/{id}/documents. The upload is streamed: the multipart body is parsed as it arrives,
 * the file's type is decided from its first bytes (file-type) before anything is stored, and the
 * bytes go to storage as they come, refused past 15 MB. Nothing is buffered whole.
 */
import { randomBytes } from 'node:crypto'

import { type FileUpload, parseFormData } from '@mjackson/form-data-parser'
import { MaxFileSizeExceededError } from '@mjackson/multipart-parser'
import { fileTypeFromBuffer } from 'file-type'
import { href } from 'react-router'

import { type Actor, recordAudit } from '~/models/audit/audit.server'
import { assertActorMay, assertId, requireFound, throwRefusal } from '~/models/records/records.server'
import { emitWebhookEvent } from '~/models/webhooks/webhook-events.server'
import { canDeleteDocuments, documentDeleteRefusal, loadScope, loadScopeWhere, uploadableKinds } from '~/policies/load'
import type { LoadDocumentRecord } from '~/schemas/load'
import { isLoadDocumentKind, LOAD_DOCUMENT_MAX_BYTES, LOAD_DOCUMENT_TYPES, type LoadDocumentKind, type LoadDocumentType } from '~/schemas/load-document-options'
import type { LoadStatus } from '~/schemas/load-options'
import { prisma } from '~/utils/db.server'
import { DomainError, isDomainError } from '~/utils/errors.server'
import { safeFileName } from '~/utils/file-name'
import type { Role } from '~/utils/permissions'
import { fileStorage } from '~/utils/storage.server'

/** The file-name rule lives in app/utils/file-name.ts; chat and mail modules import it from here. */
export { attachmentDisposition, safeFileName, storedFileHeaders } from '~/utils/file-name'

const LOAD_NOT_FOUND = 'loads.errors.notFound'
const NOT_FOUND = 'loads.documents.errors.notFound'
/** Bytes file-type looks at; the accepted types need far fewer. */
const SNIFF_BYTES = 4100

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

function fileError(code: 'validation_failed' | 'payload_too_large' | 'unsupported_media_type', key: string, params?: Record<string, unknown>) {
  return new DomainError(code, 'validation.failed', { fields: { file: [key] }, params })
}

function concat(chunks: Uint8Array[], length: number) {
  const bytes = new Uint8Array(length)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

/**
 * The file's bytes as they arrive: the first ones are held until their type is known (refused
 * unless PDF, PNG, JPEG or WebP), then everything passes through, counted; past the limit the
 * upload is refused with 413. A refused file is still read to its end (and dropped), so the
 * answer reaches a browser that is still sending instead of a reset connection; the parser's cap
 * (DRAIN_BYTES) bounds how much is read for nothing.
 */
async function* checkedBytes(stream: ReadableStream<Uint8Array>, found: { type?: LoadDocumentType }, signal: AbortSignal) {
  let head: Uint8Array[] = []
  let headLength = 0
  let total = 0
  let refusal: DomainError | undefined
  const decide = async () => {
    const detected = await fileTypeFromBuffer(concat(head, headLength))
    if (detected && detected.mime in LOAD_DOCUMENT_TYPES) found.type = detected.mime as LoadDocumentType
    else refusal = fileError('unsupported_media_type', 'loads.documents.errors.type')
  }
  const reader = stream.getReader()
  // A client gone mid-upload ends the body but never this part's stream: stop on the signal instead.
  const aborted = new Promise<never>((_, reject) => {
    const stop = () => reject(signal.reason ?? new Error('aborted'))
    if (signal.aborted) stop()
    else signal.addEventListener('abort', stop, { once: true })
  })
  aborted.catch(() => {})
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), aborted])
      if (done) break
      if (refusal) continue
      total += value.byteLength
      if (total > LOAD_DOCUMENT_MAX_BYTES) {
        refusal = fileError('payload_too_large', 'loads.documents.errors.tooLarge', { size: LOAD_DOCUMENT_MAX_BYTES / 1024 / 1024 })
        head = []
        continue
      }
      if (found.type) {
        yield value
        continue
      }
      head.push(value)
      headLength += value.byteLength
      if (headLength >= SNIFF_BYTES) {
        await decide()
        if (!refusal) yield* head
        head = []
      }
    }
    if (refusal) throw refusal
    if (total === 0) throw fileError('validation_failed', 'loads.documents.errors.empty')
    if (!found.type) {
      await decide()
      if (refusal) throw refusal
      yield* head
    }
  } finally {
    reader.releaseLock()
  }
}

/** How much of a refused file is read and dropped before the connection is given up. */
const DRAIN_BYTES = LOAD_DOCUMENT_MAX_BYTES + 1024 * 1024

function storageKey(organizationId: string, loadId: string) {
  return `loads/${organizationId}/${loadId}/${randomBytes(18).toString('base64url')}`
}

type Stored = { key: string; sizeBytes: number; contentType: LoadDocumentType; fileName: string }

/**
 * Reads a multipart body (`kind`, `file`; other text fields such as `intent` are passed back),
 * storing the file as it streams in. Any refusal removes what was stored.
 */
async function receive(request: Request, organizationId: string, loadId: string) {
  const type = (request.headers.get('Content-Type') ?? '').toLowerCase()
  if (!type.startsWith('multipart/form-data')) throw new DomainError('unsupported_media_type', 'loads.documents.errors.notMultipart')
  const storage = fileStorage()
  let stored: Stored | undefined
  // The parser calls this for every part without waiting for the one before: the first file part
  // claims the upload before anything is written, and a second one is refused before it is.
  let writing: Promise<number> | undefined
  const failed = new AbortController()
  const signal = AbortSignal.any([request.signal, failed.signal])
  const upload = async (file: FileUpload) => {
    if (file.fieldName !== 'file' || writing) throw fileError('validation_failed', 'loads.documents.errors.oneFile')
    // A form posted with no file chosen sends an empty part without a name: no file.
    if (file.name === '') {
      await file.stream().pipeTo(new WritableStream())
      return null
    }
    const found: { type?: LoadDocumentType } = {}
    const key = storageKey(organizationId, loadId)
    writing = storage.put(key, checkedBytes(file.stream(), found, signal))
    const sizeBytes = await writing
    stored = { key, sizeBytes, contentType: found.type!, fileName: safeFileName(file.name, LOAD_DOCUMENT_TYPES[found.type!]) }
    return key
  }
  let form: FormData
  try {
    // The parser's own cap is a backstop above ours: checkedBytes answers 413 first.
    form = await parseFormData(request, { maxFileSize: DRAIN_BYTES, maxHeaderSize: 8 * 1024 }, upload)
  } catch (error) {
    // A write still running (the body failed or a later part was refused) stops and removes its bytes.
    failed.abort()
    await writing?.catch(() => {})
    if (stored) await storage.delete(stored.key)
    const cause = error instanceof Error && error.cause ? error.cause : error
    if (isDomainError(cause)) throw cause
    if (isDomainError(error)) throw error
    if (error instanceof MaxFileSizeExceededError || cause instanceof MaxFileSizeExceededError)
      throw fileError('payload_too_large', 'loads.documents.errors.tooLarge', { size: LOAD_DOCUMENT_MAX_BYTES / 1024 / 1024 })
    throw new DomainError('validation_failed', 'loads.documents.errors.badForm')
  }
  return { form, stored: stored as Stored | undefined, storage }
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
  const { form, stored, storage } = await receive(request, load.organizationId, load.id)
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

/** The stored bytes of one document, for a user who may read its load. */
export async function readLoadDocument(user: DocumentUser, loadId: string, documentId: string) {
  const document = await findDocument(user, loadId, documentId)
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
