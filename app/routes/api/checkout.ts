import { placeOrder } from '~/models/store/store-order.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readActionBody } from '~/requests/api.server'
import { CheckoutSchema } from '~/schemas/checkout'

import type { Route } from './+types/checkout'

/**
 * POST /api/checkout (no body, an empty JSON object, or what the buyer reviewed: `expectedTotalCents`,
 * `reviewKey`): places the cart's order → 201 the order, at the products' prices, stock lowered in
 * the same transaction; 409 `insufficient_stock` (nothing ordered) when short, 409 `conflict` with
 * the new total when the cart no longer adds up to what was reviewed.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'create', 'storeOrder')
    const reviewed = await readActionBody(request, CheckoutSchema)
    return apiData(await placeOrder(actor, reviewed), { status: 201 })
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}
