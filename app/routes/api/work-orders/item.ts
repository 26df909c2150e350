import { deleteWorkOrder, getWorkOrder, serializeWorkOrder, updateWorkOrder } from '~/models/maintenance/work-order.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, parseOrThrow, readBody, requireApiPermission } from '~/requests/api.server'
import { OptionalVersionSchema } from '~/schemas/version'
import { WorkOrderUpdateSchema } from '~/schemas/work-order'

import type { Route } from './+types/item'

export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'workOrder')
    return apiData(serializeWorkOrder(await getWorkOrder(user.organizationId, params.id)))
  })
}

/**
 * PUT replaces an open or in-progress order (`version` drives the conflict check; a completed or
 * canceled one is 409 invalid_transition); DELETE takes an optional `?version=` and only an open
 * order (else 409 in_use: the unit's maintenance record is kept).
 */
export async function action({ request, params }: Route.ActionArgs) {
  return handleApi(request, async (call) => {
    switch (request.method) {
      case 'PUT': {
        const { actor } = await requireApiActor(call, 'update', 'workOrder')
        const input = await readBody(request, WorkOrderUpdateSchema)
        return apiData(serializeWorkOrder(await updateWorkOrder(actor, params.id, input)))
      }
      case 'DELETE': {
        const { actor } = await requireApiActor(call, 'delete', 'workOrder')
        const raw = new URL(request.url).searchParams.get('version')
        const { version } = parseOrThrow(OptionalVersionSchema, { version: raw ?? undefined })
        await deleteWorkOrder(actor, params.id, version)
        return apiData({ id: params.id, deleted: true })
      }
      default:
        return methodNotAllowed(request, ['GET', 'HEAD', 'PUT', 'DELETE'])
    }
  })
}
