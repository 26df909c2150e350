import { getInspection, serializeInspection } from '~/models/maintenance/inspection.server'
import { loadScope } from '~/policies/load'
import { apiData, handleApi, methodNotAllowed, requireApiPermission } from '~/requests/api.server'

import type { Route } from './+types/item'

/** GET /api/inspections/{id}: one report (404 for another organization's, or a driver's not theirs). Reports are never edited. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'inspection')
    return apiData(serializeInspection(await getInspection(loadScope(user), params.id)))
  })
}

export function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ['GET', 'HEAD'])
}
