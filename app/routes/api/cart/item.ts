import { removeCartItem, updateCartItem } from '~/models/store/cart.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, parseOrThrow, readBody } from '~/requests/api.server'
import { CartQuantitySchema } from '~/schemas/checkout'
import { OptionalVersionSchema } from '~/schemas/version'

import type { Route } from './+types/item'

/** PUT /api/cart/items/{itemId} `{ quantity }` and DELETE: the cart afterwards. */
export async function action({ request, params }: Route.ActionArgs) {
  return handleApi(request, async (call) => {
    switch (request.method) {
      case 'PUT': {
        const { actor } = await requireApiActor(call, 'create', 'storeOrder')
        const { quantity } = await readBody(request, CartQuantitySchema)
        return apiData(await updateCartItem(actor, params.itemId, quantity))
      }
      case 'DELETE': {
        const { actor } = await requireApiActor(call, 'create', 'storeOrder')
        const raw = new URL(request.url).searchParams.get('version')
        const { version } = parseOrThrow(OptionalVersionSchema, { version: raw ?? undefined })
        return apiData(await removeCartItem(actor, params.itemId, version))
      }
      default:
        return methodNotAllowed(request, ['PUT', 'DELETE'])
    }
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['PUT', 'DELETE'])
}
