import { pdfFromUpload, readRateConfirmation } from '~/models/loads/rate-confirmation.server'
import { apiData, handleApi, methodNotAllowed, requireApiPermission } from '~/requests/api.server'
import type { RateConfirmationReading } from '~/schemas/load'
import { LOAD_DOCUMENT_MAX_BYTES } from '~/schemas/load-document-options'
import { DomainError } from '~/utils/errors.server'
import { uploadLimit } from '~/utils/upload-limit'

import type { Route } from './+types/extract'

/** A PDF of up to 15 MB (as load documents), collected whole: pdf.js reads it from memory. */
export const upload = uploadLimit(LOAD_DOCUMENT_MAX_BYTES)

/**
 * POST /api/loads/extract, multipart with `file`: 200 with `{ draft, fields, scanned, broker }`,
 * the load body read from a rate confirmation PDF (ADR 055). Nothing is written. Not a PDF by
 * content (or not multipart) 415, over 15 MB 413, no file or a PDF that cannot be opened 400.
 * The roles that create loads may call it.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(
    request,
    async (call) => {
      const user = await requireApiPermission(call, 'create', 'load')
      const type = (request.headers.get('Content-Type') ?? '').toLowerCase()
      if (!type.startsWith('multipart/form-data')) throw new DomainError('unsupported_media_type', 'loadForm.rateConfirmation.errors.notMultipart')
      const form = await request.formData().catch(() => null)
      if (!form) throw new DomainError('validation_failed', 'loadForm.rateConfirmation.errors.badForm')
      const { bytes } = await pdfFromUpload(form.get('file'))
      const reading: RateConfirmationReading = await readRateConfirmation(user.organizationId, bytes)
      return apiData(reading)
    },
    // Nothing is written: a repeat reads the file again.
    { idempotency: false },
  )
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}
