import { deleteOdometerReading, serializeOdometerReading } from '~/models/fuel-tax/odometer-reading.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed } from '~/requests/api.server'

import type { Route } from './+types/item'

/**
 * DELETE /api/odometer-readings/{id} → 200 { data: the reading taken back }: only a load's latest
 * reading, while the load is on the road (else 409 invalid_transition), by the load's driver or the
 * office (else 403), never one of a filed quarter (409 period_closed).
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed(request, ['DELETE'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'delete', 'odometerReading')
    return apiData(serializeOdometerReading(await deleteOdometerReading(actor, params.id)))
  })
}

/** A reading is read in its load's or unit's list (GET /api/odometer-readings); this path only takes it back. */
export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['DELETE'])
}
