import { deleteTruck, getTruck, serializeTruck, updateTruck } from '~/models/reference/truck.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, parseOrThrow, readBody, requireApiPermission } from '~/requests/api.server'
import { TruckUpdateSchema } from '~/schemas/truck'
import { OptionalVersionSchema } from '~/schemas/version'

import type { Route } from './+types/item'

export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'truck')
    return apiData(serializeTruck(await getTruck(user.organizationId, params.id)))
  })
}

/**
 * PUT replaces the whole truck: read-only fields a client sends back (id, organizationId,
 * createdAt, updatedAt, company …) are ignored and `version` drives the conflict check.
 * DELETE takes an optional `?version=` for the same check.
 */
export async function action({ request, params }: Route.ActionArgs) {
  return handleApi(request, async (call) => {
    switch (request.method) {
      case 'PUT': {
        const { actor } = await requireApiActor(call, 'update', 'truck')
        const input = await readBody(request, TruckUpdateSchema)
        return apiData(serializeTruck(await updateTruck(actor, params.id, input)))
      }
      case 'DELETE': {
        const { actor } = await requireApiActor(call, 'delete', 'truck')
        const raw = new URL(request.url).searchParams.get('version')
        const { version } = parseOrThrow(OptionalVersionSchema, { version: raw ?? undefined })
        const truck = await deleteTruck(actor, params.id, version)
        return apiData({ id: truck.id, deleted: true })
      }
      default:
        return methodNotAllowed(request, ['GET', 'HEAD', 'PUT', 'DELETE'])
    }
  })
}
