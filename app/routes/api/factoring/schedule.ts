import { getSchedule, serializeSchedule } from '~/models/factoring/factoring.server'
import { scheduleCsvResponse } from '~/models/factoring/factoring-pdf.server'
import { apiData, handleApi, methodNotAllowed, requireApiPermission } from '~/requests/api.server'
import { wantsCsv } from '~/utils/csv.server'

import type { Route } from './+types/schedule'

/** GET /api/factoring/schedules/{id}: the schedule with its invoices; `?format=csv`: its invoices as CSV. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'factoring')
    if (wantsCsv(new URL(request.url))) return scheduleCsvResponse(request, user.organizationId, params.id)
    return apiData(serializeSchedule(await getSchedule(user.organizationId, params.id)))
  })
}

export function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ['GET', 'HEAD'])
}
