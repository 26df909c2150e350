import { detectLanguage, getFixedT } from '~/i18n.server'
import { checkLoadImport, importLoads } from '~/models/load-import.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed } from '~/requests/api.server'
import { LOAD_IMPORT_MAX_BYTES } from '~/schemas/load-import-options'
import { DomainError } from '~/utils/errors.server'
import { uploadLimit } from '~/utils/upload-limit'

import type { Route } from './+types/import'

/** A CSV of up to 10 MB, as the whole body or a multipart part: collected by the edge up to this. */
export const upload = uploadLimit(LOAD_IMPORT_MAX_BYTES)

/** The CSV's bytes (kept off the JavaScript heap) from a `text/csv` body or a multipart `file` part, at most 10 MB. */
async function readCsv(request: Request) {
  const type = (request.headers.get('Content-Type') ?? '').split(';')[0].trim().toLowerCase()
  let bytes: Uint8Array
  if (type === 'text/csv') bytes = new Uint8Array(await request.arrayBuffer())
  else if (type === 'multipart/form-data') {
    const file = (await request.formData().catch(() => null))?.get('file')
    if (!(file instanceof File)) throw new DomainError('validation_failed', 'validation.failed', { fields: { file: ['loadImport.errors.noFile'] } })
    if (file.size > LOAD_IMPORT_MAX_BYTES)
      throw new DomainError('payload_too_large', 'loadImport.errors.tooLarge', { params: { size: LOAD_IMPORT_MAX_BYTES / 1024 / 1024 } })
    bytes = new Uint8Array(await file.arrayBuffer())
  } else throw new DomainError('unsupported_media_type', 'loadImport.errors.notCsv')
  if (bytes.byteLength > LOAD_IMPORT_MAX_BYTES)
    throw new DomainError('payload_too_large', 'loadImport.errors.tooLarge', { params: { size: LOAD_IMPORT_MAX_BYTES / 1024 / 1024 } })
  return bytes
}

/**
 * POST /api/loads/import (`text/csv`, or multipart with `file`): `?dryRun=true` answers 200 with
 * the rows, the valid count, the errors by row and column (the first 1,000) and their count, writing nothing; otherwise 201 with
 * the loads created, all in one transaction, or 400 `validation_failed` with every error in
 * `fields` as `rows.<line>.<column>` (line 1 is the header) and nothing written.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'create', 'load')
    const dryRun = new URL(request.url).searchParams.get('dryRun') === 'true'
    const csv = await readCsv(request)
    if (dryRun) {
      const check = await checkLoadImport(actor.organizationId, csv)
      const t = getFixedT(detectLanguage(request))
      const errors = check.errors.map((error) => ({ row: error.row, column: error.column, message: t(error.message, error.params) }))
      return apiData({ rows: check.rows, valid: check.valid, errors, errorCount: check.errorCount })
    }
    const { check, result } = await importLoads(actor, csv)
    if (!result) {
      const fields: Record<string, string[]> = {}
      for (const error of check.errors) (fields[`rows.${error.row}.${error.column ?? '_'}`] ??= []).push(error.message)
      throw new DomainError('validation_failed', 'loadImport.errors.fileHasErrors', { fields, params: { errors: check.errorCount } })
    }
    return apiData(result, { status: 201 })
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}
