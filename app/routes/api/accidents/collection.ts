import { ACCIDENT_CSV_COLUMNS, createAccident, exportAccidents, listAccidents, serializeAccident } from '~/models/accidents/accident.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readBody, requireApiPermission } from '~/requests/api.server'
import { AccidentListQuerySchema, AccidentSchema } from '~/schemas/accident'
import { parseListQuery } from '~/schemas/list-query'
import { csvFilename, csvResponse, wantsCsv } from '~/utils/csv.server'

import type { Route } from './+types/collection'

/**
 * GET /api/accidents: the register with the page's filters (`from`, `to`, `driverId`, `truckId`,
 * `recordable`), sort and paging; `?format=csv` streams every matching accident with the fields' keys.
 */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'accident')
    const url = new URL(request.url)
    const query = parseListQuery(AccidentListQuerySchema, url.searchParams)
    if (wantsCsv(url))
      return csvResponse(exportAccidents(user.organizationId, query), ACCIDENT_CSV_COLUMNS, { headers: 'key', filename: csvFilename('accidents') })
    const result = await listAccidents(user.organizationId, query)
    return apiData(result.items.map(serializeAccident), { meta: { total: result.total, page: result.page, pageSize: result.pageSize } })
  })
}

/** POST /api/accidents → 201 { data: accident }, `recordable` derived. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['GET', 'HEAD', 'POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'create', 'accident')
    const input = await readBody(request, AccidentSchema)
    return apiData(serializeAccident(await createAccident(actor, input)), { status: 201 })
  })
}
