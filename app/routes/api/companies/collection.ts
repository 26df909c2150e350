import { COMPANY_CSV_COLUMNS, createCompany, exportCompanies, listCompanies, serializeCompany } from '~/models/reference/company.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readBody, requireApiPermission } from '~/requests/api.server'
import { CompanyListQuerySchema, CompanySchema } from '~/schemas/company'
import { parseListQuery } from '~/schemas/list-query'
import { csvFilename, csvResponse, wantsCsv } from '~/utils/csv.server'

import type { Route } from './+types/collection'

/**
 * GET /api/company (the specification's path; /api/companies is the same module): the list with
 * the same search, status filter, sort and paging as the page; `?format=csv` streams every
 * matching company as CSV.
 */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'company')
    const url = new URL(request.url)
    const query = parseListQuery(CompanyListQuerySchema, url.searchParams)
    if (wantsCsv(url))
      return csvResponse(exportCompanies(user.organizationId, query), COMPANY_CSV_COLUMNS, { headers: 'key', filename: csvFilename('companies') })
    const result = await listCompanies(user.organizationId, query)
    return apiData(result.items.map(serializeCompany), { meta: { total: result.total, page: result.page, pageSize: result.pageSize } })
  })
}

/** POST /api/company → 201 { data: company }. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['GET', 'HEAD', 'POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'create', 'company')
    const input = await readBody(request, CompanySchema)
    return apiData(serializeCompany(await createCompany(actor, input)), { status: 201 })
  })
}
