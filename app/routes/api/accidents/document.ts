import { deleteAccidentDocument, readAccidentDocument } from '~/models/accidents/accident-document.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, requireApiPermission } from '~/requests/api.server'
import { storedFileHeaders } from '~/utils/file-name'

import type { Route } from './+types/document'

/** GET /api/accidents/{id}/documents/{documentId}: the document's bytes, always as an attachment. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'accident')
    const document = await readAccidentDocument(user.organizationId, params.id, params.documentId)
    return new Response(request.method === 'HEAD' ? null : document.body, { headers: storedFileHeaders(document.file, document.sizeBytes) })
  })
}

/** DELETE removes the document and its file. */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed(request, ['GET', 'HEAD', 'DELETE'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'update', 'accident')
    const document = await deleteAccidentDocument(actor, params.id, params.documentId)
    return apiData({ id: document.id, deleted: true })
  })
}
