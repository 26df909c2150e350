import { moveClaim, serializeClaim } from '~/models/claims/claim.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readActionBody } from '~/requests/api.server'
import { ClaimStatusSchema } from '~/schemas/claim'

import type { Route } from './+types/status'

/**
 * POST /api/claims/{id}/status { status, amountPaidCents?, version? } → 200 with the claim. A move
 * its status does not allow is 409 invalid_transition; a stale version 409 conflict; an amount paid
 * above the amount claimed, or given for another move than `settled`, 400 at `amountPaidCents`.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'update', 'claim')
    return apiData(serializeClaim(await moveClaim(actor, params.id, await readActionBody(request, ClaimStatusSchema))))
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}
