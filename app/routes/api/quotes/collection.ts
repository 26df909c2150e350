import { listQuotes, serializeQuote } from '~/models/quotes/quote.server'
import { apiData, handleApi, methodNotAllowed, requireApiPermission } from '~/requests/api.server'
import { parseListQuery } from '~/schemas/list-query'
import { QuoteListQuerySchema } from '~/schemas/quote'

import type { Route } from './+types/collection'

/** GET /api/quotes: search (number, name, email, company, city), `status`, sort, paging. Requests are made by the public quote forms only. */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'quote')
    const query = parseListQuery(QuoteListQuerySchema, new URL(request.url).searchParams)
    const result = await listQuotes(user.organizationId, query)
    return apiData(result.items.map(serializeQuote), { meta: { total: result.total, page: result.page, pageSize: result.pageSize } })
  })
}

export function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ['GET', 'HEAD'])
}
