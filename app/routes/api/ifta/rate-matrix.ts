import { getIftaRates, importIftaRateMatrix, requireQuarter } from '~/models/fuel-tax/ifta-return.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed } from '~/requests/api.server'
import { RATE_MATRIX_MAX_BYTES } from '~/schemas/ifta-options'
import { DomainError } from '~/utils/errors.server'
import { uploadLimit } from '~/utils/upload-limit'

import type { Route } from './+types/rate-matrix'

/** The matrix (at most 256 KB, a multipart part or the whole body): the edge collects no more than this. */
export const upload = uploadLimit(RATE_MATRIX_MAX_BYTES)

const tooLarge = () => new DomainError('payload_too_large', 'ifta.matrix.tooLarge', { params: { size: RATE_MATRIX_MAX_BYTES / 1024 } })
const noFile = () => new DomainError('validation_failed', 'validation.failed', { fields: { file: ['ifta.matrix.noFile'] } })

/** The matrix's bytes from a `text/csv` body or a multipart `file` part (the rates page's field), bounded before they are read. */
async function readMatrix(request: Request): Promise<Uint8Array> {
  const type = (request.headers.get('Content-Type') ?? '').split(';')[0].trim().toLowerCase()
  if (type === 'text/csv') {
    const bytes = new Uint8Array(await request.arrayBuffer())
    if (bytes.byteLength > RATE_MATRIX_MAX_BYTES) throw tooLarge()
    if (!bytes.byteLength) throw noFile()
    return bytes
  }
  if (type !== 'multipart/form-data') throw new DomainError('unsupported_media_type', 'imports.errors.notCsv')
  const form = await request.formData().catch(() => null)
  const files = form?.getAll('file') ?? []
  if (files.length > 1) throw new DomainError('validation_failed', 'validation.failed', { fields: { file: ['imports.errors.oneFile'] } })
  const [file] = files
  if (!(file instanceof File) || file.size === 0) throw noFile()
  if (file.size > RATE_MATRIX_MAX_BYTES) throw tooLarge()
  return new Uint8Array(await file.arrayBuffer())
}

/**
 * POST /api/ifta/rates/{quarter}/import: the IFTA, Inc. rate matrix as published (CSV), read and
 * stored by the rates page's own model function (importIftaRateMatrix: every fuel type the file has
 * replaces that type's rates for the quarter, in one transaction, or nothing and a 400 naming the
 * line). Answers the quarter's rate table as GET /api/ifta/rates?quarter= does (ADR 137).
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'update', 'iftaReturn')
    const quarter = requireQuarter(params.quarter)
    await importIftaRateMatrix(actor, quarter, await readMatrix(request))
    return apiData(await getIftaRates(actor.organizationId, quarter))
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}
