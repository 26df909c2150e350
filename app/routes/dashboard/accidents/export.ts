import { getInstance } from '~/middleware/i18next'
import { ACCIDENT_CSV_COLUMNS, exportAccidents } from '~/models/accidents/accident.server'
import { requirePermission } from '~/requests/session.server'
import { AccidentListQuerySchema } from '~/schemas/accident'
import { parseListQuery } from '~/schemas/list-query'
import { csvFilename, csvResponse } from '~/utils/csv.server'

import type { Route } from './+types/export'

/** The list's Export button: every accident its filters match, headers in the page's language. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'accident')
  const query = parseListQuery(AccidentListQuerySchema, new URL(request.url).searchParams)
  const { t } = getInstance(context)
  return csvResponse(exportAccidents(user.organizationId, query), ACCIDENT_CSV_COLUMNS, {
    headers: (key) => t(key),
    filename: csvFilename('accidents'),
    bom: true,
  })
}
