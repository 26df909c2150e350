import { listOdometerReadings, READINGS_LIMIT, recordOdometerReading, serializeOdometerReading } from '~/models/fuel-tax/odometer-reading.server'
import { loadScope } from '~/policies/load'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readBody, requireApiPermission } from '~/requests/api.server'
import { parseListQuery } from '~/schemas/list-query'
import { OdometerReadingQuerySchema, OdometerReadingSchema } from '~/schemas/odometer-reading'

import type { Route } from './+types/collection'

/**
 * GET /api/odometer-readings?truckId=&loadId=: a unit's odometer log or a load's readings, oldest
 * first (the latest READINGS_LIMIT). A driver's credential reads only their own readings.
 */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'odometerReading')
    const query = parseListQuery(OdometerReadingQuerySchema, new URL(request.url).searchParams)
    const result = await listOdometerReadings(loadScope(user), query)
    return apiData(result.items.map(serializeOdometerReading), { meta: { total: result.total, limit: READINGS_LIMIT } })
  })
}

/**
 * POST /api/odometer-readings → 201 { data: reading }, recorded now: by the load's driver (else 403),
 * on a load on the road (409 invalid_transition), in order, never below the unit's latest reading
 * (400 at `odometer`), never in a filed quarter (409 period_closed).
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['GET', 'HEAD', 'POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'create', 'odometerReading')
    const input = await readBody(request, OdometerReadingSchema)
    return apiData(serializeOdometerReading(await recordOdometerReading(actor, input)), { status: 201 })
  })
}
