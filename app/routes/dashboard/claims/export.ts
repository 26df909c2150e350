import { getInstance } from '~/middleware/i18next'
import { CLAIM_CSV_COLUMNS, exportClaims } from '~/models/claims/claim.server'
import { requirePermission } from '~/requests/session.server'
import { ClaimListQuerySchema } from '~/schemas/claim'
import { parseListQuery } from '~/schemas/list-query'
import { csvFilename, csvResponse } from '~/utils/csv.server'

import type { Route } from './+types/export'

/** The list's Export button: every claim its search and filters match, headers in the page's language. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'claim')
  const query = parseListQuery(ClaimListQuerySchema, new URL(request.url).searchParams)
  const { t } = getInstance(context)
  return csvResponse(exportClaims(user.organizationId, query), CLAIM_CSV_COLUMNS, {
    headers: (key) => t(key),
    filename: csvFilename('claims'),
    bom: true,
  })
}
