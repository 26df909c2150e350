import { createTruck, listTrucks, serializeTruck } from '~/models/truck.server'
import { parseListQuery, TruckListQuerySchema, TruckSchema } from '~/schemas/truck'
import { apiData, handleApi, methodNotAllowed, parseOrThrow, readJson, requireApiPermission } from '~/utils/api.server'
import { dropNulls } from '~/utils/object'
import { getClientIp } from '~/utils/session.server'
import type { Route } from './+types/collection'

/** GET /api/trucks: the list with the same search, filters, sort and paging as the page. */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(request, async () => {
    const user = await requireApiPermission(request, 'read', 'truck')
    const query = parseListQuery(TruckListQuerySchema, new URL(request.url).searchParams)
    const result = await listTrucks(user.organizationId, query)
    return apiData(result.items.map(serializeTruck), { meta: { total: result.total, page: result.page, pageSize: result.pageSize } })
  })
}

/** POST /api/trucks → 201 { data: truck } (its `status` is the spec's truckStatus). */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['GET', 'HEAD', 'POST'])
  return handleApi(request, async () => {
    const user = await requireApiPermission(request, 'create', 'truck')
    const input = parseOrThrow(TruckSchema, dropNulls(await readJson(request)))
    const truck = await createTruck({ userId: user.id, organizationId: user.organizationId, ip: getClientIp(request) }, input)
    return apiData(serializeTruck(truck), { status: 201 })
  })
}
