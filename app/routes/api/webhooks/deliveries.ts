import { listDeliveries, serializeDelivery } from '~/models/webhooks/webhook.server'
import { apiData, handleApi, methodNotAllowed, requireApiPermission } from '~/requests/api.server'
import { parseListQuery } from '~/schemas/list-query'
import { WebhookDeliveryQuerySchema } from '~/schemas/webhook'

import type { Route } from './+types/deliveries'

/** GET /api/webhooks/{id}/deliveries: the endpoint's delivery log, newest first (`?state=`, `?event=`, paging). */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'webhook')
    const query = parseListQuery(WebhookDeliveryQuerySchema, new URL(request.url).searchParams)
    const result = await listDeliveries(user.organizationId, params.id, query)
    return apiData(result.items.map(serializeDelivery), { meta: { total: result.total, page: result.page, pageSize: result.pageSize } })
  })
}

export function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ['GET', 'HEAD'])
}
