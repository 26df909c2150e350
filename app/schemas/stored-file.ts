/** The files manager's queries and forms (ADR 067), for the pages and /api/files alike. */
import { z } from 'zod'

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
