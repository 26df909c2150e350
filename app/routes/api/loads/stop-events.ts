import { serializeLoad } from '~/models/loads/load-serialize.server'
import { recordStopEvent } from '~/models/loads/load-stop-events.server'
import { loadScope } from '~/policies/load'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readActionBody } from '~/requests/api.server'
import { StopEventSchema } from '~/schemas/load'

import type { Route } from './+types/stop-events'

/**
 * POST /api/loads/{id}/stops/{stopId}/events `{ event: "arrive" | "depart", at?, version? }`: a
 * driver's (or dispatch's) record of reaching or leaving a stop; the load's status follows.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(request, async (call) => {
    const { user, actor } = await requireApiActor(call, 'update', 'loadStop')
    const input = await readActionBody(request, StopEventSchema)
    return apiData(serializeLoad(await recordStopEvent(actor, loadScope(user), { loadId: params.id, stopId: params.stopId }, input)))
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}
