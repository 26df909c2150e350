import { getInstance } from '~/middleware/i18next'
import { COMPLIANCE_CSV_COLUMNS, exportCompliance } from '~/models/compliance/compliance.server'
import { requirePermission } from '~/requests/session.server'
import { ComplianceQuerySchema } from '~/schemas/compliance'
import { parseListQuery } from '~/schemas/list-query'
import { csvFilename, csvResponse } from '~/utils/csv.server'

import type { Route } from './+types/export'

/** The dashboard's Export: a line per driver and kind its filters keep (every page), headers and values in the page's language. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'compliance')
  const query = parseListQuery(ComplianceQuerySchema, new URL(request.url).searchParams)
  const { t } = getInstance(context)
  return csvResponse(exportCompliance(user.organizationId, query), COMPLIANCE_CSV_COLUMNS, {
    headers: (key) => t(key),
    filename: csvFilename('compliance'),
    bom: true,
  })
}
