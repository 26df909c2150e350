/**
 * Which files a mail message may carry (issue 26, docs/decisions/054-inbound-smtp-receiver.md):
 * decided by the bytes, never by the name or the type the sender declared. PDF, PNG, JPEG, WebP
 * and GIF by their signatures; Word (.docx) and Excel (.xlsx) by their zip contents; plain text
 * and CSV when the bytes are UTF-8 text without control characters and the sender called it text
 * or CSV (or the name ends in .txt or .csv). Everything else (executables, archives, old binary
 * Office files with macros, HTML, SVG, scripts) is refused.
 */
import { fileTypeFromBuffer } from 'file-type'

export const MAIL_ATTACHMENT_TYPES = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'text/plain': 'txt',
  'text/csv': 'csv',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
} as const
export type MailAttachmentType = keyof typeof MAIL_ATTACHMENT_TYPES

/** The allowed kinds as a person reads them, for a note on a refused file. */
export const MAIL_ATTACHMENT_KINDS = 'PDF, PNG, JPEG, WebP, GIF, text, CSV, Word (.docx), Excel (.xlsx)'

const CSV_TYPE = /^(text|application)\/(csv|x-csv|comma-separated-values)\b/i
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/

function isText(bytes: Uint8Array) {
  try {
    return !CONTROL.test(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
  } catch {
    return false
  }
}

/** The file's type if it is one a message may carry, else null (empty files too). */
export async function mailAttachmentType(bytes: Uint8Array, file: { fileName: string; declaredType: string }): Promise<MailAttachmentType | null> {
  if (bytes.byteLength === 0) return null
  const detected = await fileTypeFromBuffer(bytes)
  if (detected) return detected.mime in MAIL_ATTACHMENT_TYPES ? (detected.mime as MailAttachmentType) : null
  if (!isText(bytes)) return null
  if (CSV_TYPE.test(file.declaredType) || /\.csv$/i.test(file.fileName)) return 'text/csv'
  // Text the sender did not call plain text (HTML, SVG, a script) is not taken as such.
  if (/^text\/plain\b/i.test(file.declaredType) || /\.txt$/i.test(file.fileName)) return 'text/plain'
  return null
}
