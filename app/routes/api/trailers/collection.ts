import { createTrailer, exportTrailers, listTrailers, serializeTrailer, TRAILER_CSV_COLUMNS } from '~/models/reference/trailer.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readBody, requireApiPermission } from '~/requests/api.server'
import { parseListQuery } from '~/schemas/list-query'
import { TrailerListQuerySchema, TrailerSchema } from '~/schemas/trailer'
import { csvFilename, csvResponse, wantsCsv } from '~/utils/csv.server'

import type { Route } from './+types/collection'

/**
 * GET /api/trailers: the list with the same search, filters, sort and paging as the page;
 * `?format=csv` streams every matching trailer (all pages) as CSV with the fields' keys as headers.
 */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'trailer')
    const url = new URL(request.url)
    const query = parseListQuery(TrailerListQuerySchema, url.searchParams)
    if (wantsCsv(url))
      return csvResponse(exportTrailers(user.organizationId, query), TRAILER_CSV_COLUMNS, { headers: 'key', filename: csvFilename('trailers') })
    const result = await listTrailers(user.organizationId, query)
    return apiData(result.items.map(serializeTrailer), { meta: { total: result.total, page: result.page, pageSize: result.pageSize } })
  })
}

/** POST /api/trailers → 201 { data: trailer }. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['GET', 'HEAD', 'POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'create', 'trailer')
    const input = await readBody(request, TrailerSchema)
    return apiData(serializeTrailer(await createTrailer(actor, input)), { status: 201 })
  })
}
