import { deleteLoadDocument, readLoadDocument } from '~/models/loads/load-document.server'
import { actorOf } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, parseOrThrow, requireApiPermission } from '~/requests/api.server'
import { OptionalVersionSchema } from '~/schemas/version'
import { storedFileHeaders } from '~/utils/file-name'

import type { Route } from './+types/document'

/**
 * GET /api/loads/{id}/documents/{documentId}: the file, as an attachment with the type detected at
 * upload and `nosniff`, for anyone who may read the load (a driver only their own).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'load')
    const { document, body, sizeBytes } = await readLoadDocument(user, params.id, params.documentId)
    return new Response(request.method === 'HEAD' ? null : body, {
      headers: storedFileHeaders(document, sizeBytes),
    })
  })
}

/** DELETE: the office only (admin, dispatcher); 200 `{ data: { id, deleted: true } }`. */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed(request, ['GET', 'HEAD', 'DELETE'])
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'update', 'load')
    // `?version=` as on every delete: a malformed one is a 400; documents are never edited, so any valid one will do.
    const raw = new URL(request.url).searchParams.get('version')
    parseOrThrow(OptionalVersionSchema, { version: raw ?? undefined })
    const document = await deleteLoadDocument(user, actorOf(request, user), params.id, params.documentId)
    return apiData({ id: document.id, deleted: true })
  })
}
