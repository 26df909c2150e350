import { createSchedule, exportSchedules, listSchedules, SCHEDULE_CSV_COLUMNS, serializeSchedule } from '~/models/maintenance/maintenance-schedule.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readBody, requireApiPermission } from '~/requests/api.server'
import { parseListQuery } from '~/schemas/list-query'
import { MaintenanceScheduleListQuerySchema, MaintenanceScheduleSchema } from '~/schemas/maintenance-schedule'
import { csvFilename, csvResponse, wantsCsv } from '~/utils/csv.server'

import type { Route } from './+types/schedules'

/**
 * GET /api/maintenance/schedules: the list with the page's filters (`truckId`, `trailerId`,
 * `status`, `q`), each schedule with `nextDueAt`, `nextDueOdometer` and `status`; `?format=csv`
 * streams every matching schedule.
 */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'maintenanceSchedule')
    const url = new URL(request.url)
    const query = parseListQuery(MaintenanceScheduleListQuerySchema, url.searchParams)
    if (wantsCsv(url))
      return csvResponse(exportSchedules(user.organizationId, query), SCHEDULE_CSV_COLUMNS, { headers: 'key', filename: csvFilename('maintenance-schedules') })
    const result = await listSchedules(user.organizationId, query)
    return apiData(result.items.map(serializeSchedule), { meta: { total: result.total, page: result.page, pageSize: result.pageSize } })
  })
}

/** POST /api/maintenance/schedules → 201 { data: schedule }. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['GET', 'HEAD', 'POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'create', 'maintenanceSchedule')
    const input = await readBody(request, MaintenanceScheduleSchema)
    return apiData(serializeSchedule(await createSchedule(actor, input)), { status: 201 })
  })
}
