import { paySettlement, serializeSettlement } from '~/models/settlements/settlement.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readBody } from '~/requests/api.server'
import { SettlementPaySchema } from '~/schemas/settlement'

import type { Route } from './+types/pay'

/** POST /api/settlements/{id}/pay `{ paidAt, method, reference, version? }`: an approved settlement is paid. */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'update', 'settlement')
    const input = await readBody(request, SettlementPaySchema)
    return apiData(serializeSettlement(await paySettlement(actor, params.id, input)))
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}
