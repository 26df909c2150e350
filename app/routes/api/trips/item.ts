import { deleteTrip, getTrip, serializeTrip, updateTrip } from '~/models/fuel-tax/trip.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, parseOrThrow, readBody, requireApiPermission } from '~/requests/api.server'
import { TripUpdateSchema } from '~/schemas/trip'
import { OptionalVersionSchema } from '~/schemas/version'

import type { Route } from './+types/item'

export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'trip')
    return apiData(serializeTrip(await getTrip(user.organizationId, params.id)))
  })
}

/** PUT replaces the whole trip and its miles (`version` checked); DELETE takes an optional `?version=`. */
export async function action({ request, params }: Route.ActionArgs) {
  return handleApi(request, async (call) => {
    switch (request.method) {
      case 'PUT': {
        const { actor } = await requireApiActor(call, 'update', 'trip')
        const input = await readBody(request, TripUpdateSchema)
        return apiData(serializeTrip(await updateTrip(actor, params.id, input)))
      }
      case 'DELETE': {
        const { actor } = await requireApiActor(call, 'delete', 'trip')
        const raw = new URL(request.url).searchParams.get('version')
        const { version } = parseOrThrow(OptionalVersionSchema, { version: raw ?? undefined })
        const trip = await deleteTrip(actor, params.id, version)
        return apiData({ id: trip.id, deleted: true })
      }
      default:
        return methodNotAllowed(request, ['GET', 'HEAD', 'PUT', 'DELETE'])
    }
  })
}
