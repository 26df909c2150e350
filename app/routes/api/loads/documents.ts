import { serializeLoadDocument, uploadLoadDocument } from '~/models/loads/load-document.server'
import { actorOf } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, requireApiPermission } from '~/requests/api.server'
import { LOAD_DOCUMENT_MAX_BYTES } from '~/schemas/load-document-options'
import { uploadLimit } from '~/utils/upload-limit'

import type { Route } from './+types/documents'

/** Streamed to storage as it arrives (app/models/loads/load-document.server.ts): never collected by the edge. */
export const upload = uploadLimit(LOAD_DOCUMENT_MAX_BYTES, { streamed: true })

/**
 * POST /api/loads/{id}/documents, multipart (`kind`, `file`): 201 with the document. The file is
 * streamed to storage; its type is read from its bytes (PDF, PNG, JPEG, WebP, else 415) and it is
 * refused past 15 MB (413). Drivers upload BOLs and PODs on their own loads; readers do not upload.
 * Not replayed by Idempotency-Key: the body is never held whole.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(
    request,
    async (call) => {
      // Drivers upload their papers on their own loads (the load scope); a read-only key uploads nothing.
      const user = await requireApiPermission(call, 'create', 'loadDocument')
      const { document } = await uploadLoadDocument(user, actorOf(request, user), params.id, request)
      return apiData(serializeLoadDocument(document), { status: 201 })
    },
    { idempotency: false },
  )
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}
