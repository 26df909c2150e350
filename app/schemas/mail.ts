/**
 * Mail's schemas: one compose schema for the compose page and POST /api/mail, the change of a
 * message (PUT /api/mail/{id} and the page's buttons), and the list query. Messages are catalogue keys.
 */
import { z } from 'zod'

import { mailSubjectLine } from '~/utils/mail-text'

import { instant, ListMetaSchema } from './api-record'
import { DEFAULT_PAGE_SIZE, MAX_PAGE, PAGE_SIZES } from './list-options'
import {
  MAIL_ATTACHMENTS_MAX,
  MAIL_BOXES,
  MAIL_DELIVERIES,
  MAIL_FOLDERS,
  MAIL_LABEL_MAX_LENGTH,
  MAIL_LABELS_MAX,
  MAIL_RECIPIENTS_MAX,
  MAIL_SUBJECT_MAX_LENGTH,
  MAIL_TEXT_MAX_LENGTH,
  MAIL_VIEWS,
} from './mail-options'
import { idText, isId, requiredId, text } from './text'
import { VersionSchema } from './version'

// One @, something on each side, a dot in the domain, no spaces or angle brackets: what a mail server accepts.
const ADDRESS = /^[^\s@<>(),;:"[\]]+@[^\s@<>(),;:"[\]]+\.[^\s@<>(),;:"[\]]{2,}$/

export function isMailAddress(value: string) {
  return value.length <= 254 && ADDRESS.test(value)
}

/** "a@x.com, b@y.com; c@z.com" (a form) or ["a@x.com", …] (JSON) → addresses, lowercase, once each. */
function splitList(value: unknown, separators: RegExp) {
  const parts = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]
  const out: string[] = []
  for (const part of parts) {
    if (typeof part !== 'string') return value
    for (const piece of part.split(separators)) {
      const trimmed = piece.trim()
      if (trimmed) out.push(trimmed)
    }
  }
  return out
}

// A "Name <address>" entry keeps the address.
const bare = (entry: string) => (/<([^<>]+)>\s*$/.exec(entry)?.[1] ?? entry).trim().toLowerCase()

const addresses = z.preprocess(
  (value) => {
    const list = splitList(value, /[,;\n]/)
    return Array.isArray(list) ? [...new Set(list.map((entry) => (typeof entry === 'string' ? bare(entry) : entry)))] : list
  },
  z
    .array(text().max(254, 'validation.tooLong'))
    .max(MAIL_RECIPIENTS_MAX, 'mail.errors.tooManyRecipients')
    .refine((list) => list.every(isMailAddress), 'mail.errors.badAddress'),
)

/** Labels from a form ("urgent, broker") or JSON (["urgent"]): trimmed, once each. */
export const labelList = z.preprocess(
  (value) => {
    const list = splitList(value, /,/)
    return Array.isArray(list) ? [...new Set(list)] : list
  },
  z
    .array(text())
    .max(MAIL_LABELS_MAX, 'mail.errors.tooManyLabels')
    // One message at the field, whichever label is too long.
    .refine((list) => list.every((label) => label.length <= MAIL_LABEL_MAX_LENGTH), 'mail.errors.labelTooLong'),
)

/** A yes/no from a form ("true", "on", "false") or JSON (true). */
const flag = z.preprocess((value) => (value === 'true' || value === 'on' ? true : value === 'false' ? false : value), z.boolean())

const idList = z.preprocess(
  (value) => splitList(value, /,/),
  z
    .array(text())
    .max(MAIL_ATTACHMENTS_MAX, 'mail.errors.tooManyDocuments')
    .refine((list) => list.every(isId), 'validation.choice'),
)

/** A message as written: a draft saves whatever there is. */
export const MailDraftSchema = z.object({
  to: addresses,
  cc: addresses,
  // One line: a CR or LF typed or posted becomes a space, never a second header line.
  subject: text().transform(mailSubjectLine).pipe(z.string().max(MAIL_SUBJECT_MAX_LENGTH, 'validation.tooLong')).default(''),
  text: text().max(MAIL_TEXT_MAX_LENGTH, 'validation.tooLong').default(''),
  /** Load documents of the organization to attach (their files are shared, not copied). */
  documentIds: idList,
  /** Which mailbox sends: the shared one writes from the organization's address. */
  from: z.enum(MAIL_BOXES).optional(),
  /** The message answered (reply, reply all) or forwarded: its attachments may be carried over. */
  answers: idText().optional(),
  /** Forwarding: the answered message's attachments go along. */
  forward: flag.optional(),
  /** The draft being saved again or sent, with the version last read. */
  draftId: idText().optional(),
  version: VersionSchema.optional(),
})

/** A message to send: someone to send it to, and a subject or a text. */
export const MailComposeSchema = MailDraftSchema.superRefine((value, ctx) => {
  if (value.to.length === 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'mail.errors.noRecipients' })
  if (!value.subject && !value.text.trim()) ctx.addIssue({ code: 'custom', path: ['subject'], message: 'mail.errors.empty' })
})
export type MailComposeInput = z.output<typeof MailDraftSchema>

/** PUT /api/mail/{id}: any of these; `version` checks the message was not changed since it was read. */
export const MailUpdateSchema = z.object({
  isRead: z.boolean().optional(),
  isStarred: z.boolean().optional(),
  isImportant: z.boolean().optional(),
  labels: labelList.optional(),
  folder: z.enum(MAIL_FOLDERS).optional(),
  version: VersionSchema.optional(),
})
export type MailUpdate = z.output<typeof MailUpdateSchema>

/** A page button on one message (star, read, trash …): the message and the version the page showed. */
export const MailActionSchema = z.object({ id: requiredId(), version: VersionSchema })
/** A switch (star, important, read): on or off. */
export const MailToggleSchema = MailActionSchema.extend({ on: flag })
export const MailLabelSchema = MailActionSchema.extend({ labels: labelList })

/** The list's query (page URL and GET /api/mail); a bad value falls back to its default. */
export const MailListQuerySchema = z.object({
  folder: z.enum(MAIL_VIEWS).default('inbox').catch('inbox'),
  box: z.enum(MAIL_BOXES).optional().catch(undefined),
  label: text().trim().max(MAIL_LABEL_MAX_LENGTH).optional().catch(undefined),
  q: text().trim().max(100).optional().catch(undefined),
  starred: flag.optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1).catch(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((value) => (PAGE_SIZES as readonly number[]).includes(value))
    .default(DEFAULT_PAGE_SIZE)
    .catch(DEFAULT_PAGE_SIZE),
})
export type MailListQuery = z.output<typeof MailListQuerySchema>

const party = () => z.object({ name: z.string(), email: z.string() })

/** A message as the API answers it (serializeMail), in a mailbox's list and alone. */
export const MailRecordSchema = z.object({
  id: z.string(),
  mailbox: z.enum(MAIL_BOXES).describe('`shared`: the organization’s mailbox; `own`: the caller’s.'),
  folder: z.enum(MAIL_FOLDERS),
  from: party(),
  envelopeFrom: z.string().nullable().describe('Inbound mail: the envelope sender (MAIL FROM); null for mail written here.'),
  fromVerified: z
    .boolean()
    .nullable()
    .describe('Inbound mail: whether `from` was verified (a trusted relay’s DMARC/DKIM/SPF pass, or an allow-listed sender); null for mail written here.'),
  to: z.array(party()),
  cc: z.array(party()),
  subject: z.string().describe('One line: CR and LF are stored as spaces.'),
  text: z.string().describe('The text, or for long inbound mail its first 100,000 characters then `[…]` (see `textUrl`).'),
  textUrl: z.string().nullable().describe('Long inbound mail: where its whole text is (`GET /api/mail/{id}/text`); null when `text` is whole.'),
  html: z.string().nullable().describe('Sanitized; remote images held back as `data-remote-src`.'),
  snippet: z.string(),
  isRead: z.boolean(),
  isStarred: z.boolean(),
  isImportant: z.boolean(),
  labels: z.array(z.string()),
  attachments: z.array(
    z.object({
      id: z.string(),
      fileName: z.string(),
      contentType: z.string(),
      sizeBytes: z.number().int().min(0),
      url: z.string().describe('GET it with the same credential for the file.'),
    }),
  ),
  delivery: z.enum(MAIL_DELIVERIES).nullable().describe('Outside addresses: where the email stands.'),
  inReplyTo: z.string().nullable(),
  sentAt: instant().nullable(),
  createdAt: instant(),
  updatedAt: instant(),
  version: z.number().int().min(1),
})
export type MailRecord = z.infer<typeof MailRecordSchema>

/** GET /api/mail: a page of one mailbox, its `meta` naming the box. */
export const MailPageSchema = z.object({
  data: z.array(MailRecordSchema),
  meta: ListMetaSchema.extend({ box: z.enum(MAIL_BOXES).describe('The mailbox listed.') }),
})

/** DELETE /api/mail/{id}: moved to trash, or (from trash) gone. */
export const MailDeletedSchema = z.union([
  z.object({ id: z.string(), deleted: z.literal(false), folder: z.literal('trash') }),
  z.object({ id: z.string(), deleted: z.literal(true) }),
])
export type MailDeleted = z.infer<typeof MailDeletedSchema>
