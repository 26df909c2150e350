import { getOrder } from '~/models/store/store-order.server'
import { orderScope } from '~/policies/cart'
import { apiData, handleApi, methodNotAllowed, requireApiPermission } from '~/requests/api.server'

import type { Route } from './+types/item'

/** GET /api/orders/{id}: one order with its lines at the prices locked when it was placed. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'storeOrder')
    return apiData(await getOrder(user.organizationId, params.id, orderScope(user)))
  })
}

export function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ['GET', 'HEAD'])
}
