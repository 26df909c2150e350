import { deleteBroker, getBroker, serializeBroker, updateBroker } from '~/models/reference/broker.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, parseOrThrow, readBody, requireApiPermission } from '~/requests/api.server'
import { BrokerUpdateSchema } from '~/schemas/broker'
import { OptionalVersionSchema } from '~/schemas/version'

import type { Route } from './+types/item'

export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'broker')
    return apiData(serializeBroker(await getBroker(user.organizationId, params.id)))
  })
}

/**
 * PUT replaces the whole broker: read-only fields a client sends back (id, organizationId,
 * createdAt, updatedAt) are ignored and `version` drives the conflict check. DELETE takes an
 * optional `?version=` for the same check, and answers 409 `in_use` while loads refer to it.
 */
export async function action({ request, params }: Route.ActionArgs) {
  return handleApi(request, async (call) => {
    switch (request.method) {
      case 'PUT': {
        const { actor } = await requireApiActor(call, 'update', 'broker')
        const input = await readBody(request, BrokerUpdateSchema)
        return apiData(serializeBroker(await updateBroker(actor, params.id, input)))
      }
      case 'DELETE': {
        const { actor } = await requireApiActor(call, 'delete', 'broker')
        const raw = new URL(request.url).searchParams.get('version')
        const { version } = parseOrThrow(OptionalVersionSchema, { version: raw ?? undefined })
        const broker = await deleteBroker(actor, params.id, version)
        return apiData({ id: broker.id, deleted: true })
      }
      default:
        return methodNotAllowed(request, ['GET', 'HEAD', 'PUT', 'DELETE'])
    }
  })
}
