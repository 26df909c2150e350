import { deleteTruck, getTruck, serializeTruck, updateTruck } from '~/models/truck.server'
import { TruckSchema } from '~/schemas/truck'
import { OptionalVersionSchema } from '~/schemas/version'
import { apiData, handleApi, methodNotAllowed, parseOrThrow, readJson, requireApiPermission } from '~/utils/api.server'
import { dropNulls } from '~/utils/object'
import { getClientIp } from '~/utils/session.server'
import type { Route } from './+types/item'

export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async () => {
    const user = await requireApiPermission(request, 'read', 'truck')
    return apiData(serializeTruck(await getTruck(user.organizationId, params.id)))
  })
}

/**
 * PUT replaces the whole truck: read-only fields a client sends back (id, organizationId,
 * createdAt, updatedAt, company …) are ignored and `version` drives the conflict check.
 * DELETE takes an optional `?version=` for the same check.
 */
export async function action({ request, params }: Route.ActionArgs) {
  return handleApi(request, async () => {
    const actor = async (action: 'update' | 'delete') => {
      const user = await requireApiPermission(request, action, 'truck')
      return { userId: user.id, organizationId: user.organizationId, ip: getClientIp(request) }
    }
    switch (request.method) {
      case 'PUT': {
        const who = await actor('update')
        const input = parseOrThrow(TruckSchema, dropNulls(await readJson(request)))
        return apiData(serializeTruck(await updateTruck(who, params.id, input)))
      }
      case 'DELETE': {
        const who = await actor('delete')
        const raw = new URL(request.url).searchParams.get('version')
        const { version } = parseOrThrow(OptionalVersionSchema, { version: raw ?? undefined })
        const truck = await deleteTruck(who, params.id, version)
        return apiData({ id: truck.id, deleted: true })
      }
      default:
        return methodNotAllowed(request, ['GET', 'HEAD', 'PUT', 'DELETE'])
    }
  })
}
