/**
 * An accident's documents (ADR 141): the police report, photos, the insurer's letters. PDF, PNG,
 * JPEG or WebP by their bytes, 15 MB each, streamed to the storage module as a load's papers are
 * (receiveDocument): a file past the limit is refused (413) and nothing is kept. Those who change
 * accidents add and remove them; those who read accidents read them.
 */
import { type Actor, recordAudit } from '~/models/audit/audit.server'
import { keepingUpload, receiveDocument, RECORD_DOCUMENTS_MAX } from '~/models/files/streamed-upload.server'
import { removeStoredFiles } from '~/models/loads/load-document.server'
import { assertActorMay, assertId, requireFound } from '~/models/records/records.server'
import { prisma } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'
import { fileStorage } from '~/utils/storage.server'

import { ACCIDENT_NOT_FOUND } from './accident.server'

const NOT_FOUND = 'accidents.documents.errors.notFound'

async function ownAccident(organizationId: string, accidentId: string) {
  assertId(accidentId, ACCIDENT_NOT_FOUND)
  return requireFound(await prisma.accident.findFirst({ where: { id: accidentId, organizationId }, select: { id: true } }), ACCIDENT_NOT_FOUND)
}

/**
 * Stores the multipart body's `file` as a document of an accident of the actor's organization. The
 * accident is checked before the body is read; the file is stored as it streams in, then its row
 * written under the accident's lock (a delete meanwhile wins or waits); any refusal after the file
 * is stored removes it again. Returns the document and the form's other fields.
 */
export async function uploadAccidentDocument(actor: Actor, accidentId: string, request: Request) {
  assertActorMay(actor, 'update', 'accident')
  const { organizationId } = actor
  await ownAccident(organizationId, accidentId)
  const { form, stored } = await receiveDocument(request, `accidents/${organizationId}/${accidentId}`, 'accidents.documents.errors.notMultipart')
  if (!stored) throw new DomainError('validation_failed', 'validation.failed', { fields: { file: ['loads.documents.errors.fileRequired'] } })
  const document = await keepingUpload(stored, () =>
    prisma.$transaction(async (tx) => {
      const [locked] = await tx.$queryRaw<Array<{ id: string }>>`
        SELECT "id" FROM "Accident" WHERE "id" = ${accidentId} AND "organizationId" = ${organizationId} FOR UPDATE`
      requireFound(locked, ACCIDENT_NOT_FOUND)
      if ((await tx.accidentDocument.count({ where: { accidentId } })) >= RECORD_DOCUMENTS_MAX)
        throw new DomainError('validation_failed', 'validation.failed', {
          fields: { file: ['accidents.documents.errors.tooMany'] },
          params: { max: RECORD_DOCUMENTS_MAX },
        })
      const row = await tx.accidentDocument.create({
        data: {
          organizationId,
          accidentId,
          storageKey: stored.key,
          fileName: stored.fileName,
          contentType: stored.contentType,
          sizeBytes: stored.sizeBytes,
          uploadedById: actor.userId,
        },
        select: { id: true, accidentId: true, fileName: true, contentType: true, sizeBytes: true, uploadedAt: true },
      })
      await recordAudit(tx, actor, {
        entity: 'accident',
        entityId: accidentId,
        action: 'update',
        after: { document: { id: row.id, fileName: row.fileName, sizeBytes: row.sizeBytes } },
      })
      return row
    }),
  )
  return { document, form }
}

async function findDocument(organizationId: string, accidentId: string, documentId: string) {
  await ownAccident(organizationId, accidentId)
  assertId(documentId, NOT_FOUND)
  return requireFound(await prisma.accidentDocument.findFirst({ where: { id: documentId, accidentId, organizationId } }), NOT_FOUND)
}

/** A document's bytes, for those who read the organization's accidents (another's, or gone from storage: 404). */
export async function readAccidentDocument(organizationId: string, accidentId: string, documentId: string) {
  const document = await findDocument(organizationId, accidentId, documentId)
  const object = await fileStorage().get(document.storageKey)
  if (!object) throw new DomainError('not_found', NOT_FOUND)
  return { file: { fileName: document.fileName, contentType: document.contentType }, ...object }
}

/** Removes a document (those who change accidents): its row and an audit event, then its file. */
export async function deleteAccidentDocument(actor: Actor, accidentId: string, documentId: string) {
  assertActorMay(actor, 'update', 'accident')
  const document = await findDocument(actor.organizationId, accidentId, documentId)
  await prisma.$transaction(async (tx) => {
    const { count } = await tx.accidentDocument.deleteMany({ where: { id: document.id } })
    if (count !== 1) throw new DomainError('not_found', NOT_FOUND)
    await recordAudit(tx, actor, {
      entity: 'accident',
      entityId: accidentId,
      action: 'update',
      before: { document: { id: document.id, fileName: document.fileName, sizeBytes: document.sizeBytes } },
      after: { document: null },
    })
  })
  await removeStoredFiles([document.storageKey])
  return document
}
