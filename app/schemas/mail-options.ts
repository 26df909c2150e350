/**
 * Mail's words and limits, shared by the compose page, the API, the models, the mail policy and
 * the OpenAPI document. No zod here: pages import it without downloading the validation library.
 */
/** The two kinds of mailbox: the organization's shared one and each user's own (app/policies/mail.ts says who reads which). */
export const MAIL_BOXES = ['shared', 'own'] as const
export type MailBox = (typeof MAIL_BOXES)[number]

export const MAIL_FOLDERS = ['inbox', 'sent', 'drafts', 'trash'] as const
export type MailFolderName = (typeof MAIL_FOLDERS)[number]

/** What a folder page may show: a real folder, every folder but trash (`all`), or a view across them. */
export const MAIL_VIEWS = ['inbox', 'sent', 'drafts', 'trash', 'all', 'starred', 'important'] as const
export type MailView = (typeof MAIL_VIEWS)[number]

/** How a message to outside addresses is getting there (the job queue sends it). */
export const MAIL_DELIVERIES = ['queued', 'sent', 'failed'] as const
export type MailDelivery = (typeof MAIL_DELIVERIES)[number]

export function isMailView(value: unknown): value is MailView {
  return typeof value === 'string' && (MAIL_VIEWS as readonly string[]).includes(value)
}

/** One attached file at most this large (field error on the page, 413 in the API). */
export const MAIL_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024
/** All the files of one message together (the request edge refuses a larger body outright). */
export const MAIL_ATTACHMENTS_MAX_TOTAL_BYTES = 25 * 1024 * 1024
/** Attachments on one message: uploaded files and load documents together. */
export const MAIL_ATTACHMENTS_MAX = 10
/** Addresses on one message, To and Cc together. */
export const MAIL_RECIPIENTS_MAX = 50
export const MAIL_LABELS_MAX = 10
export const MAIL_LABEL_MAX_LENGTH = 30
export const MAIL_SUBJECT_MAX_LENGTH = 250
export const MAIL_TEXT_MAX_LENGTH = 100_000
