/** The files manager's queries and forms (ADR 067), for the pages and /api/files alike. */
import { z } from 'zod'

import { instant, ListMetaSchema, namedRef } from './api-record'
import { integer } from './fields'
import { enumFilter, listQuery } from './list-query'
import { FILE_KINDS, FILE_RECORD_TYPES, FILE_SHARE_DEFAULT_DAYS, FILE_SHARE_MAX_DAYS, FILE_SORTS, FILE_ZIP_MAX } from './stored-file-options'
import { requiredId } from './text'

/** `/dashboard/files-manager` and `GET /api/files`: newest first unless sorted otherwise. */
export const FileListQuerySchema = listQuery({
  sorts: FILE_SORTS,
  defaultSort: 'createdAt',
  defaultDir: 'desc',
  filters: { kind: enumFilter(FILE_KINDS), recordType: enumFilter(FILE_RECORD_TYPES) },
})
export type FileListQuery = z.infer<typeof FileListQuerySchema>

/** `POST /api/files/{id}/share` and the file page's Share form. */
export const FileShareCreateSchema = z.object({
  expiresInDays: integer(1, FILE_SHARE_MAX_DAYS).default(FILE_SHARE_DEFAULT_DAYS),
})
export type FileShareCreateInput = z.infer<typeof FileShareCreateSchema>

/** The file page's Revoke button. */
export const FileShareRevokeSchema = z.object({ shareId: requiredId() })

/** The files manager's "Download as ZIP": the checked files. */
export const FileZipSchema = z.object({
  ids: z.array(requiredId()).min(1, 'files.errors.noneSelected').max(FILE_ZIP_MAX, 'files.errors.tooMany'),
})

/** A stored file as the API lists it (serializeFile): one row of the files index, whatever record holds it. */
export const StoredFileRecordSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  kind: z.enum(FILE_KINDS),
  contentType: z.string().describe('As uploaded (its type checked from its bytes where the record allows only some).'),
  sizeBytes: z.number().int().min(0),
  record: z
    .object({ type: z.enum(FILE_RECORD_TYPES), id: z.string(), label: z.string() })
    .describe('The record the file belongs to: a load, a mail, a conversation, a product, a bulletin or a user.'),
  uploadedBy: namedRef().nullable(),
  createdAt: instant(),
  url: z.string().describe('GET it with the same credential for the bytes.'),
})
export type StoredFileRecord = z.infer<typeof StoredFileRecordSchema>

/** The files list's `meta`: a list's, and the size of everything that matches. */
export const FileListMetaSchema = ListMetaSchema.extend({
  totalBytes: z.number().int().min(0).describe('The size of every file the search and filters match, in bytes.'),
})
