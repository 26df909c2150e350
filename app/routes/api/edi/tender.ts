import { getTender, serializeTender } from '~/models/edi/tender.server'
import { apiData, handleApi, methodNotAllowed, requireApiPermission } from '~/requests/api.server'

import type { Route } from './+types/tender'

/** GET /api/edi/tenders/{id}: one tender with its stops. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'edi')
    return apiData(serializeTender(await getTender(user.organizationId, params.id)))
  })
}

export function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ['GET', 'HEAD'])
}
