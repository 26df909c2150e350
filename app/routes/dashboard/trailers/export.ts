import { getInstance } from '~/middleware/i18next'
import { exportTrailers, TRAILER_CSV_COLUMNS } from '~/models/reference/trailer.server'
import { requirePermission } from '~/requests/session.server'
import { parseListQuery } from '~/schemas/list-query'
import { TrailerListQuerySchema } from '~/schemas/trailer'
import { csvFilename, csvResponse } from '~/utils/csv.server'

import type { Route } from './+types/export'

/** The list's Export button: every trailer its search and filters match, headers in the page's language. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'trailer')
  const query = parseListQuery(TrailerListQuerySchema, new URL(request.url).searchParams)
  const { t } = getInstance(context)
  return csvResponse(exportTrailers(user.organizationId, query), TRAILER_CSV_COLUMNS, {
    headers: (key) => t(key),
    filename: csvFilename('trailers'),
    bom: true,
  })
}
