import { listTenders, serializeTender } from '~/models/edi/tender.server'
import { apiData, handleApi, methodNotAllowed, requireApiPermission } from '~/requests/api.server'
import { EdiTenderQuerySchema } from '~/schemas/edi'
import { parseListQuery } from '~/schemas/list-query'

import type { Route } from './+types/tenders'

/** GET /api/edi/tenders?status=&partnerId=&q=&page=&pageSize=: tenders from 204s, newest first, with their stops. */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'edi')
    const query = parseListQuery(EdiTenderQuerySchema, new URL(request.url).searchParams)
    const result = await listTenders(user.organizationId, query)
    return apiData(result.items.map(serializeTender), { meta: { total: result.total, page: result.page, pageSize: result.pageSize } })
  })
}

export function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ['GET', 'HEAD'])
}
