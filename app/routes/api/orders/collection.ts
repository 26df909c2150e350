import { listOrders, serializeOrder } from '~/models/store/store-order.server'
import { orderScope } from '~/policies/cart'
import { apiData, handleApi, methodNotAllowed, requireApiPermission } from '~/requests/api.server'
import { OrderListQuerySchema } from '~/schemas/checkout'
import { parseListQuery } from '~/schemas/list-query'

import type { Route } from './+types/collection'

/** GET /api/orders: the store's orders (a driver's: those charged to them), with the page's search (`q`: number), filters (`chargeTo`, `status`), sort and paging. */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'storeOrder')
    const query = parseListQuery(OrderListQuerySchema, new URL(request.url).searchParams)
    const result = await listOrders(user.organizationId, query, orderScope(user))
    return apiData(result.items.map(serializeOrder), { meta: { total: result.total, page: result.page, pageSize: result.pageSize } })
  })
}

export function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ['GET', 'HEAD'])
}
