import { getInstance } from '~/middleware/i18next'
import { COMPANY_CSV_COLUMNS, exportCompanies } from '~/models/reference/company.server'
import { requirePermission } from '~/requests/session.server'
import { CompanyListQuerySchema } from '~/schemas/company'
import { parseListQuery } from '~/schemas/list-query'
import { csvFilename, csvResponse } from '~/utils/csv.server'

import type { Route } from './+types/export'

/** The list's Export button: every company its search and filters match, headers in the page's language. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'company')
  const query = parseListQuery(CompanyListQuerySchema, new URL(request.url).searchParams)
  const { t } = getInstance(context)
  return csvResponse(exportCompanies(user.organizationId, query), COMPANY_CSV_COLUMNS, {
    headers: (key) => t(key),
    filename: csvFilename('companies'),
    bom: true,
  })
}
