import { serializeLoad } from '~/models/loads/load-serialize.server'
import { moveLoad } from '~/models/loads/load-status.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readActionBody } from '~/requests/api.server'
import { LoadStatusMoveSchema } from '~/schemas/load'

import type { Route } from './+types/status'

/** POST /api/loads/{id}/status `{ status, version? }`: one move of the status machine, or 409 `invalid_transition`. */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'update', 'load')
    const move = await readActionBody(request, LoadStatusMoveSchema)
    return apiData(serializeLoad(await moveLoad(actor, params.id, move)))
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}
