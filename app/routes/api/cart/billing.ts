import { setCartBilling } from '~/models/store/cart.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readBody } from '~/requests/api.server'
import { CartBillingSchema } from '~/schemas/checkout'

import type { Route } from './+types/billing'

/** PUT /api/cart/billing `{ chargeTo, driverId?, truckId?, name, address, shippingMethod, discountCode?, version? }`: the cart afterwards. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'PUT') return methodNotAllowed(request, ['PUT'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'create', 'storeOrder')
    const input = await readBody(request, CartBillingSchema)
    return apiData(await setCartBilling(actor, input))
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['PUT'])
}
