import { workOrderPdfResponse } from '~/models/maintenance/work-order-pdf.server'
import { requirePermission } from '~/requests/session.server'
import { orNotFound } from '~/utils/errors.server'

import type { Route } from './+types/pdf'

/** The work order as a PDF, in the organization's language; another organization's is not found. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'workOrder')
  return orNotFound(workOrderPdfResponse(request, user.organizationId, params.id))
}
