import { getCart, resetCart } from '~/models/store/cart.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, parseOrThrow, requireApiPermission } from '~/requests/api.server'
import { OptionalVersionSchema } from '~/schemas/version'

import type { Route } from './+types/cart'

/** GET /api/cart: the caller's cart (lines at current prices, the totals, the step, billing and shipping). */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'storeOrder')
    return apiData(await getCart(user.id))
  })
}

/** DELETE /api/cart: empties the cart and returns it to step 0. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed(request, ['GET', 'HEAD', 'DELETE'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'create', 'storeOrder')
    const raw = new URL(request.url).searchParams.get('version')
    const { version } = parseOrThrow(OptionalVersionSchema, { version: raw ?? undefined })
    return apiData(await resetCart(actor, version))
  })
}
