import { readInspectionPhoto } from '~/models/maintenance/inspection.server'
import { loadScope } from '~/policies/load'
import { handleApi, methodNotAllowed, requireApiPermission } from '~/requests/api.server'
import { storedFileHeaders } from '~/utils/file-name'

import type { Route } from './+types/photo'

/**
 * GET /api/inspections/photos/{id}: a defect's photo, for whoever may read its report (an upload
 * not yet attached: its uploader only); else 404. Shown inline (an image, `nosniff`).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'inspection')
    const photo = await readInspectionPhoto(loadScope(user), user.id, params.id)
    return new Response(request.method === 'HEAD' ? null : photo.body, { headers: storedFileHeaders(photo.file, photo.sizeBytes, { inline: true }) })
  })
}

export function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ['GET', 'HEAD'])
}
