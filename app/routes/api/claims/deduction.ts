import { getClaim, serializeClaim } from '~/models/claims/claim.server'
import { deductClaim } from '~/models/settlements/settlement.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readActionBody } from '~/requests/api.server'
import { ClaimDeductionSchema } from '~/schemas/claim'

import type { Route } from './+types/deduction'

/**
 * POST /api/claims/{id}/deduction { amountCents, version? } → 200 with the claim, whose `deduction`
 * names the driver's draft settlement it landed on (or null: the driver's next settlement takes it).
 * Once per claim: a second is 409 in_use; a claim not paid, or whose load has no driver, 409
 * invalid_transition; more than was paid 400 at `amountCents`. Needs the right to change claims
 * and settlements (admins, accountants).
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'update', 'claim')
    await deductClaim(actor, params.id, await readActionBody(request, ClaimDeductionSchema))
    return apiData(serializeClaim(await getClaim(actor.organizationId, params.id)))
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}
