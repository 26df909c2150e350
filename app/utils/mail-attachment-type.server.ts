/**
 * Which files a mail message may carry (docs/decisions/054-inbound-smtp-receiver.md):
 * decided by the bytes, never by the name or the type the sender declared. PDF, PNG, JPEG, WebP
 * and GIF by their signatures; Word (.docx) and Excel (.xlsx) by their zip contents; plain text
 * and CSV when the bytes are UTF-8 text without control characters and the sender called it text
 * or CSV (or the name ends in .txt or .csv). Everything else (executables, archives, old binary
 * Office files with macros, HTML, SVG, scripts) is refused.
 */
import { createReadStream } from 'node:fs'

import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type'

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

/** Bytes read as text a piece at a time: a 10 MB file never becomes one 10 MB string. */
const TEXT_PIECE = 64 * 1024

/** Whether the bytes are UTF-8 without control characters, decoded piece by piece. */
async function isText(pieces: AsyncIterable<Uint8Array> | Iterable<Uint8Array>) {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  try {
    for await (const piece of pieces) if (CONTROL.test(decoder.decode(piece, { stream: true }))) return false
    decoder.decode()
    return true
  } catch {
    return false
  }
}

function* piecesOf(bytes: Uint8Array) {
  for (let at = 0; at < bytes.byteLength; at += TEXT_PIECE) yield bytes.subarray(at, at + TEXT_PIECE)
}

/** What the sender called the file decides between CSV, plain text and neither (for bytes that are text). */
function textKind(file: { fileName: string; declaredType: string }): MailAttachmentType | null {
  if (CSV_TYPE.test(file.declaredType) || /\.csv$/i.test(file.fileName)) return 'text/csv'
  // Text the sender did not call plain text (HTML, SVG, a script) is not taken as such.
  if (/^text\/plain\b/i.test(file.declaredType) || /\.txt$/i.test(file.fileName)) return 'text/plain'
  return null
}

/** The file's type if it is one a message may carry, else null (empty files too). */
export async function mailAttachmentType(bytes: Uint8Array, file: { fileName: string; declaredType: string }): Promise<MailAttachmentType | null> {
  if (bytes.byteLength === 0) return null
  const detected = await fileTypeFromBuffer(bytes)
  if (detected) return detected.mime in MAIL_ATTACHMENT_TYPES ? (detected.mime as MailAttachmentType) : null
  const kind = textKind(file)
  return kind && (await isText(piecesOf(bytes))) ? kind : null
}

/** mailAttachmentType for a file on disk (an inbound part): the same rule, reading only what it needs. */
export async function mailAttachmentTypeOfFile(
  path: string,
  file: { fileName: string; declaredType: string; sizeBytes: number },
): Promise<MailAttachmentType | null> {
  if (file.sizeBytes === 0) return null
  const detected = await fileTypeFromFile(path)
  if (detected) return detected.mime in MAIL_ATTACHMENT_TYPES ? (detected.mime as MailAttachmentType) : null
  const kind = textKind(file)
  return kind && (await isText(createReadStream(path, { highWaterMark: TEXT_PIECE }))) ? kind : null
}
