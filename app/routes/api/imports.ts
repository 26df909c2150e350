import { detectLanguage, getFixedT } from '~/i18n.server'
import { type ImportCheck, type ImportMapping, importRefusal, runImport } from '~/models/records/csv-import.server'
import { IMPORT_ENTITIES, importList } from '~/models/records/record-import.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, apiErrorResponse, handleApi, jsonResponse, methodNotAllowed } from '~/requests/api.server'
import { isFuelCardFormat } from '~/schemas/fuel-import-options'
import type { ImportCreatedRecord, ImportReportRecord } from '~/schemas/import'
import { IMPORT_MAX_BYTES, type ImportListName, importListOf } from '~/schemas/import-options'
import { isEldFormat } from '~/schemas/trip-import-options'
import { DomainError } from '~/utils/errors.server'
import { uploadLimit } from '~/utils/upload-limit'

import type { Route } from './+types/imports'

/** A CSV of up to 10 MB, as the whole body or a multipart part: collected by the edge up to this. */
export const upload = uploadLimit(IMPORT_MAX_BYTES)

const tooLarge = () => new DomainError('payload_too_large', 'imports.errors.tooLarge', { params: { size: IMPORT_MAX_BYTES / 1024 / 1024 } })

/** A mapping sent as JSON text (`{"Unit No": "unitNumber", "Colour": ""}`): an object of texts, or a 400. */
function readMapping(raw: unknown): ImportMapping | undefined {
  if (raw === null || raw === undefined || raw === '') return undefined
  let parsed: unknown = null
  try {
    parsed = typeof raw === 'string' && raw.length <= 64 * 1024 ? JSON.parse(raw) : null
  } catch {
    parsed = null
  }
  const valid =
    parsed !== null &&
    typeof parsed === 'object' &&
    !Array.isArray(parsed) &&
    Object.values(parsed).every((value) => typeof value === 'string' && value.length <= 100) &&
    Object.keys(parsed).length <= 100
  if (!valid) throw new DomainError('validation_failed', 'validation.failed', { fields: { mapping: ['imports.errors.mapping'] } })
  return parsed as ImportMapping
}

/**
 * A fuel card's (ADR 123) or an ELD's (ADR 126) export format: `generic` when none is sent (`csv`,
 * the contract's name for it, too: ADR 137), a 400 when it is no format of the list's.
 */
function readFormat(raw: unknown, name: ImportListName) {
  if (raw === null || raw === undefined || raw === '' || raw === 'csv') return 'generic'
  if (name === 'trips') {
    if (!isEldFormat(raw)) throw new DomainError('validation_failed', 'validation.failed', { fields: { format: ['eldImport.errors.format'] } })
    return raw
  }
  if (!isFuelCardFormat(raw)) throw new DomainError('validation_failed', 'validation.failed', { fields: { format: ['fuelImport.errors.format'] } })
  return raw
}

/** The CSV's bytes (kept off the JavaScript heap) from a `text/csv` body or a multipart `file` part, at most 10 MB, and the mapping and format sent. */
async function readCsv(request: Request, url: URL, name: ImportListName) {
  const type = (request.headers.get('Content-Type') ?? '').split(';')[0].trim().toLowerCase()
  let bytes: Uint8Array
  let mapping = url.searchParams.get('mapping')
  let format: unknown = url.searchParams.get('format')
  let dryRun = url.searchParams.get('dryRun') === 'true'
  if (type === 'text/csv') bytes = new Uint8Array(await request.arrayBuffer())
  else if (type === 'multipart/form-data') {
    const form = await request.formData().catch(() => null)
    const files = form?.getAll('file') ?? []
    // Two files would leave one unread without a word: the client is told to send one.
    if (files.length > 1) throw new DomainError('validation_failed', 'validation.failed', { fields: { file: ['imports.errors.oneFile'] } })
    const [file] = files
    if (!(file instanceof File)) throw new DomainError('validation_failed', 'validation.failed', { fields: { file: ['imports.errors.noFile'] } })
    // Bounded before a byte of it is read.
    if (file.size > IMPORT_MAX_BYTES) throw tooLarge()
    const sent = form?.get('mapping')
    if (typeof sent === 'string' && sent) mapping = sent
    format = form?.get('format') || format
    // The contract sends `dryRun` beside the file (ADR 137): a multipart field asks as the query does.
    if (form?.get('dryRun') === 'true') dryRun = true
    bytes = new Uint8Array(await file.arrayBuffer())
  } else throw new DomainError('unsupported_media_type', 'imports.errors.notCsv')
  if (bytes.byteLength > IMPORT_MAX_BYTES) throw tooLarge()
  return { bytes, mapping: readMapping(mapping), format: readFormat(format, name), dryRun }
}

/** The check's errors as the contract names them: `field` is the column (kept too), the message translated. */
function contractErrors(check: ImportCheck, t: (key: string, params?: Record<string, string | number>) => string) {
  return check.errors.map((error) => ({ row: error.row, field: error.column, column: error.column, message: t(error.message, error.params) }))
}

/**
 * POST /api/{loads,trucks,trailers,brokers,companies,products,users,fuel-purchases,trips}/import
 * (`text/csv`, or multipart with `file`; `users` imports drivers): `?dryRun=true` answers 200 with
 * the rows, the valid count, the errors by row and column (the first 1,000), their count and how
 * each header was read, writing nothing; otherwise 201 with how many were created (loads: their
 * first and last numbers; fuel purchases: the rows skipped), all in one transaction, or 400
 * `validation_failed` with every error in `fields` as `rows.<line>.<column>` (line 1 is the header)
 * and nothing written. `mapping` (query or multipart field, JSON) matches headers to columns;
 * drivers' `invite=true` emails each their invitation; fuel purchases' `format` (wex, efs, comdata,
 * generic) reads a card's export by its headers, trips' `format` (samsara, motive, generic) an ELD's
 * report (ADR 126); `csv` is generic. `dryRun` may also be a multipart field. Every list's answers
 * (200, 201 and the 400 of a refused file) also carry the contract's `created`, `duplicates` (rows
 * skipped as already imported: fuel purchases and trips; other lists refuse a repeated key at its
 * field) and `errors [{ row, field, message }]` (ADR 137, ADR 143).
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(request, async (call) => {
    const url = new URL(request.url)
    const name = importListOf(url.pathname)
    if (!name) throw new DomainError('not_found', 'api.notFound')
    const { actor } = await requireApiActor(call, 'create', IMPORT_ENTITIES[name])
    const csv = await readCsv(request, url, name)
    const dryRun = csv.dryRun
    const language = detectLanguage(request)
    const t = getFixedT(language)
    const list = await importList(name, actor.organizationId, { invite: url.searchParams.get('invite') === 'true', language, format: csv.format })
    const { check, result } = await runImport(list, actor, csv.bytes, { dryRun, mapping: csv.mapping })
    const duplicates = check.skipped?.duplicate ?? 0
    if (dryRun) {
      const report: ImportReportRecord = {
        rows: check.rows,
        valid: check.valid,
        created: 0,
        duplicates,
        errors: contractErrors(check, t),
        errorCount: check.errorCount,
        headers: check.headers,
        ...(check.skipped ? { skipped: check.skipped } : {}),
      }
      return apiData(report)
    }
    if (!result) {
      const refusal = importRefusal(check, t)
      // The usual 400, with the contract's answer beside `error`: nothing created, the refused rows.
      const refused = apiErrorResponse(request, refusal.code, refusal.messageKey, refusal.status, refusal.fields, refusal.options.params)
      const body = (await refused.json()) as Record<string, unknown>
      return jsonResponse({ ...body, created: 0, duplicates, errors: contractErrors(check, t) }, { status: refused.status })
    }
    const created: ImportCreatedRecord = { ...result, duplicates, errors: [] }
    return apiData(created, { status: 201 })
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}
