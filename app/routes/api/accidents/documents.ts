import { serializeAccidentDocument } from '~/models/accidents/accident.server'
import { uploadAccidentDocument } from '~/models/accidents/accident-document.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed } from '~/requests/api.server'
import { LOAD_DOCUMENT_MAX_BYTES } from '~/schemas/load-document-options'
import { uploadLimit } from '~/utils/upload-limit'

import type { Route } from './+types/documents'

/** Streamed to storage as it arrives (app/models/files/streamed-upload.server.ts): never collected by the edge. */
export const upload = uploadLimit(LOAD_DOCUMENT_MAX_BYTES, { streamed: true })

/**
 * POST /api/accidents/{id}/documents, multipart `file` → 201 { data: document }: PDF, PNG, JPEG or
 * WebP by content (else 415), 15 MB at most (413, nothing kept). Not replayed by Idempotency-Key:
 * the body is never held whole.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(
    request,
    async (call) => {
      const { actor } = await requireApiActor(call, 'update', 'accident')
      const { document } = await uploadAccidentDocument(actor, params.id, request)
      return apiData(serializeAccidentDocument(document), { status: 201 })
    },
    { idempotency: false },
  )
}
