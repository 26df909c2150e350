import {
  createFuelPurchase,
  exportFuelPurchases,
  FUEL_PURCHASE_CSV_COLUMNS,
  listFuelPurchases,
  serializeFuelPurchase,
} from '~/models/fuel-tax/fuel-purchase.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readBody, requireApiPermission } from '~/requests/api.server'
import { FuelPurchaseListQuerySchema, FuelPurchaseSchema } from '~/schemas/fuel-purchase'
import { parseListQuery } from '~/schemas/list-query'
import { csvFilename, csvResponse, wantsCsv } from '~/utils/csv.server'

import type { Route } from './+types/collection'

/**
 * GET /api/fuel-purchases: the list with the page's search, filters (quarter, unit, jurisdiction,
 * fuel type), sort and paging; `?format=csv` streams every matching purchase.
 */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'fuelPurchase')
    const url = new URL(request.url)
    const query = parseListQuery(FuelPurchaseListQuerySchema, url.searchParams)
    if (wantsCsv(url))
      return csvResponse(exportFuelPurchases(user.organizationId, query), FUEL_PURCHASE_CSV_COLUMNS, {
        headers: 'key',
        filename: csvFilename('fuel-purchases'),
      })
    const result = await listFuelPurchases(user.organizationId, query)
    return apiData(result.items.map(serializeFuelPurchase), { meta: { total: result.total, page: result.page, pageSize: result.pageSize } })
  })
}

/** POST /api/fuel-purchases → 201 { data: purchase }; a date in a filed quarter is 409 period_closed. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['GET', 'HEAD', 'POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'create', 'fuelPurchase')
    const input = await readBody(request, FuelPurchaseSchema)
    return apiData(serializeFuelPurchase(await createFuelPurchase(actor, input)), { status: 201 })
  })
}
