import { settlementPdfResponse } from '~/models/settlements/settlement-pdf.server'
import { settlementScope } from '~/policies/settlement'
import { handleApi, methodNotAllowed, requireApiPermission } from '~/requests/api.server'

import type { Route } from './+types/pdf'

/** GET /api/settlements/{id}/pdf: the pay statement in the driver's language (a driver: their own only). */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'settlement')
    return settlementPdfResponse(settlementScope(user), params.id, request.method)
  })
}

export function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ['GET', 'HEAD'])
}
