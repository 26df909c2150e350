import { readClaimDocument } from '~/models/claims/claim.server'
import { requirePermission } from '~/requests/session.server'
import { orNotFound } from '~/utils/errors.server'
import { storedFileHeaders } from '~/utils/file-name'

import type { Route } from './+types/document'

/** A claim's paper for the signed-in page (the API's twin is /api/claims/{id}/documents/{id}): always an attachment, `nosniff`. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'claim')
  const { document, body, sizeBytes } = await orNotFound(readClaimDocument(user.organizationId, params.id, params.documentId))
  return new Response(body, { headers: storedFileHeaders(document, sizeBytes) })
}
