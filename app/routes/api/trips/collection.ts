import { createTrip, listTrips, serializeTrip } from '~/models/fuel-tax/trip.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readBody, requireApiPermission } from '~/requests/api.server'
import { parseListQuery } from '~/schemas/list-query'
import { TripListQuerySchema, TripSchema } from '~/schemas/trip'

import type { Route } from './+types/collection'

/** GET /api/trips: a unit's trips (the distance record), by quarter (of their end) and unit, newest first. */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'trip')
    const query = parseListQuery(TripListQuerySchema, new URL(request.url).searchParams)
    const result = await listTrips(user.organizationId, query)
    return apiData(result.items.map(serializeTrip), { meta: { total: result.total, page: result.page, pageSize: result.pageSize } })
  })
}

/** POST /api/trips → 201 { data: trip }: the miles add up to the odometer (±1), else 400; a filed quarter 409 period_closed. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['GET', 'HEAD', 'POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'create', 'trip')
    const input = await readBody(request, TripSchema)
    return apiData(serializeTrip(await createTrip(actor, input)), { status: 201 })
  })
}
