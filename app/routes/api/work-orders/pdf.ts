import { workOrderPdfResponse } from '~/models/maintenance/work-order-pdf.server'
import { handleApi, methodNotAllowed, requireApiPermission } from '~/requests/api.server'

import type { Route } from './+types/pdf'

/** GET /api/work-orders/{id}/pdf: the work order as the page prints it, in the organization's language. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'workOrder')
    return workOrderPdfResponse(request, user.organizationId, params.id)
  })
}

export function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ['GET', 'HEAD'])
}
