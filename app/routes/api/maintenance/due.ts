import { listDueSchedules, serializeSchedule } from '~/models/maintenance/maintenance-schedule.server'
import { apiData, handleApi, methodNotAllowed, requireApiPermission } from '~/requests/api.server'
import { parseListQuery } from '~/schemas/list-query'
import { DueQuerySchema } from '~/schemas/maintenance-schedule'

import type { Route } from './+types/due'

/** GET /api/maintenance/due: every schedule due soon or overdue (of a unit: `truckId`, `trailerId`), overdue first. */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'maintenanceSchedule')
    const unit = parseListQuery(DueQuerySchema, new URL(request.url).searchParams)
    const due = await listDueSchedules(user.organizationId, unit)
    return apiData(due.map(serializeSchedule), { meta: { total: due.length, page: 1, pageSize: Math.max(due.length, 1) } })
  })
}

export function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ['GET', 'HEAD'])
}
