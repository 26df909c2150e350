/**
 * The files manager's vocabulary (ADR 067). Zod-free: the pages read them in the browser.
 * A file's kind is a load document's kind or where else it is stored; its record type is the
 * record it belongs to (the record's page is the file's home).
 */
import { LOAD_DOCUMENT_KINDS } from './load-document-options'

export const FILE_KINDS = [
  ...LOAD_DOCUMENT_KINDS,
  'mail_attachment',
  'chat_attachment',
  'product_photo',
  'post_cover',
  'avatar',
  'fuel_receipt',
  'inspection_photo',
] as const
export type FileKind = (typeof FILE_KINDS)[number]

export const FILE_RECORD_TYPES = ['load', 'mail', 'chat', 'product', 'post', 'user', 'fuel_purchase', 'inspection'] as const
export type FileRecordType = (typeof FILE_RECORD_TYPES)[number]

export const FILE_SORTS = ['createdAt', 'fileName', 'sizeBytes', 'kind'] as const

/** How long a share link works, in days. */
export const FILE_SHARE_DEFAULT_DAYS = 7
export const FILE_SHARE_MAX_DAYS = 30

/** At most this many files in one ZIP. */
export const FILE_ZIP_MAX = 500
