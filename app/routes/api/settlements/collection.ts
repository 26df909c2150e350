import { createSettlement, listSettlements, serializeSettlement, serializeSettlementRow } from '~/models/settlements/settlement.server'
import { settlementScope } from '~/policies/settlement'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readBody, requireApiPermission } from '~/requests/api.server'
import { parseListQuery } from '~/schemas/list-query'
import { SettlementCreateSchema, SettlementListQuerySchema } from '~/schemas/settlement'

import type { Route } from './+types/collection'

/** GET /api/settlements: search by number, filters (`status`, `driverId`, `from`/`to` on the period), sort, paging. A driver's credential lists their own. */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'settlement')
    const query = parseListQuery(SettlementListQuerySchema, new URL(request.url).searchParams)
    const result = await listSettlements(settlementScope(user), query)
    return apiData(result.items.map(serializeSettlementRow), { meta: { total: result.total, page: result.page, pageSize: result.pageSize } })
  })
}

/** POST /api/settlements `{ driverId, periodStart, periodEnd }` → 201 draft. A live settlement of the driver for the period already → 409 `in_use`. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['GET', 'HEAD', 'POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'create', 'settlement')
    const input = await readBody(request, SettlementCreateSchema)
    return apiData(serializeSettlement(await createSettlement(actor, input)), { status: 201 })
  })
}
