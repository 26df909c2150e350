import { getClaim, serializeClaim, uploadClaimDocument } from '~/models/claims/claim.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed } from '~/requests/api.server'
import { LOAD_DOCUMENT_MAX_BYTES } from '~/schemas/load-document-options'
import { uploadLimit } from '~/utils/upload-limit'

import type { Route } from './+types/documents'

/** Streamed to storage as it arrives: never collected by the edge. */
export const upload = uploadLimit(LOAD_DOCUMENT_MAX_BYTES, { streamed: true })

/**
 * POST /api/claims/{id}/documents, multipart (`file`): 201 with the claim and its papers. The type
 * is read from the bytes (PDF, PNG, JPEG, WebP, else 415); past 15 MB 413; nothing is kept of a
 * refused file. Not replayed by Idempotency-Key: the body is never held whole.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(
    request,
    async (call) => {
      const { actor } = await requireApiActor(call, 'update', 'claim')
      await uploadClaimDocument(actor, params.id, request)
      return apiData(serializeClaim(await getClaim(actor.organizationId, params.id)), { status: 201 })
    },
    { idempotency: false },
  )
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}
