import { readQualificationDocument } from '~/models/compliance/qualification.server'
import { requireApiActor } from '~/requests/actor.server'
import { handleApi, methodNotAllowed } from '~/requests/api.server'
import { storedFileHeaders } from '~/utils/file-name'

import type { Route } from './+types/document'

/** GET /api/drivers/{userId}/qualifications/{id}/document: the item's document, always as an attachment (none: 404). */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'read', 'qualification')
    const document = await readQualificationDocument(actor, params.userId, params.id)
    return new Response(request.method === 'HEAD' ? null : document.body, { headers: storedFileHeaders(document.file, document.sizeBytes) })
  })
}

export function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ['GET', 'HEAD'])
}
