import { addCartItem } from '~/models/store/cart.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readBody } from '~/requests/api.server'
import { CartAddSchema } from '~/schemas/checkout'

import type { Route } from './+types/items'

/** POST /api/cart/items `{ productId, quantity, color? }` → 201 the cart (the same product and colour add up, at most 99). */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'create', 'storeOrder')
    const input = await readBody(request, CartAddSchema)
    return apiData(await addCartItem(actor, input), { status: 201 })
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}
