import { moveCartStep } from '~/models/store/cart.server'
import type { CheckoutStep } from '~/policies/cart'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readBody } from '~/requests/api.server'
import { CartStepSchema } from '~/schemas/checkout'

import type { Route } from './+types/step'

/** POST /api/cart/step `{ step }` (0 cart, 1 billing and shipping, 2 review): back always, forward over complete steps only (409 `invalid_transition`). */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'create', 'storeOrder')
    const { step } = await readBody(request, CartStepSchema)
    return apiData(await moveCartStep(actor, step as CheckoutStep))
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}
