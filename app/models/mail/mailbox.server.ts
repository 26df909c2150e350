/**
 * The mailboxes (ADR 053): listing a folder, reading a message, its flags, labels and folder moves,
 * trash and deleting for good, the unread counts. One row per mailbox copy: the shared mailbox's
 * rows have no owner, a user's own rows name them. Every call names the reader; a message the
 * reader's role may not read (another's own mail, the shared mailbox for a driver, another
 * organization's) is not found. The pages and /api/mail call these same functions.
 */
import { href } from 'react-router'

import { type MailMessage, Prisma } from '~/generated/prisma/client'
import { assertId, assertVersion, ilikeAny, leanListPage, requireFound } from '~/models/records/records.server'
import { boxOf, defaultBox, type MailAction, mailMoveRefusal, mailRefusal, readsBox, writesBox } from '~/policies/mail'
import type { MailDeleted, MailListQuery, MailRecord, MailUpdate } from '~/schemas/mail'
import { MAIL_FOLDERS, type MailBox, type MailFolderName } from '~/schemas/mail-options'
import { prisma, readRows } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'
import type { Role } from '~/utils/permissions'
import { fileStorage } from '~/utils/storage.server'

export const MAIL_NOT_FOUND = 'mail.errors.notFound'

export type MailUser = { id: string; organizationId: string; role: Role }

/**
 * The rows of one mailbox as the reader sees it (a box the role does not read: none), for a read
 * of `"MailMessage" m`. The shared mailbox's rows have no owner: `IS NULL`, which the index serves.
 */
function boxSql(user: MailUser, box: MailBox) {
  if (!readsBox(user.role, box)) return Prisma.sql`FALSE`
  return Prisma.sql`m."organizationId" = ${user.organizationId} AND ${box === 'shared' ? Prisma.sql`m."ownerId" IS NULL` : Prisma.sql`m."ownerId" = ${user.id}`}`
}

/** Every message the reader may see: their own mailbox and, for the office, the shared one (a mail attachment: `{ message: readableMailWhere(user) }`). */
export function readableMailWhere(user: MailUser): Prisma.MailMessageWhereInput {
  const owners: Prisma.MailMessageWhereInput[] = []
  if (readsBox(user.role, 'own')) owners.push({ ownerId: user.id })
  if (readsBox(user.role, 'shared')) owners.push({ ownerId: null })
  return { organizationId: user.organizationId, OR: owners.length ? owners : [{ id: '' }] }
}

/** The mailbox a query names, or the role's default; a box the role does not read is a 404. */
export function chosenBox(user: MailUser, box: MailBox | undefined): MailBox {
  const chosen = box ?? defaultBox(user.role)
  if (!readsBox(user.role, chosen)) throw new DomainError('not_found', MAIL_NOT_FOUND)
  return chosen
}

const attachmentSelect = { id: true, fileName: true, contentType: true, sizeBytes: true } as const
/** What a message shows of each attachment (the shape of MailMessage.attachmentList). */
type MailAttachmentInfo = { id: string; fileName: string; contentType: string; sizeBytes: number }

/**
 * What a list page shows of a message: everything but its bodies. `text` (up to 100,000
 * characters) and `html` are left out (empty) so a page of 100 long messages reads none of them.
 */
const LIST_COLUMNS = Prisma.sql`m."id", m."organizationId", m."ownerId", m."folder", m."trashedFrom", m."fromName", m."fromEmail", m."to", m."cc",
  m."subject", ''::text AS "text", NULL::text AS "html", m."snippet", m."isRead", m."isStarred", m."isImportant", m."labels", m."attachmentList",
  m."messageId", m."inReplyTo", m."textKey", m."envelopeFrom", m."fromVerified", NULL::text AS "fingerprint", m."delivery", m."deliveryError",
  m."sentAt", m."createdAt", m."updatedAt", m."version"`

/**
 * A page of one mailbox's folder (or view), newest first, with the total: two statements (ADR 081).
 * `bodies: false` (the pages' list) leaves the text and HTML out; the API's list carries them.
 */
export async function listMail(user: MailUser, query: MailListQuery, { bodies = true }: { bodies?: boolean } = {}) {
  const box = chosenBox(user, query.box)
  const where = [boxSql(user, box)]
  const notTrash = Prisma.sql`m."folder" <> 'trash'`
  if (query.folder === 'all') where.push(notTrash)
  else if (query.folder === 'starred') where.push(Prisma.sql`m."isStarred"`, notTrash)
  else if (query.folder === 'important') where.push(Prisma.sql`m."isImportant"`, notTrash)
  else where.push(Prisma.sql`m."folder" = CAST(${query.folder} AS "MailFolder")`)
  if (query.starred) where.push(Prisma.sql`m."isStarred"`)
  if (query.label) where.push(Prisma.sql`${query.label} = ANY(m."labels")`)
  if (query.q) where.push(ilikeAny(query.q, [Prisma.sql`m."subject"`, Prisma.sql`m."text"`, Prisma.sql`m."fromEmail"`, Prisma.sql`m."fromName"`]))
  const { items, total } = await leanListPage<MailMessage>(query, {
    columns: bodies ? Prisma.sql`m.*` : LIST_COLUMNS,
    from: Prisma.sql`"MailMessage" m`,
    where,
    orderBy: Prisma.sql`m."createdAt" DESC, m."id" DESC`,
  })
  // The attachments come with each message: its attachmentList, kept by triggers (ADR 075).
  return { box, rows: items.map(({ attachmentList, ...row }) => ({ ...row, attachments: attachmentList as unknown as MailAttachmentInfo[] })), total }
}

/** One message the reader may see, with its attachments; else not found. */
export async function getMail(user: MailUser, id: string) {
  assertId(id, MAIL_NOT_FOUND)
  return requireFound(
    await prisma.mailMessage.findFirst({
      where: { id, ...readableMailWhere(user) },
      include: { attachments: { select: attachmentSelect, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] } },
      omit: { attachmentList: true },
    }),
    MAIL_NOT_FOUND,
  )
}
export type MailRow = Awaited<ReturnType<typeof getMail>>

/** The message is opened on its page: it is read from now on (not a change anyone could conflict with: the version stays). */
export async function markOpened(user: MailUser, message: MailRow) {
  if (message.isRead || !writesBox(user.role, boxOf(message))) return message
  await prisma.mailMessage.updateMany({ where: { id: message.id, organizationId: user.organizationId }, data: { isRead: true } })
  return { ...message, isRead: true }
}

/** Refused unless the reader writes to the message's mailbox and its folder allows the action. */
export function assertMailAllows(user: MailUser, message: { ownerId: string | null; folder: MailFolderName }, action: MailAction) {
  if (!writesBox(user.role, boxOf(message))) throw new DomainError('forbidden', 'mail.errors.readOnly')
  const refused = mailRefusal(action, message)
  if (refused) throw new DomainError(refused.code, refused.key)
}

/**
 * Sets flags, labels or the folder of one message (PUT /api/mail/{id} and the page's buttons).
 * With a version, a message changed since is a conflict; nothing is written then.
 */
export async function updateMail(user: MailUser, id: string, patch: MailUpdate) {
  const message = await getMail(user, id)
  if (!writesBox(user.role, boxOf(message))) throw new DomainError('forbidden', 'mail.errors.readOnly')
  assertVersion(message, patch.version)
  const data: Prisma.MailMessageUpdateManyMutationInput = {}
  if (patch.isRead !== undefined) data.isRead = patch.isRead
  if (patch.isStarred !== undefined) data.isStarred = patch.isStarred
  if (patch.isImportant !== undefined) data.isImportant = patch.isImportant
  if (patch.labels !== undefined) data.labels = patch.labels
  if (patch.folder !== undefined && patch.folder !== message.folder) {
    const refused = mailMoveRefusal(message.folder, patch.folder, message.trashedFrom)
    if (refused) throw new DomainError(refused.code, refused.key)
    data.folder = patch.folder
    data.trashedFrom = patch.folder === 'trash' ? message.folder : null
  }
  const { count } = await prisma.mailMessage.updateMany({
    where: { id: message.id, organizationId: user.organizationId, version: message.version },
    data: { ...data, version: { increment: 1 } },
  })
  if (count !== 1) throw new DomainError('conflict', 'errors.conflict')
  return getMail(user, id)
}

/** To trash, remembering where it was. */
export function trashMail(user: MailUser, id: string, version?: number) {
  return moveChecked(user, id, version, 'trash')
}

/** Out of trash, back to where it came from. */
export function restoreMail(user: MailUser, id: string, version?: number) {
  return moveChecked(user, id, version, 'restore')
}

async function moveChecked(user: MailUser, id: string, version: number | undefined, action: 'trash' | 'restore') {
  const message = await getMail(user, id)
  assertMailAllows(user, message, action)
  return updateMail(user, id, { version, folder: action === 'trash' ? 'trash' : (message.trashedFrom ?? 'inbox') })
}

/**
 * Deletes a message in trash for good, with its attachment rows; a stored file goes when no other
 * mailbox copy and no load document still names it.
 */
export async function deleteMailForever(user: MailUser, id: string, version?: number) {
  const message = await getMail(user, id)
  assertMailAllows(user, message, 'deleteForever')
  assertVersion(message, version)
  const keys = await prisma.mailAttachment.findMany({ where: { messageId: message.id }, select: { storageKey: true } })
  const { count } = await prisma.mailMessage.deleteMany({ where: { id: message.id, organizationId: user.organizationId, version: message.version } })
  if (count !== 1) throw new DomainError('conflict', 'errors.conflict')
  await removeUnusedFiles(keys.map((row) => row.storageKey))
  return message
}

/** DELETE /api/mail/{id}: to trash, and from trash for good. */
export async function deleteMail(user: MailUser, id: string, version?: number): Promise<MailDeleted> {
  const message = await getMail(user, id)
  if (message.folder === 'trash') {
    await deleteMailForever(user, id, version)
    return { id: message.id, deleted: true as const }
  }
  await trashMail(user, id, version)
  return { id: message.id, deleted: false as const, folder: 'trash' as const }
}

/** Stored files no mail attachment and no load document names any more (best effort). */
export async function removeUnusedFiles(keys: string[]) {
  const unique = [...new Set(keys)]
  if (!unique.length) return
  const [mail, documents] = await Promise.all([
    prisma.mailAttachment.findMany({ where: { storageKey: { in: unique } }, select: { storageKey: true } }),
    prisma.loadDocument.findMany({ where: { storageKey: { in: unique } }, select: { storageKey: true } }),
  ])
  const used = new Set([...mail, ...documents].map((row) => row.storageKey))
  const storage = fileStorage()
  await Promise.all(
    unique
      .filter((key) => !used.has(key))
      .map((key) => storage.delete(key).catch((error: unknown) => console.warn('[freightdesk] could not remove a stored file', key, error))),
  )
}

export type FolderCounts = Record<MailFolderName, { unread: number; total: number }>

/** Per folder of one mailbox: unread and total messages. */
export async function folderCounts(user: MailUser, box: MailBox): Promise<FolderCounts> {
  const groups = await readRows<{ folder: MailFolderName; isRead: boolean; n: number }>(
    Prisma.sql`SELECT m."folder", m."isRead", count(*)::int AS "n" FROM "MailMessage" m WHERE ${boxSql(user, box)} GROUP BY 1, 2`,
  )
  const counts = Object.fromEntries(MAIL_FOLDERS.map((folder) => [folder, { unread: 0, total: 0 }])) as FolderCounts
  for (const group of groups) {
    counts[group.folder].total += group.n
    if (!group.isRead) counts[group.folder].unread += group.n
  }
  return counts
}

/** The navigation's badge: unread in one's own inbox and, for roles that read it, the shared inbox. */
export async function unreadInboxCount(user: MailUser) {
  return prisma.mailMessage.count({ where: { AND: [readableMailWhere(user), { folder: 'inbox', isRead: false }] } })
}

/** The labels used in one mailbox, alphabetical (the folder pane lists them). */
export async function mailboxLabels(user: MailUser, box: MailBox) {
  if (!readsBox(user.role, box)) return []
  const rows = await readRows<{ label: string }>(
    Prisma.sql`SELECT DISTINCT unnest(m."labels") AS "label" FROM "MailMessage" m WHERE ${boxSql(user, box)} ORDER BY 1 LIMIT 50`,
  )
  return rows.map((row) => row.label)
}

/** One attachment's bytes, for a reader who may see its message. */
export async function readMailAttachment(user: MailUser, attachmentId: string) {
  assertId(attachmentId, MAIL_NOT_FOUND)
  const attachment = requireFound(
    await prisma.mailAttachment.findFirst({ where: { id: attachmentId, organizationId: user.organizationId, message: readableMailWhere(user) } }),
    MAIL_NOT_FOUND,
  )
  const object = await fileStorage().get(attachment.storageKey)
  if (!object) throw new DomainError('not_found', MAIL_NOT_FOUND)
  return { attachment, ...object }
}

/**
 * The whole text of a long inbound message (ADR 082), for a reader who may see it: streamed from
 * storage as UTF-8 text, never read into memory. A message whose `text` is whole has none (not found).
 */
export async function readMailText(user: MailUser, id: string) {
  assertId(id, MAIL_NOT_FOUND)
  const message = requireFound(
    await prisma.mailMessage.findFirst({ where: { id, ...readableMailWhere(user) }, select: { id: true, subject: true, textKey: true } }),
    MAIL_NOT_FOUND,
  )
  const object = message.textKey ? await fileStorage().get(message.textKey) : null
  if (!object) throw new DomainError('not_found', MAIL_NOT_FOUND)
  return { message, ...object }
}

/**
 * The answer for readMailText: plain UTF-8 text shown in the browser, never sniffed into HTML, in
 * a sandbox of its own (no script, no fetch), never cached.
 */
export function mailTextResponse(text: Awaited<ReturnType<typeof readMailText>>, head = false) {
  return new Response(head ? null : text.body, {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Length': String(text.sizeBytes),
      'Content-Disposition': 'inline',
      'Content-Security-Policy': "sandbox; default-src 'none'",
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  })
}

type Party = { name: string; email: string }

/** The stored `to`/`cc` JSON as parties (anything malformed is left out). */
export function partiesOf(value: unknown): Party[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((entry) =>
    entry && typeof entry === 'object' && typeof (entry as Party).email === 'string'
      ? [{ name: String((entry as Party).name ?? ''), email: (entry as Party).email }]
      : [],
  )
}

/** The API's shape of a message (GET/POST/PUT /api/mail). */
export function serializeMail(message: MailRow | Awaited<ReturnType<typeof listMail>>['rows'][number]): MailRecord {
  return {
    id: message.id,
    mailbox: boxOf(message),
    folder: message.folder,
    from: { name: message.fromName, email: message.fromEmail },
    /** Inbound mail: the envelope's sender and whether From was verified (ADR 082); null for mail written here. */
    envelopeFrom: message.envelopeFrom,
    fromVerified: message.fromVerified,
    to: partiesOf(message.to),
    cc: partiesOf(message.cc),
    subject: message.subject,
    text: message.text,
    /** A long inbound message's whole text (text/plain) when `text` holds only its beginning; else null. */
    textUrl: message.textKey ? href('/api/mail/:id/text', { id: message.id }) : null,
    html: message.html,
    snippet: message.snippet,
    isRead: message.isRead,
    isStarred: message.isStarred,
    isImportant: message.isImportant,
    labels: message.labels,
    attachments: message.attachments.map((attachment) => ({
      id: attachment.id,
      fileName: attachment.fileName,
      contentType: attachment.contentType,
      sizeBytes: attachment.sizeBytes,
      url: href('/api/mail/:id/attachments/:attachmentId', { id: message.id, attachmentId: attachment.id }),
    })),
    delivery: message.delivery,
    inReplyTo: message.inReplyTo,
    sentAt: message.sentAt?.toISOString() ?? null,
    createdAt: message.createdAt.toISOString(),
    updatedAt: message.updatedAt.toISOString(),
    version: message.version,
  }
}
