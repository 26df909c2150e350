import { runPay } from '~/models/settlements/settlement.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readBody } from '~/requests/api.server'
import { SettlementRunSchema } from '~/schemas/settlement'

import type { Route } from './+types/run'

/** POST /api/settlements/run `{ periodStart, periodEnd }` → `{ created, drivers }`: one draft per active driver with something to pay. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'create', 'settlement')
    const input = await readBody(request, SettlementRunSchema)
    return apiData(await runPay(actor, input))
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}
