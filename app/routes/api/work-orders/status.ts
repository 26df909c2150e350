import { cancelWorkOrder, completeWorkOrder, serializeWorkOrder, startWorkOrder } from '~/models/maintenance/work-order.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readActionBody } from '~/requests/api.server'
import { WorkOrderActionSchema, WorkOrderCompleteSchema } from '~/schemas/work-order'
import { DomainError } from '~/utils/errors.server'

import type { Route } from './+types/status'

/**
 * POST /api/work-orders/{id}/start | cancel { version? } and …/complete { completedAt, odometer,
 * version? } → 200 with the order. Completing certifies its defects repaired and, for an annual
 * inspection, moves the unit's next inspection a year on. A move its status does not allow is 409
 * invalid_transition; a stale version 409 conflict.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'update', 'workOrder')
    switch (new URL(request.url).pathname.split('/').at(-1)) {
      case 'start':
        return apiData(serializeWorkOrder(await startWorkOrder(actor, params.id, await readActionBody(request, WorkOrderActionSchema))))
      case 'cancel':
        return apiData(serializeWorkOrder(await cancelWorkOrder(actor, params.id, await readActionBody(request, WorkOrderActionSchema))))
      case 'complete':
        return apiData(serializeWorkOrder(await completeWorkOrder(actor, params.id, await readActionBody(request, WorkOrderCompleteSchema))))
      default:
        throw new DomainError('not_found', 'api.notFound')
    }
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}
