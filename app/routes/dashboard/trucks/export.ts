import { getInstance } from '~/middleware/i18next'
import { exportTrucks, TRUCK_CSV_COLUMNS } from '~/models/reference/truck.server'
import { requirePermission } from '~/requests/session.server'
import { parseListQuery } from '~/schemas/list-query'
import { TruckListQuerySchema } from '~/schemas/truck'
import { csvFilename, csvResponse } from '~/utils/csv.server'

import type { Route } from './+types/export'

/** The list's Export button: every truck its search and filters match, headers in the page's language. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'truck')
  const query = parseListQuery(TruckListQuerySchema, new URL(request.url).searchParams)
  const { t } = getInstance(context)
  return csvResponse(exportTrucks(user.organizationId, query), TRUCK_CSV_COLUMNS, { headers: (key) => t(key), filename: csvFilename('trucks'), bom: true })
}
