import { createLoad } from '~/models/loads/load.server'
import { listLoads } from '~/models/loads/load-list.server'
import { serializeLoad, serializeLoadRow } from '~/models/loads/load-serialize.server'
import { loadScope, moneyFreeSort, seesLoadMoney } from '~/policies/load'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readBody, requireApiPermission } from '~/requests/api.server'
import { parseListQuery } from '~/schemas/list-query'
import { LoadApiListQuerySchema, LoadSchema } from '~/schemas/load'

import type { Route } from './+types/collection'

/**
 * GET /api/loads: the list with the page's search, filters, sort and paging; each row carries its
 * first pickup and last delivery, not its stops and charges. A driver sees only their own loads.
 */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'load')
    const query = parseListQuery(LoadApiListQuerySchema, new URL(request.url).searchParams)
    // Without the load's money (a mechanic, ADR 134): no money in the rows, and no order by it.
    const money = seesLoadMoney(user.role)
    query.sort = moneyFreeSort(user.role, query.sort, 'pickupAt')
    const result = await listLoads(loadScope(user), query)
    // `total` stops at 10,000 (1,000 with a search, ADR 111); `totalCapped` says there are more (the
    // list is then paged without an end).
    // `nextCursor` pages on from the last row (`?after=`), as fast at row 100,000 as at row 50.
    const meta = {
      total: result.total,
      page: result.page,
      pageSize: result.pageSize,
      ...(result.totalCapped ? { totalCapped: true } : {}),
      nextCursor: result.nextCursor,
    }
    return apiData(
      result.items.map((load) => serializeLoadRow(load, money)),
      { meta },
    )
  })
}

/** POST /api/loads → 201 { data: load }, numbered from the organization's sequence. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['GET', 'HEAD', 'POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'create', 'load')
    const input = await readBody(request, LoadSchema)
    return apiData(serializeLoad(await createLoad(actor, input)), { status: 201 })
  })
}
