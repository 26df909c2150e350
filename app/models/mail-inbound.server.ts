/**
 * Inbound mail (issue 26, docs/decisions/054-inbound-smtp-receiver.md): who a recipient is, how
 * many messages one sender may send, and filing a parsed message in each addressed organization's
 * shared inbox. The SMTP receiver (app/models/inbound-smtp.server.ts) calls these; the rules in
 * words are in docs/domain.md ("Inbound mail").
 *
 * Filing is all or nothing: attachments are checked by their bytes and stored first (a refused
 * one is dropped and noted in the message's text), then every copy is written in one transaction;
 * when that fails the stored files are removed and the sender is told to try again.
 */
import { randomBytes } from 'node:crypto'

import type { AddressObject, Attachment, EmailAddress, ParsedMail } from 'mailparser'

import { prisma } from '~/utils/db.server'
import { env } from '~/utils/env.server'
import { inboundLocalPartOf } from '~/utils/inbound-address.server'
import { MAIL_ATTACHMENT_KINDS, MAIL_ATTACHMENT_TYPES, type MailAttachmentType, mailAttachmentType } from '~/utils/mail-attachment-type.server'
import { sanitizeMailHtml } from '~/utils/mail-html.server'
import { mailSnippet } from '~/utils/mail-text'
import { fileStorage } from '~/utils/storage.server'

import { safeFileName } from './load-document.server'
import { consumeRateLimit } from './rate-limit.server'

/** The largest message the receiver takes (announced as SIZE; more is 552). */
export const INBOUND_MAX_BYTES = 25 * 1024 * 1024

/** The organization an envelope recipient is the inbound address of, or null (the receiver answers 550). */
export async function inboundOrganizationOf(address: string) {
  const localPart = inboundLocalPartOf(address)
  if (!localPart) return null
  const organization = await prisma.organization.findUnique({ where: { inboundLocalPart: localPart }, select: { id: true } })
  return organization?.id ?? null
}

/**
 * One message from a sender address (the envelope's MAIL FROM; `<>` for bounces counts as one
 * sender): INBOUND_RATE_LIMIT_PER_SENDER in INBOUND_RATE_LIMIT_WINDOW_MINUTES, counted in
 * PostgreSQL so every app server shares the budget.
 */
export function consumeInboundSenderLimit(sender: string) {
  const { INBOUND_RATE_LIMIT_PER_SENDER, INBOUND_RATE_LIMIT_WINDOW_MINUTES } = env()
  return consumeRateLimit(
    [{ key: `inbound-sender:${sender.trim().toLowerCase()}`, max: INBOUND_RATE_LIMIT_PER_SENDER }],
    INBOUND_RATE_LIMIT_WINDOW_MINUTES * 60_000,
  )
}

type Party = { name: string; email: string }

/** PostgreSQL text cannot hold NUL: a hostile message's NULs are dropped rather than failing the insert. */
// eslint-disable-next-line no-control-regex
const clean = (value: string) => value.replace(/\u0000/g, '')

function partiesOf(field: AddressObject | AddressObject[] | undefined): Party[] {
  const flat = (addresses: EmailAddress[]): EmailAddress[] => addresses.flatMap((address) => (address.group ? flat(address.group) : [address]))
  const objects = field ? (Array.isArray(field) ? field : [field]) : []
  return objects
    .flatMap((object) => flat(object.value))
    .filter((address) => address.address)
    .map((address) => ({ name: clean(address.name ?? '').slice(0, 200), email: clean(address.address!).slice(0, 320) }))
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

type Checked = { fileName: string; content: Buffer; contentType: MailAttachmentType } | { fileName: string; refused: true }

async function checkAttachment(attachment: Attachment): Promise<Checked> {
  const declared = attachment.contentType || 'application/octet-stream'
  const contentType = await mailAttachmentType(attachment.content, { fileName: attachment.filename ?? '', declaredType: declared })
  const fileName = safeFileName(attachment.filename ?? '', contentType ? MAIL_ATTACHMENT_TYPES[contentType] : 'bin')
  return contentType ? { fileName, content: attachment.content, contentType } : { fileName, refused: true }
}

/** The line a refused attachment leaves in the message's text (stored data, in English like the mail's headers). */
function refusedNote(fileNames: string[]) {
  return fileNames.map((name) => `[Attachment "${name}" was not accepted: only ${MAIL_ATTACHMENT_KINDS} files are kept.]`).join('\n')
}

async function* bytesOf(content: Buffer) {
  yield content
}

export type FiledMail = { organizationId: string; messageId: string }

/**
 * Files one parsed message in each organization's shared inbox (one copy each, with its own
 * attachment files). A message whose Message-ID is already in an organization's shared mailbox
 * is not filed there again: a sender retrying after a lost answer makes no duplicate. `envelopeFrom`
 * stands in for a missing From header.
 */
export async function fileInboundMail(parsed: ParsedMail, organizationIds: string[], envelopeFrom: string): Promise<FiledMail[]> {
  const messageId = parsed.messageId ? clean(parsed.messageId).slice(0, 998) : null
  let targets = [...new Set(organizationIds)]
  if (messageId) {
    const already = await prisma.mailMessage.findMany({
      where: { organizationId: { in: targets }, ownerId: null, messageId },
      select: { organizationId: true },
    })
    const filed = new Set(already.map((row) => row.organizationId))
    targets = targets.filter((id) => !filed.has(id))
  }
  if (!targets.length) return []

  const checked = await Promise.all(parsed.attachments.map(checkAttachment))
  const kept = checked.filter((file) => !('refused' in file)) as Array<Extract<Checked, { content: Buffer }>>
  const refused = checked.filter((file) => 'refused' in file).map((file) => file.fileName)

  const from = partiesOf(parsed.from)[0] ?? { name: '', email: clean(envelopeFrom) || 'unknown' }
  const note = refused.length ? refusedNote(refused) : ''
  const baseText = clean(parsed.text ?? '').trimEnd()
  const text = note ? (baseText ? `${baseText}\n\n${note}` : note) : baseText
  const sanitized = parsed.html ? sanitizeMailHtml(clean(parsed.html)).html : null
  const html = sanitized !== null && note ? `${sanitized}<p>${escapeHtml(note).replace(/\n/g, '<br>')}</p>` : sanitized
  const fields = {
    folder: 'inbox' as const,
    ownerId: null,
    fromName: from.name,
    fromEmail: from.email,
    to: partiesOf(parsed.to),
    cc: partiesOf(parsed.cc),
    subject: clean(parsed.subject ?? '').slice(0, 998),
    text,
    html,
    snippet: mailSnippet(text),
    messageId,
    inReplyTo: parsed.inReplyTo ? clean(parsed.inReplyTo).slice(0, 998) : null,
  }

  const storage = fileStorage()
  const stored: string[] = []
  try {
    const copies: Array<{
      organizationId: string
      files: Array<{ organizationId: string; fileName: string; contentType: string; sizeBytes: number; storageKey: string }>
    }> = []
    for (const organizationId of targets) {
      const files = []
      for (const file of kept) {
        const storageKey = `mail/${organizationId}/${randomBytes(18).toString('base64url')}`
        const sizeBytes = await storage.put(storageKey, bytesOf(file.content))
        stored.push(storageKey)
        files.push({ organizationId, fileName: file.fileName, contentType: file.contentType, sizeBytes, storageKey })
      }
      copies.push({ organizationId, files })
    }
    return await prisma.$transaction(async (tx) => {
      const filed: FiledMail[] = []
      for (const copy of copies) {
        const row = await tx.mailMessage.create({
          data: { ...fields, organizationId: copy.organizationId, attachments: { create: copy.files } },
          select: { id: true },
        })
        filed.push({ organizationId: copy.organizationId, messageId: row.id })
      }
      return filed
    })
  } catch (error) {
    await Promise.all(stored.map((key) => storage.delete(key).catch(() => undefined)))
    throw error
  }
}
