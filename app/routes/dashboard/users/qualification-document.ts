import { readQualificationDocument } from '~/models/compliance/qualification.server'
import { requireActor } from '~/requests/actor.server'
import { orNotFound } from '~/utils/errors.server'
import { storedFileHeaders } from '~/utils/file-name'

import type { Route } from './+types/qualification-document'

/**
 * A qualification item's document for the signed-in page (the API's twin is
 * /api/drivers/{userId}/qualifications/{id}/document): those who read the file, a driver only their
 * own; another organization's, or none: 404. Always an attachment with the type detected at upload.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { actor } = await requireActor(request, 'read', 'qualification')
  const document = await orNotFound(readQualificationDocument(actor, params.id, params.itemId))
  return new Response(document.body, { headers: storedFileHeaders(document.file, document.sizeBytes) })
}
