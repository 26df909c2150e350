/**
 * A rate confirmation in, a load draft out (ADR 055), for `POST /api/loads/extract` and the
 * new-load page: the PDF's text (app/utils/rate-confirmation-pdf.server.ts), the rules
 * (app/utils/rate-confirmation-rules.ts), and the broker matched among the organization's by MC
 * number, then by name. Nothing is written here but the page's held upload (a file waiting for
 * the form to be saved); the source PDF becomes the new load's rate confirmation only when the
 * load is created (createLoadFromSource).
 */
import { randomBytes } from 'node:crypto'

import { fileTypeFromBuffer } from 'file-type'

import { type Actor, recordAudit } from '~/models/audit/audit.server'
import { readableMailWhere } from '~/models/mail/mailbox.server'
import { assertActorMay, assertId, requireFound } from '~/models/records/records.server'
import { HOLD_MS, releaseHeldFileTask } from '~/models/tasks/held-files.server'
import { type LoadScope, loadScope, loadScopeWhere } from '~/policies/load'
import { readsBox } from '~/policies/mail'
import type { LoadInput } from '~/schemas/load'
import { LOAD_DOCUMENT_MAX_BYTES } from '~/schemas/load-document-options'
import { prisma, type Tx } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'
import { safeFileName } from '~/utils/file-name'
import { can, type Role } from '~/utils/permissions'
import { pdfTextLines } from '~/utils/rate-confirmation-pdf.server'
import { type RateConfirmationText, readRateConfirmationText, type StopRead } from '~/utils/rate-confirmation-rules'
import { fileStorage } from '~/utils/storage.server'

import { createLoad } from './load.server'

export type FieldState = 'read' | 'not_found'
export const STOP_FIELDS = ['facilityName', 'line1', 'city', 'state', 'postalCode', 'windowStart', 'windowEnd'] as const
const LOAD_FIELDS = ['broker', 'brokerReference', 'equipmentType', 'commodity', 'weightLb', 'linehaulCents', 'stops'] as const

export type DraftStop = StopRead & { country: 'US' }
/** A load body in the API's shape (docs: api-contract.md, "Loads in detail"), as far as it was read. */
export type LoadDraft = Partial<Pick<LoadInput, 'brokerId' | 'brokerReference' | 'equipmentType' | 'commodity' | 'weightLb' | 'linehaulCents'>> & {
  stops: DraftStop[]
  charges: []
}
export type BrokerRead = {
  /** As the document writes them. */
  name: string | null
  mcNumber: string | null
  /** The organization's broker with that MC number, else that name; null: a new broker to add. */
  match: { id: string; name: string; mcNumber: string | null; by: 'mc' | 'name' } | null
  /** The broker's own details as the document gives them, for "Add a broker" (ADR 103); empty when none. */
  details: BrokerDetails
}
export type BrokerDetails = Partial<Record<'contactName' | 'phone' | 'email' | 'addressLine1' | 'city' | 'state' | 'postalCode', string>>
export type Extraction = { draft: LoadDraft; fields: Record<string, FieldState>; scanned: boolean; broker: BrokerRead | null }

/** Fewer characters than this on every page: a scan, not a text PDF. */
const SCANNED_BELOW = 20
const NOT_FOUND = 'loadForm.rateConfirmation.errors.sourceNotFound'

function fileError(code: 'validation_failed' | 'payload_too_large' | 'unsupported_media_type', key: string, params?: Record<string, unknown>) {
  return new DomainError(code, 'validation.failed', { fields: { file: [key] }, params })
}

/** The posted file's bytes if it is a PDF (by content) of at most 15 MB: else 400, 413 or 415. */
export async function pdfFromUpload(file: FormDataEntryValue | null) {
  if (!(file instanceof File) || file.size === 0) throw fileError('validation_failed', 'loadForm.rateConfirmation.errors.noFile')
  if (file.size > LOAD_DOCUMENT_MAX_BYTES)
    throw fileError('payload_too_large', 'loadForm.rateConfirmation.errors.tooLarge', { size: LOAD_DOCUMENT_MAX_BYTES / 1024 / 1024 })
  const bytes = new Uint8Array(await file.arrayBuffer())
  await assertPdf(bytes)
  return { bytes, fileName: safeFileName(file.name, 'pdf') }
}

async function assertPdf(bytes: Uint8Array) {
  const type = await fileTypeFromBuffer(bytes.subarray(0, 4100))
  if (type?.mime !== 'application/pdf') throw fileError('unsupported_media_type', 'loadForm.rateConfirmation.errors.notPdf')
}

function detailsOf(text: RateConfirmationText): BrokerDetails {
  const details = {
    contactName: text.brokerContactName,
    phone: text.brokerPhone,
    email: text.brokerEmail,
    addressLine1: text.brokerAddressLine1,
    city: text.brokerCity,
    state: text.brokerState,
    postalCode: text.brokerPostalCode,
  }
  return Object.fromEntries(Object.entries(details).filter(([, value]) => value)) as BrokerDetails
}

async function matchBroker(organizationId: string, name: string | undefined, mcNumber: string | undefined, details: BrokerDetails): Promise<BrokerRead | null> {
  if (!name && !mcNumber) return null
  const select = { id: true, name: true, mcNumber: true } as const
  const byMc = mcNumber ? await prisma.broker.findFirst({ where: { organizationId, mcNumber }, select }) : null
  // The name column is CITEXT: equal whatever the case.
  const byName = !byMc && name ? await prisma.broker.findFirst({ where: { organizationId, name }, select }) : null
  const match = byMc ? { ...byMc, by: 'mc' as const } : byName ? { ...byName, by: 'name' as const } : null
  return { name: name ?? null, mcNumber: mcNumber ?? null, match, details }
}

/** What the PDF says, as a draft load with the state of every field. Refuses bytes that are no PDF (415) or that pdf.js cannot open (400). */
export async function readRateConfirmation(organizationId: string, bytes: Uint8Array): Promise<Extraction> {
  await assertPdf(bytes)
  const lines = await pdfTextLines(bytes)
  if (!lines) throw fileError('validation_failed', 'loadForm.rateConfirmation.errors.unreadable')
  const characters = lines.reduce((sum, line) => sum + line.text.replace(/\s/g, '').length, 0)
  const scanned = characters < SCANNED_BELOW
  const text: RateConfirmationText = scanned ? { stops: [] } : readRateConfirmationText(lines)
  const broker = scanned ? null : await matchBroker(organizationId, text.brokerName, text.brokerMc, detailsOf(text))
  const draft: LoadDraft = {
    ...(broker?.match ? { brokerId: broker.match.id } : {}),
    ...(text.brokerReference ? { brokerReference: text.brokerReference } : {}),
    ...(text.equipmentType ? { equipmentType: text.equipmentType } : {}),
    ...(text.commodity ? { commodity: text.commodity } : {}),
    ...(text.weightLb ? { weightLb: text.weightLb } : {}),
    ...(text.linehaulCents ? { linehaulCents: text.linehaulCents } : {}),
    stops: text.stops.map((stop) => ({ ...stop, country: 'US' })),
    charges: [],
  }
  const state = (found: unknown): FieldState => (found === undefined || found === null || found === '' ? 'not_found' : 'read')
  const fields: Record<string, FieldState> = {}
  for (const field of LOAD_FIELDS) {
    fields[field] =
      field === 'broker' ? state(broker?.name ?? broker?.mcNumber) : field === 'stops' ? state(draft.stops.length || undefined) : state(draft[field])
  }
  draft.stops.forEach((stop, index) => {
    for (const field of STOP_FIELDS) fields[`stops.${index}.${field}`] = state(stop[field])
  })
  return { draft, fields, scanned, broker }
}

// Sources: a load's rate confirmation, a mail attachment, or the page's held upload ---------------

export type SourceUser = { id: string; organizationId: string; role: Role }
export type SourceKind = 'document' | 'mail-attachment' | 'upload'
export type SourceFile = { kind: SourceKind; id: string; fileName: string; bytes: Uint8Array }

async function storedBytes(key: string) {
  const object = await fileStorage().get(key)
  if (!object) throw new DomainError('not_found', NOT_FOUND)
  if (object.sizeBytes > LOAD_DOCUMENT_MAX_BYTES) {
    await object.body.cancel()
    throw fileError('payload_too_large', 'loadForm.rateConfirmation.errors.tooLarge', { size: LOAD_DOCUMENT_MAX_BYTES / 1024 / 1024 })
  }
  return new Uint8Array(await new Response(object.body).arrayBuffer())
}

/** Where a held upload lives: under the organization and the user, so nobody else's can be named. */
function uploadKey(user: SourceUser, token: string) {
  return `rate-confirmations/${user.organizationId}/${user.id}/${token}`
}
const TOKEN = /^[A-Za-z0-9_-]{24}$/

/** Keeps the page's uploaded PDF until the form is saved (or abandoned); answers its token. */
export async function holdUpload(user: SourceUser, bytes: Uint8Array) {
  const token = randomBytes(18).toString('base64url')
  const key = uploadKey(user, token)
  await fileStorage().put(
    key,
    (async function* () {
      yield bytes
    })(),
  )
  // A form never saved leaves its file for a day at most.
  await releaseHeldFileTask.enqueue(prisma, { key }, { runAt: new Date(Date.now() + HOLD_MS) })
  return token
}

/** A source's PDF, if this user may read it: a load's rate confirmation, a mail attachment, or their held upload. Else 404. */
export async function readSource(user: SourceUser, kind: string | null, id: string | null, fileName?: string): Promise<SourceFile> {
  if (!id) throw new DomainError('not_found', NOT_FOUND)
  if (kind === 'document') {
    assertId(id, NOT_FOUND)
    const driverScope = can(user.role, 'update', 'load') ? {} : { driverId: user.id }
    const document = requireFound(
      await prisma.loadDocument.findFirst({
        where: {
          id,
          organizationId: user.organizationId,
          kind: 'rateConn',
          contentType: 'application/pdf',
          load: { organizationId: user.organizationId, ...driverScope },
        },
      }),
      NOT_FOUND,
    )
    return { kind, id, fileName: document.fileName, bytes: await storedBytes(document.storageKey) }
  }
  if (kind === 'mail-attachment') {
    assertId(id, NOT_FOUND)
    const attachment = requireFound(
      await prisma.mailAttachment.findFirst({ where: { id, organizationId: user.organizationId, message: readableMailWhere(user) } }),
      NOT_FOUND,
    )
    return { kind, id, fileName: safeFileName(attachment.fileName, 'pdf'), bytes: await storedBytes(attachment.storageKey) }
  }
  if (kind === 'upload' && TOKEN.test(id)) {
    return { kind, id, fileName: safeFileName(fileName ?? '', 'pdf'), bytes: await storedBytes(uploadKey(user, id)) }
  }
  throw new DomainError('not_found', NOT_FOUND)
}

/** Where a load records its source (ADR 099): a mail attachment, or a load's rate confirmation; a held upload has no identity. */
function sourceColumn(kind: SourceKind) {
  return kind === 'mail-attachment' ? 'sourceMailAttachmentId' : kind === 'document' ? 'sourceDocumentId' : null
}

/**
 * The loads already made from a source (ADR 099): those that record it (the load a rate
 * confirmation is filed on is not one: copying it to a new load is what the button is for). Empty for an upload.
 */
export async function loadsMadeFrom(organizationId: string, source: { kind: SourceKind; id: string }, db: Tx | typeof prisma = prisma) {
  const column = sourceColumn(source.kind)
  if (!column) return []
  return db.load.findMany({
    where: { organizationId, [column]: source.id },
    select: { id: true, loadNumber: true },
    orderBy: { createdAt: 'asc' },
    take: 20,
  })
}

export type MadeLoad = { id: string; loadNumber: string }

/**
 * The loads made from each of several sources (ADR 099, 103): a mail message's attachments, or a
 * load's rate confirmations, in one query whatever their number (no query per attachment). Only
 * the loads the viewer may open (a driver: their own). Keyed by the source's id.
 */
export async function loadsMadeFromEach(viewer: LoadScope, sources: { mailAttachmentIds?: string[]; documentIds?: string[] }) {
  const mail = sources.mailAttachmentIds ?? []
  const documents = sources.documentIds ?? []
  const made = new Map<string, MadeLoad[]>()
  if (!mail.length && !documents.length) return made
  const rows = await prisma.load.findMany({
    where: {
      ...loadScopeWhere(viewer),
      OR: [...(mail.length ? [{ sourceMailAttachmentId: { in: mail } }] : []), ...(documents.length ? [{ sourceDocumentId: { in: documents } }] : [])],
    },
    select: { id: true, loadNumber: true, sourceMailAttachmentId: true, sourceDocumentId: true },
    orderBy: { createdAt: 'asc' },
    take: 200,
  })
  for (const row of rows) {
    for (const key of [row.sourceMailAttachmentId, row.sourceDocumentId]) {
      if (key && (mail.includes(key) || documents.includes(key))) made.set(key, [...(made.get(key) ?? []), { id: row.id, loadNumber: row.loadNumber }])
    }
  }
  return made
}

/**
 * Where a load was read from (ADR 103), in one query: the mail message of its source attachment
 * (when the user may read that message), or the load whose rate confirmation it was (when the user
 * may open that load). Null when it records no source, or none the user may see.
 */
export async function sourceOfLoad(user: SourceUser, loadId: string) {
  const viewer = loadScope(user)
  const row = await prisma.load.findFirst({
    where: { id: loadId, ...loadScopeWhere(viewer) },
    select: {
      sourceMailAttachment: { select: { fileName: true, message: { select: { id: true, folder: true, ownerId: true } } } },
      sourceDocument: { select: { fileName: true, load: { select: { id: true, loadNumber: true, driverId: true } } } },
    },
  })
  const message = row?.sourceMailAttachment?.message
  // The message only if this user reads its mailbox (the same rule as readableMailWhere, asked of the row read).
  if (message && (message.ownerId === null ? readsBox(user.role, 'shared') : message.ownerId === user.id && readsBox(user.role, 'own')))
    return {
      kind: 'mail-attachment' as const,
      fileName: row!.sourceMailAttachment!.fileName,
      message: { id: message.id, folder: message.folder, box: message.ownerId === null ? ('shared' as const) : ('own' as const) },
    }
  const document = row?.sourceDocument
  if (document && (!viewer.driverId || document.load.driverId === viewer.driverId))
    return { kind: 'document' as const, fileName: document.fileName, load: { id: document.load.id, loadNumber: document.load.loadNumber } }
  return null
}

/**
 * Creates the load from the form and files the source PDF as its rate confirmation: the bytes are
 * copied to a key of their own first, the load and the document row are written in one
 * transaction, and a failure removes the copy. A held upload is removed once it is filed.
 */
export async function createLoadFromSource(actor: Actor, user: SourceUser, input: LoadInput, source: SourceFile, options: { another?: boolean } = {}) {
  assertActorMay(actor, 'create', 'load')
  await assertPdf(source.bytes)
  const storage = fileStorage()
  const key = `loads/${user.organizationId}/from-rate-confirmation/${randomBytes(18).toString('base64url')}`
  const sizeBytes = await storage.put(
    key,
    (async function* () {
      yield source.bytes
    })(),
  )
  try {
    const load = await createLoad(actor, input, async (tx, created) => {
      // One load per document unless the user says otherwise (ADR 099): saves of the same source
      // take turns on a lock named by it, so the second of two at once sees the first.
      const column = sourceColumn(source.kind)
      if (column) {
        await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(${`load-source:${source.id}`}))::text`
        const made = (await loadsMadeFrom(user.organizationId, source, tx)).filter((load) => load.id !== created.id)
        if (made.length && !options.another)
          throw new DomainError('in_use', 'loadForm.rateConfirmation.errors.alreadyMade', {
            params: { numbers: made.map((load) => load.loadNumber).join(', ') },
          })
        await tx.load.update({ where: { id: created.id }, data: { [column]: source.id } })
      }
      const document = await tx.loadDocument.create({
        data: {
          loadId: created.id,
          organizationId: user.organizationId,
          kind: 'rateConn',
          fileName: source.fileName,
          contentType: 'application/pdf',
          sizeBytes,
          storageKey: key,
          uploadedById: user.id,
        },
      })
      await recordAudit(tx, actor, {
        entity: 'load',
        entityId: created.id,
        action: 'update',
        after: { document: { id: document.id, kind: document.kind, fileName: document.fileName, sizeBytes, source: source.kind } },
      })
    })
    if (source.kind === 'upload') await storage.delete(uploadKey(user, source.id)).catch(() => {})
    return load
  } catch (error) {
    await storage.delete(key).catch(() => {})
    throw error
  }
}
