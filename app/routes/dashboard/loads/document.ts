import { data } from 'react-router'

import { readLoadDocument } from '~/models/loads/load-document.server'
import { requirePermission } from '~/requests/session.server'
import { isDomainError, orNotFound } from '~/utils/errors.server'
import { storedFileHeaders } from '~/utils/file-name'

import type { Route } from './+types/document'

/**
 * A load document's file for the signed-in page (the API's twin is /api/loads/{id}/documents/{id}):
 * anyone who may read the load (a driver only their own); another organization's: 404. Always an
 * attachment, with the type detected at upload and `nosniff`, so a file never renders as a page.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'load')
  const { document, body, sizeBytes } = await orNotFound(readLoadDocument(user, params.id, params.documentId)).catch((error: unknown) => {
    // A rate confirmation, for a role that does not see a load's money (ADR 134): the permission-denied page.
    if (isDomainError(error) && error.code === 'forbidden') throw data({ reason: 'forbidden' }, { status: 403 })
    throw error
  })
  return new Response(body, {
    headers: storedFileHeaders(document, sizeBytes),
  })
}
