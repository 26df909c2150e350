import { deleteClaimDocument, readClaimDocument } from '~/models/claims/claim.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, requireApiPermission } from '~/requests/api.server'
import { storedFileHeaders } from '~/utils/file-name'

import type { Route } from './+types/document'

/** GET /api/claims/{id}/documents/{documentId}: the file, as an attachment with the type detected at upload and `nosniff`. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'claim')
    const { document, body, sizeBytes } = await readClaimDocument(user.organizationId, params.id, params.documentId)
    return new Response(request.method === 'HEAD' ? null : body, { headers: storedFileHeaders(document, sizeBytes) })
  })
}

/** DELETE: a paper of a claim not yet closed; 200 `{ data: { id, deleted: true } }`. */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed(request, ['GET', 'HEAD', 'DELETE'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'update', 'claim')
    const document = await deleteClaimDocument(actor, params.id, params.documentId)
    return apiData({ id: document.id, deleted: true })
  })
}
