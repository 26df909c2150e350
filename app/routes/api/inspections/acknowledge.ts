import { acknowledgeInspection, serializeInspection } from '~/models/maintenance/inspection.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readActionBody } from '~/requests/api.server'
import { OptionalVersionSchema } from '~/schemas/version'

import type { Route } from './+types/acknowledge'

/**
 * POST /api/inspections/{id}/acknowledge { version? } → 200 with the report: the next driver of
 * the unit signs it (396.13). Not a driver of the unit, or its filer: 403; not certified yet, or
 * signed already: 409 invalid_transition.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'create', 'inspection')
    const input = await readActionBody(request, OptionalVersionSchema)
    return apiData(serializeInspection(await acknowledgeInspection(actor, params.id, input)))
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}
