/**
 * Inbound mail (docs/decisions/054-inbound-smtp-receiver.md): who a recipient is, how
 * many messages one sender may send, and filing a parsed message in each addressed organization's
 * shared inbox. The SMTP receiver (app/models/mail/inbound-smtp.server.ts) calls these; the rules in
 * words are in docs/domain.md ("Inbound mail").
 *
 * Filing is all or nothing: attachments are checked by their bytes and stored first (a refused
 * one is dropped and noted in the message's text), then every copy is written in one transaction;
 * when that fails the stored files are removed and the sender is told to try again.
 */
import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'

import { consumeRateLimit } from '~/models/operations/rate-limit.server'
import { prisma } from '~/utils/db.server'
import { env } from '~/utils/env.server'
import { inboundLocalPartOf } from '~/utils/inbound-address.server'
import { sanitizeMailHtml } from '~/utils/mail-html.server'
import { mailSnippet } from '~/utils/mail-text'
import { fileStorage } from '~/utils/storage.server'

import type { InboundMail } from './mail-inbound-read.server'

/** PostgreSQL text cannot hold NUL: a hostile envelope's NULs are dropped rather than failing the insert. */
// eslint-disable-next-line no-control-regex
const clean = (value: string) => value.replace(/\u0000/g, '')

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

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/** The domain of an address, lower case ('' when it has none). */
const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1).toLowerCase()

/** Whether `domain` is `base` or under it (relaxed DMARC alignment: mail.broker.example aligns with broker.example). */
const aligned = (domain: string, base: string) => Boolean(domain && base) && (domain === base || domain.endsWith(`.${base}`) || base.endsWith(`.${domain}`))

/**
 * Whether the From header is verified: its address or domain is in INBOUND_TRUSTED_SENDERS, or the
 * topmost Authentication-Results header is the trusted relay's (INBOUND_AUTHSERV_ID) and says
 * DMARC passed for the From domain, or DKIM or SPF passed for a domain aligned with it. Another
 * authserv-id's results are the sender's own words and count for nothing; without a trusted relay
 * nothing is verified but the allow-list (this receiver does no DNS lookups of its own).
 */
export function fromVerified(from: string | null, authenticationResults: string[]) {
  if (!from) return false
  const address = from.toLowerCase()
  const domain = domainOf(address)
  const { INBOUND_TRUSTED_SENDERS, INBOUND_AUTHSERV_ID } = env()
  const trusted = (INBOUND_TRUSTED_SENDERS ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean)
  if (trusted.some((entry) => (entry.includes('@') ? entry === address : entry === domain))) return true
  const top = authenticationResults[0]
  if (!INBOUND_AUTHSERV_ID || !top) return false
  // authserv-id [version]; method=result ptype.property=value …; …
  const [id, ...results] = top.split(';').map((part) => part.trim().toLowerCase())
  if (id.split(/\s+/)[0] !== INBOUND_AUTHSERV_ID.toLowerCase()) return false
  return results.some((result) => {
    const method = /^(dmarc|dkim|spf)\s*=\s*(\w+)/.exec(result)
    if (!method || method[2] !== 'pass') return false
    const property = (name: string) => new RegExp(`(?:^|\\s)${name.replace('.', '\\.')}=([^\\s;]+)`).exec(result)?.[1] ?? ''
    if (method[1] === 'dmarc') return aligned(domainOf(property('header.from')), domain)
    if (method[1] === 'dkim') return aligned(property('header.d') || domainOf(property('header.i')), domain)
    return aligned(domainOf(property('smtp.mailfrom')), domain)
  })
}

export type FiledMail = { organizationId: string; messageId: string }

/** The name the whole text of a long message is stored under, beside its attachments. */
export const MESSAGE_TEXT_FILE_NAME = 'message-text.txt'

type StoredFileRow = { organizationId: string; fileName: string; contentType: string; sizeBytes: number; storageKey: string }

/**
 * Files one read message (readInboundMail) in each organization's shared inbox: one copy each, with
 * its own stored files (the attachments and, for a long text, the whole text). The same message
 * delivered again (its fingerprint already in an organization's shared mailbox: a sender retrying
 * after a lost answer) is not filed there again; another message that only shares its Message-ID
 * is, so a decoy can never make the real one vanish. Answers the copies filed and the duplicates.
 */
export async function fileInboundMail(
  mail: InboundMail,
  organizationIds: string[],
  envelope: { from: string },
): Promise<{ filed: FiledMail[]; duplicates: number }> {
  const fingerprint = mail.messageId ? mail.fingerprint : null
  let targets = [...new Set(organizationIds)]
  const wanted = targets.length
  if (fingerprint) {
    const already = await prisma.mailMessage.findMany({
      where: { organizationId: { in: targets }, ownerId: null, fingerprint },
      select: { organizationId: true },
    })
    const filed = new Set(already.map((row) => row.organizationId))
    targets = targets.filter((id) => !filed.has(id))
  }
  if (!targets.length) return { filed: [], duplicates: wanted }

  const envelopeFrom = clean(envelope.from).slice(0, 320)
  const from = mail.from ?? { name: '', email: envelopeFrom || 'unknown' }
  const sanitized = mail.html ? sanitizeMailHtml(mail.html).html : null
  const noteHtml = mail.notes.length ? `<p>${escapeHtml(mail.notes.join('\n')).replace(/\n/g, '<br>')}</p>` : ''
  const fields = {
    folder: 'inbox' as const,
    ownerId: null,
    fromName: from.name,
    fromEmail: from.email,
    to: mail.to,
    cc: mail.cc,
    subject: mail.subject,
    text: mail.text,
    html: sanitized !== null ? `${sanitized}${noteHtml}` : null,
    snippet: mailSnippet(mail.text),
    messageId: mail.messageId,
    inReplyTo: mail.inReplyTo,
    envelopeFrom: envelopeFrom || null,
    fromVerified: fromVerified(mail.from?.email ?? null, mail.authenticationResults),
    fingerprint,
  }

  const storage = fileStorage()
  const stored: string[] = []
  const store = async (organizationId: string, file: string) => {
    const storageKey = `mail/${organizationId}/${randomBytes(18).toString('base64url')}`
    const sizeBytes = await storage.put(storageKey, createReadStream(file))
    stored.push(storageKey)
    return { storageKey, sizeBytes }
  }
  try {
    const copies: Array<{ organizationId: string; textKey: string | null; files: StoredFileRow[] }> = []
    for (const organizationId of targets) {
      const files: StoredFileRow[] = []
      let textKey: string | null = null
      if (mail.textFile) {
        const put = await store(organizationId, mail.textFile.file)
        textKey = put.storageKey
        files.push({ organizationId, fileName: MESSAGE_TEXT_FILE_NAME, contentType: 'text/plain', ...put })
      }
      for (const attachment of mail.attachments)
        files.push({ organizationId, fileName: attachment.fileName, contentType: attachment.contentType, ...(await store(organizationId, attachment.file)) })
      copies.push({ organizationId, textKey, files })
    }
    const filed = await prisma.$transaction(async (tx) => {
      const rows: FiledMail[] = []
      for (const copy of copies) {
        const row = await tx.mailMessage.create({
          data: { ...fields, textKey: copy.textKey, organizationId: copy.organizationId, attachments: { create: copy.files } },
          select: { id: true },
        })
        rows.push({ organizationId: copy.organizationId, messageId: row.id })
      }
      return rows
    })
    return { filed, duplicates: wanted - filed.length }
  } catch (error) {
    await Promise.all(stored.map((key) => storage.delete(key).catch(() => undefined)))
    throw error
  }
}
