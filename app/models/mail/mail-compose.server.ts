/**
 * Writing mail (ADR 053): drafts, and sending. A sent message is one row per mailbox it reaches:
 * the sender's copy in sent (the shared mailbox's when it sends from the organization's address),
 * a copy in the inbox of every colleague it names (users of the organization, by address, case
 * insensitive), one in the shared inbox when it names the organization's address, and for outside
 * addresses an `mail_email` job that emails it (SMTP, or the outbox folder without one). Uploaded
 * files are checked by content and stored before the transaction; if the transaction fails they
 * are removed, so nothing is half saved. Load documents are attached by reference to their file.
 */
import { randomBytes, randomUUID } from 'node:crypto'

import { safeFileName } from '~/models/loads/load-document.server'
import { consumeRateLimit } from '~/models/operations/rate-limit.server'
import { assertVersion } from '~/models/records/records.server'
import { mailEmailTask } from '~/models/tasks/mail-email.server'
import { loadScope, loadScopeWhere } from '~/policies/load'
import { boxOf, mailsOutside, writesBox } from '~/policies/mail'
import type { MailComposeInput } from '~/schemas/mail'
import { MAIL_ATTACHMENT_MAX_BYTES, MAIL_ATTACHMENTS_MAX, MAIL_ATTACHMENTS_MAX_TOTAL_BYTES, type MailBox } from '~/schemas/mail-options'
import { prisma } from '~/utils/db.server'
import { env } from '~/utils/env.server'
import { DomainError } from '~/utils/errors.server'
import { inboundLocalPartOf } from '~/utils/inbound-address.server'
import { MAIL_ATTACHMENT_TYPES, mailAttachmentType } from '~/utils/mail-attachment-type.server'
import { mailSnippet } from '~/utils/mail-text'
import { fileStorage } from '~/utils/storage.server'

import { organizationMailIdentity } from './mail-address.server'
import { assertMailAllows, getMail, type MailUser, removeUnusedFiles } from './mailbox.server'

export type ComposeUser = MailUser & { email: string; firstName: string; lastName: string }

/** An uploaded file, checked: its bytes, the type read from them and a safe name. */
export type CheckedFile = { fileName: string; contentType: string; bytes: Uint8Array }

const fileError = (code: 'validation_failed' | 'payload_too_large' | 'unsupported_media_type', key: string, params?: Record<string, unknown>) =>
  new DomainError(code, 'validation.failed', { fields: { files: [key] }, params })

/**
 * The files of a compose form or a multipart POST, checked: how many, how large (one and all
 * together: 413), and what they are by their bytes (PDF, images, Word and Excel files, plain text;
 * anything else 415). An empty part without a name (no file chosen) is no file.
 */
export async function checkMailFiles(files: File[]): Promise<CheckedFile[]> {
  const chosen = files.filter((file) => !(file.size === 0 && file.name === ''))
  if (chosen.length > MAIL_ATTACHMENTS_MAX) throw fileError('validation_failed', 'mail.errors.tooManyFiles', { max: MAIL_ATTACHMENTS_MAX })
  let total = 0
  const checked: CheckedFile[] = []
  for (const file of chosen) {
    const mb = MAIL_ATTACHMENT_MAX_BYTES / 1024 / 1024
    if (file.size > MAIL_ATTACHMENT_MAX_BYTES) throw fileError('payload_too_large', 'mail.errors.fileTooLarge', { name: file.name, size: mb })
    total += file.size
    if (total > MAIL_ATTACHMENTS_MAX_TOTAL_BYTES)
      throw fileError('payload_too_large', 'mail.errors.filesTooLarge', { size: MAIL_ATTACHMENTS_MAX_TOTAL_BYTES / 1024 / 1024 })
    const bytes = new Uint8Array(await file.arrayBuffer())
    if (bytes.byteLength === 0) throw fileError('validation_failed', 'mail.errors.fileEmpty', { name: file.name })
    // By the bytes, as the inbound receiver decides (one rule for mail that comes in and goes out).
    const contentType = await mailAttachmentType(bytes, { fileName: file.name, declaredType: file.type })
    if (!contentType) throw fileError('unsupported_media_type', 'mail.errors.fileType', { name: file.name })
    checked.push({ fileName: safeFileName(file.name, MAIL_ATTACHMENT_TYPES[contentType]), contentType, bytes })
  }
  return checked
}

type Recipients = { colleagues: string[]; shared: boolean; outside: string[] }

/**
 * Where each address goes: a colleague's own inbox (an active user of the organization), the
 * shared inbox (the organization's address, a `+tag` included), or out by email. Another address
 * at our inbound domain names no mailbox we know: refused, as an address of an inactive colleague is.
 */
export async function routeRecipients(
  organizationId: string,
  sharedLocalPart: string | null,
  addresses: string[],
): Promise<Recipients & { unknown: string[] }> {
  const wanted = [...new Set(addresses.map((address) => address.toLowerCase()))]
  const users = wanted.length
    ? await prisma.user.findMany({ where: { organizationId, email: { in: wanted, mode: 'insensitive' } }, select: { id: true, email: true, status: true } })
    : []
  const byEmail = new Map(users.map((user) => [user.email.toLowerCase(), user]))
  const routed: Recipients & { unknown: string[] } = { colleagues: [], shared: false, outside: [], unknown: [] }
  for (const address of wanted) {
    const user = byEmail.get(address)
    const ours = address.endsWith(`@${env().INBOUND_EMAIL_DOMAIN}`)
    const localPart = inboundLocalPartOf(address)
    if (user) {
      if (user.status === 'active') routed.colleagues.push(user.id)
      else routed.unknown.push(address)
    } else if (sharedLocalPart && localPart === sharedLocalPart) routed.shared = true
    else if (ours) routed.unknown.push(address)
    else routed.outside.push(address)
  }
  routed.colleagues = [...new Set(routed.colleagues)]
  return routed
}

function storageKey(organizationId: string) {
  return `mail/${organizationId}/${randomBytes(18).toString('base64url')}`
}

type AttachmentSource = { fileName: string; contentType: string; sizeBytes: number; storageKey: string }

/** The load documents to attach, of loads the writer may read; an id that is not one is a field error. */
async function documentSources(user: MailUser, ids: string[]): Promise<AttachmentSource[]> {
  if (!ids.length) return []
  const documents = await prisma.loadDocument.findMany({
    where: { id: { in: ids }, organizationId: user.organizationId, load: loadScopeWhere(loadScope(user)) },
    select: { id: true, fileName: true, contentType: true, sizeBytes: true, storageKey: true },
  })
  if (documents.length !== new Set(ids).size)
    throw new DomainError('validation_failed', 'validation.failed', { fields: { documentIds: ['mail.errors.documentGone'] } })
  return documents.map(({ id: _id, ...source }) => source)
}

/**
 * Outside addresses are for the roles that mail outside (OUTSIDE_MAIL_ROLES: a driver writes to
 * colleagues, 403 at `to`), and at most MAIL_OUTSIDE_PER_HOUR of them per user in an hour, each
 * address counting once, in PostgreSQL so every server shares the budget (429 `rate_limited`).
 * Asked before anything is stored; a send that fails after it has still spent its addresses.
 */
async function assertMayMailOutside(user: MailUser, outside: string[]) {
  if (!mailsOutside(user.role))
    throw new DomainError('forbidden', 'mail.errors.outsideNotAllowed', {
      fields: { to: ['mail.errors.outsideNotAllowed'] },
      params: { address: outside.join(', ') },
    })
  const limit = await consumeRateLimit([{ key: `mail-outside:${user.id}`, max: env().MAIL_OUTSIDE_PER_HOUR, cost: outside.length }], 60 * 60_000)
  if (!limit.ok)
    throw new DomainError('rate_limited', 'mail.errors.outsideLimit', {
      params: { minutes: Math.ceil(limit.retryAfterSeconds / 60) },
      headers: { 'Retry-After': String(limit.retryAfterSeconds) },
    })
}

/** Stores the checked files; answers their sources. On a failure, what was stored is removed. */
async function storeFiles(organizationId: string, files: CheckedFile[]): Promise<AttachmentSource[]> {
  const storage = fileStorage()
  const stored: AttachmentSource[] = []
  try {
    for (const file of files) {
      const key = storageKey(organizationId)
      const sizeBytes = await storage.put(
        key,
        (async function* () {
          yield file.bytes
        })(),
      )
      stored.push({ fileName: file.fileName, contentType: file.contentType, sizeBytes, storageKey: key })
    }
  } catch (error) {
    await Promise.all(stored.map((source) => storage.delete(source.storageKey).catch(() => {})))
    throw error
  }
  return stored
}

/** The mailbox that writes: the one asked for, else the answered message's, else one's own; refused unless the role writes to it. */
function writingBox(user: MailUser, input: MailComposeInput, answered: { ownerId: string | null } | null): MailBox {
  const box = input.from ?? (answered ? boxOf(answered) : 'own')
  if (!writesBox(user.role, box)) throw new DomainError('forbidden', 'mail.errors.readOnly')
  return box
}

/** What goes along with the message besides new files: load documents, a forwarded message's or the draft's attachments. */
async function context(user: MailUser, input: MailComposeInput) {
  const answered = input.answers ? await getMail(user, input.answers) : null
  if (answered) assertMailAllows(user, answered, input.forward ? 'forward' : 'reply')
  const draft = input.draftId ? await getMail(user, input.draftId) : null
  if (draft) {
    assertMailAllows(user, draft, 'edit')
    assertVersion(draft, input.version)
  }
  const carried: AttachmentSource[] = []
  const keep = (rows: Array<{ id: string }>) =>
    prisma.mailAttachment.findMany({ where: { messageId: { in: rows.map((row) => row.id) } }, orderBy: { createdAt: 'asc' } })
  // A draft carries what it already has (a forward's files included); a direct forward carries the message's.
  const sourceRows = draft ? await keep([draft]) : answered && input.forward ? await keep([answered]) : []
  for (const row of sourceRows) carried.push({ fileName: row.fileName, contentType: row.contentType, sizeBytes: row.sizeBytes, storageKey: row.storageKey })
  // A document the message already carries (a draft saved with it, posted again) is not attached twice.
  const held = new Set(carried.map((source) => source.storageKey))
  const documents = (await documentSources(user, input.documentIds)).filter((source) => !held.has(source.storageKey))
  return { answered, draft, carried, documents }
}

function assertAttachmentCount(count: number) {
  if (count > MAIL_ATTACHMENTS_MAX) throw fileError('validation_failed', 'mail.errors.tooManyFiles', { max: MAIL_ATTACHMENTS_MAX })
}

const parties = (addresses: string[]) => addresses.map((email) => ({ name: '', email }))

function attachmentRows(messageIds: string[], organizationId: string, sources: AttachmentSource[]) {
  return messageIds.flatMap((messageId) => sources.map((source) => ({ messageId, organizationId, ...source })))
}

/**
 * Saves a draft (a new one, or the draft named by `draftId` at its version), with the new files
 * and documents added to those it has. Recipients are only checked for form here.
 */
export async function saveDraft(user: ComposeUser, input: MailComposeInput, files: CheckedFile[] = []) {
  const { answered, draft, carried, documents } = await context(user, input)
  const box = draft ? boxOf(draft) : writingBox(user, input, answered)
  // A draft keeps what it holds and gains the new documents and files; a new one starts with a forward's files.
  const added = draft ? documents : [...carried, ...documents]
  assertAttachmentCount(carried.length * (draft ? 1 : 0) + added.length + files.length)
  const identity = box === 'shared' ? await organizationMailIdentity(user.organizationId) : null
  const stored = await storeFiles(user.organizationId, files)
  try {
    const data = {
      fromName: identity ? identity.name : `${user.firstName} ${user.lastName}`.trim(),
      fromEmail: identity ? (identity.address ?? user.email) : user.email,
      to: parties(input.to),
      cc: parties(input.cc),
      subject: input.subject,
      text: input.text,
      snippet: mailSnippet(input.text),
      inReplyTo: answered?.messageId ?? draft?.inReplyTo ?? null,
    }
    const id = await prisma.$transaction(async (tx) => {
      if (draft) {
        const { count } = await tx.mailMessage.updateMany({
          where: { id: draft.id, version: draft.version, folder: 'drafts' },
          data: { ...data, version: { increment: 1 } },
        })
        if (count !== 1) throw new DomainError('conflict', 'errors.conflict')
        await tx.mailAttachment.createMany({ data: attachmentRows([draft.id], user.organizationId, [...added, ...stored]) })
        return draft.id
      }
      const row = await tx.mailMessage.create({
        data: { ...data, organizationId: user.organizationId, ownerId: box === 'shared' ? null : user.id, folder: 'drafts', isRead: true },
      })
      await tx.mailAttachment.createMany({ data: attachmentRows([row.id], user.organizationId, [...added, ...stored]) })
      return row.id
    })
    return getMail(user, id)
  } catch (error) {
    await removeUnusedFiles(stored.map((source) => source.storageKey))
    throw error
  }
}

/**
 * Sends a message (a new one, or the draft named by `draftId`): the copies in every mailbox it
 * reaches and the email job, in one transaction. Unknown recipients are field errors; nothing is
 * written then, and files stored for it are removed.
 */
export async function sendMail(user: ComposeUser, input: MailComposeInput, files: CheckedFile[] = []) {
  const { answered, draft, carried, documents } = await context(user, input)
  const box = draft ? boxOf(draft) : writingBox(user, input, answered)
  const sources = [...carried, ...documents]
  assertAttachmentCount(sources.length + files.length)
  const identity = await organizationMailIdentity(user.organizationId)
  const routed = await routeRecipients(user.organizationId, identity.localPart, [...input.to, ...input.cc])
  if (routed.unknown.length)
    throw new DomainError('validation_failed', 'validation.failed', {
      fields: { to: ['mail.errors.unknownRecipient'] },
      params: { address: routed.unknown.join(', ') },
    })
  if (routed.outside.length) await assertMayMailOutside(user, routed.outside)
  const stored = await storeFiles(user.organizationId, files)
  const all = [...sources, ...stored]
  const now = new Date()
  const message = {
    organizationId: user.organizationId,
    fromName: box === 'shared' ? identity.name : `${user.firstName} ${user.lastName}`.trim(),
    fromEmail: box === 'shared' ? (identity.address ?? user.email) : user.email.toLowerCase(),
    to: parties(input.to),
    cc: parties(input.cc),
    subject: input.subject,
    text: input.text,
    snippet: mailSnippet(input.text),
    messageId: `<${randomUUID()}@${env().INBOUND_EMAIL_DOMAIN}>`,
    inReplyTo: answered?.messageId ?? draft?.inReplyTo ?? null,
    sentAt: now,
  }
  try {
    const sentId = await prisma.$transaction(async (tx) => {
      const sent = await tx.mailMessage.create({
        data: { ...message, ownerId: box === 'shared' ? null : user.id, folder: 'sent', isRead: true, delivery: routed.outside.length ? 'queued' : null },
      })
      const copies = await Promise.all([
        ...routed.colleagues.map((ownerId) => tx.mailMessage.create({ data: { ...message, ownerId, folder: 'inbox' }, select: { id: true } })),
        ...(routed.shared ? [tx.mailMessage.create({ data: { ...message, ownerId: null, folder: 'inbox' }, select: { id: true } })] : []),
      ])
      await tx.mailAttachment.createMany({ data: attachmentRows([sent.id, ...copies.map((copy) => copy.id)], user.organizationId, all) })
      if (draft) {
        const { count } = await tx.mailMessage.deleteMany({ where: { id: draft.id, version: draft.version, folder: 'drafts' } })
        if (count !== 1) throw new DomainError('conflict', 'errors.conflict')
      }
      if (routed.outside.length) await mailEmailTask.enqueue(tx, { messageId: sent.id, organizationId: user.organizationId }, { key: `mail_email:${sent.id}` })
      return sent.id
    })
    return getMail(user, sentId)
  } catch (error) {
    await removeUnusedFiles(stored.map((source) => source.storageKey))
    throw error
  }
}

/** Load documents the writer may attach: the newest of loads they may read, with their load's number. */
export async function attachableDocuments(user: MailUser, take = 40) {
  const rows = await prisma.loadDocument.findMany({
    where: { organizationId: user.organizationId, load: loadScopeWhere(loadScope(user)) },
    orderBy: [{ uploadedAt: 'desc' }, { id: 'desc' }],
    take,
    select: { id: true, kind: true, fileName: true, sizeBytes: true, load: { select: { loadNumber: true } } },
  })
  return rows.map((row) => ({ id: row.id, kind: row.kind, fileName: row.fileName, sizeBytes: row.sizeBytes, loadNumber: row.load.loadNumber }))
}
