import { readAccidentDocument } from '~/models/accidents/accident-document.server'
import { requirePermission } from '~/requests/session.server'
import { orNotFound } from '~/utils/errors.server'
import { storedFileHeaders } from '~/utils/file-name'

import type { Route } from './+types/document'

/**
 * An accident's document for the signed-in page (the API's twin is /api/accidents/{id}/documents/{documentId}):
 * those who read accidents; another organization's: 404. Always an attachment with `nosniff`.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'accident')
  const document = await orNotFound(readAccidentDocument(user.organizationId, params.id, params.documentId))
  return new Response(document.body, { headers: storedFileHeaders(document.file, document.sizeBytes) })
}
