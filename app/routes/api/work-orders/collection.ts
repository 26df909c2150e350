import { createWorkOrder, listWorkOrders, serializeWorkOrder } from '~/models/maintenance/work-order.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readBody, requireApiPermission } from '~/requests/api.server'
import { parseListQuery } from '~/schemas/list-query'
import { WorkOrderListQuerySchema, WorkOrderSchema } from '~/schemas/work-order'

import type { Route } from './+types/collection'

/** GET /api/work-orders?truckId=&trailerId=&status=&kind=&sort=&dir=&page=&pageSize=: the organization's work orders, newest first. */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'workOrder')
    const query = parseListQuery(WorkOrderListQuerySchema, new URL(request.url).searchParams)
    const result = await listWorkOrders(user.organizationId, query)
    return apiData(result.items.map(serializeWorkOrder), { meta: { total: result.total, page: result.page, pageSize: result.pageSize } })
  })
}

/**
 * POST /api/work-orders → 201 { data: order }: 400 at `truckId`/`trailerId` for a unit not the
 * organization's, at `lines[i].productId` for another organization's product, at
 * `lines[i].quantity` when the store has fewer, at `defectIds` for a defect not of the unit, already
 * certified or on another order.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['GET', 'HEAD', 'POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'create', 'workOrder')
    const input = await readBody(request, WorkOrderSchema)
    return apiData(serializeWorkOrder(await createWorkOrder(actor, input)), { status: 201 })
  })
}
