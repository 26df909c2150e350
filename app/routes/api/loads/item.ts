import { deleteLoad, getLoad, updateLoad } from '~/models/loads/load.server'
import { serializeLoad } from '~/models/loads/load-serialize.server'
import { loadScope, seesLoadMoney } from '~/policies/load'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, parseOrThrow, readBody, requireApiPermission } from '~/requests/api.server'
import { LoadUpdateSchema } from '~/schemas/load'
import { OptionalVersionSchema } from '~/schemas/version'

import type { Route } from './+types/item'

export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'load')
    return apiData(serializeLoad(await getLoad(loadScope(user), params.id), seesLoadMoney(user.role)))
  })
}

/**
 * PUT replaces the whole load, its stop and charge lists included (rows with a known `id` are
 * updated, rows without one added, missing ones removed); `version` drives the conflict check.
 * DELETE takes an optional `?version=`; loads on the road, delivered or invoiced are kept (409).
 */
export async function action({ request, params }: Route.ActionArgs) {
  return handleApi(request, async (call) => {
    switch (request.method) {
      case 'PUT': {
        const { actor } = await requireApiActor(call, 'update', 'load')
        const input = await readBody(request, LoadUpdateSchema)
        return apiData(serializeLoad(await updateLoad(actor, params.id, input)))
      }
      case 'DELETE': {
        const { actor } = await requireApiActor(call, 'delete', 'load')
        const raw = new URL(request.url).searchParams.get('version')
        const { version } = parseOrThrow(OptionalVersionSchema, { version: raw ?? undefined })
        const load = await deleteLoad(actor, params.id, version)
        return apiData({ id: load.id, deleted: true })
      }
      default:
        return methodNotAllowed(request, ['GET', 'HEAD', 'PUT', 'DELETE'])
    }
  })
}
