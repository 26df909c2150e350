import { getInstance } from '~/middleware/i18next'
import { exportTrips, TRIP_CSV_COLUMNS } from '~/models/fuel-tax/trip.server'
import { requirePermission } from '~/requests/session.server'
import { parseListQuery } from '~/schemas/list-query'
import { TripListQuerySchema } from '~/schemas/trip'
import { csvFilename, csvResponse } from '~/utils/csv.server'

import type { Route } from './+types/export'

/** The list's Export button: every trip its search and filters match, headers in the page's language. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'trip')
  const query = parseListQuery(TripListQuerySchema, new URL(request.url).searchParams)
  const { t } = getInstance(context)
  return csvResponse(exportTrips(user.organizationId, query), TRIP_CSV_COLUMNS, {
    headers: (key) => t(key),
    filename: csvFilename('trips'),
    bom: true,
  })
}
