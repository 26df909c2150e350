import { scheduleCsvResponse } from '~/models/factoring/factoring-pdf.server'
import { requirePermission } from '~/requests/session.server'
import { orNotFound } from '~/utils/errors.server'

import type { Route } from './+types/csv'

/** "Download CSV": the schedule's invoices with their figures in cents. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'factoring')
  return orNotFound(scheduleCsvResponse(request, user.organizationId, params.id))
}
