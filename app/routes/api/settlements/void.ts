import { serializeSettlement, voidSettlement } from '~/models/settlements/settlement.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readActionBody } from '~/requests/api.server'
import { SettlementActionSchema } from '~/schemas/settlement'

import type { Route } from './+types/void'

/** POST /api/settlements/{id}/void (optional body `{ version? }`); refused by the settlement policy with 409. */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'update', 'settlement')
    const { version } = await readActionBody(request, SettlementActionSchema)
    return apiData(serializeSettlement(await voidSettlement(actor, params.id, version)))
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}
