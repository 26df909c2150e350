import { readInspectionPhoto } from '~/models/maintenance/inspection.server'
import { loadScope } from '~/policies/load'
import { requirePermission } from '~/requests/session.server'
import { orNotFound } from '~/utils/errors.server'
import { storedFileHeaders } from '~/utils/file-name'

import type { Route } from './+types/photo'

/**
 * A defect's photo for the signed-in pages (the API's twin is /api/inspections/photos/{id}): for
 * whoever reads its report, an upload not yet filed for its uploader; else 404. Inline with the
 * type detected at upload and `nosniff` (only images are accepted).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'inspection')
  const photo = await orNotFound(readInspectionPhoto(loadScope(user), user.id, params.id))
  return new Response(photo.body, { headers: storedFileHeaders(photo.file, photo.sizeBytes, { inline: true }) })
}
