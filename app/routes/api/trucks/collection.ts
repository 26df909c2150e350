import { createTruck, exportTrucks, listTrucks, serializeTruck, TRUCK_CSV_COLUMNS } from '~/models/reference/truck.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readBody, requireApiPermission } from '~/requests/api.server'
import { parseListQuery } from '~/schemas/list-query'
import { TruckListQuerySchema, TruckSchema } from '~/schemas/truck'
import { csvFilename, csvResponse, wantsCsv } from '~/utils/csv.server'

import type { Route } from './+types/collection'

/**
 * GET /api/trucks: the list with the same search, filters, sort and paging as the page;
 * `?format=csv` streams every matching truck (all pages) as CSV with the fields' keys as headers.
 */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'truck')
    const url = new URL(request.url)
    const query = parseListQuery(TruckListQuerySchema, url.searchParams)
    if (wantsCsv(url)) return csvResponse(exportTrucks(user.organizationId, query), TRUCK_CSV_COLUMNS, { headers: 'key', filename: csvFilename('trucks') })
    const result = await listTrucks(user.organizationId, query)
    return apiData(result.items.map(serializeTruck), { meta: { total: result.total, page: result.page, pageSize: result.pageSize } })
  })
}

/** POST /api/trucks → 201 { data: truck } (its `status` is the spec's truckStatus). */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['GET', 'HEAD', 'POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'create', 'truck')
    const input = await readBody(request, TruckSchema)
    return apiData(serializeTruck(await createTruck(actor, input)), { status: 201 })
  })
}
