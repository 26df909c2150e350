import { cancelOrder } from '~/models/store/store-order.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readActionBody } from '~/requests/api.server'
import { OrderCancelSchema } from '~/schemas/checkout'

import type { Route } from './+types/cancel'

/** POST /api/orders/{id}/cancel (optional body `{ version? }`): the stock returns; 409 once canceled or while a live settlement deducts it. */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'update', 'storeOrder')
    const { version } = await readActionBody(request, OrderCancelSchema)
    return apiData(await cancelOrder(actor, params.id, version))
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}
