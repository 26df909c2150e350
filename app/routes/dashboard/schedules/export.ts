import { getInstance } from '~/middleware/i18next'
import { exportSchedules, SCHEDULE_CSV_COLUMNS } from '~/models/maintenance/maintenance-schedule.server'
import { requirePermission } from '~/requests/session.server'
import { parseListQuery } from '~/schemas/list-query'
import { MaintenanceScheduleListQuerySchema } from '~/schemas/maintenance-schedule'
import { csvFilename, csvResponse } from '~/utils/csv.server'

import type { Route } from './+types/export'

/** The list's Export button: every schedule its search and filters match, headers in the page's language. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'maintenanceSchedule')
  const query = parseListQuery(MaintenanceScheduleListQuerySchema, new URL(request.url).searchParams)
  const { t } = getInstance(context)
  return csvResponse(exportSchedules(user.organizationId, query), SCHEDULE_CSV_COLUMNS, {
    headers: (key) => t(key),
    filename: csvFilename('maintenance-schedules'),
    bom: true,
  })
}
