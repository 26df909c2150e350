import { createTrailer, listTrailers, serializeTrailer } from '~/models/trailer.server'
import { parseListQuery } from '~/schemas/list-query'
import { TrailerListQuerySchema, TrailerSchema } from '~/schemas/trailer'
import { requireApiActor } from '~/utils/actor.server'
import { apiData, handleApi, methodNotAllowed, readBody, requireApiPermission } from '~/utils/api.server'
import type { Route } from './+types/collection'

/** GET /api/trailers: the list with the same search, filters, sort and paging as the page. */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(request, async () => {
    const user = await requireApiPermission(request, 'read', 'trailer')
    const query = parseListQuery(TrailerListQuerySchema, new URL(request.url).searchParams)
    const result = await listTrailers(user.organizationId, query)
    return apiData(result.items.map(serializeTrailer), { meta: { total: result.total, page: result.page, pageSize: result.pageSize } })
  })
}

/** POST /api/trailers → 201 { data: trailer }. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['GET', 'HEAD', 'POST'])
  return handleApi(request, async () => {
    const { actor } = await requireApiActor(request, 'create', 'trailer')
    const input = await readBody(request, TrailerSchema)
    return apiData(serializeTrailer(await createTrailer(actor, input)), { status: 201 })
  })
}
