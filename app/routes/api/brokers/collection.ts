import { BROKER_CSV_COLUMNS, createBroker, exportBrokers, listBrokers, serializeBroker } from '~/models/reference/broker.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readBody, requireApiPermission } from '~/requests/api.server'
import { BrokerListQuerySchema, BrokerSchema } from '~/schemas/broker'
import { parseListQuery } from '~/schemas/list-query'
import { csvFilename, csvResponse, wantsCsv } from '~/utils/csv.server'

import type { Route } from './+types/collection'

/** GET /api/brokers: the list with the same search, filters, sort and paging as the page. */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'broker')
    const url = new URL(request.url)
    const query = parseListQuery(BrokerListQuerySchema, url.searchParams)
    if (wantsCsv(url)) return csvResponse(exportBrokers(user.organizationId, query), BROKER_CSV_COLUMNS, { headers: 'key', filename: csvFilename('brokers') })
    const result = await listBrokers(user.organizationId, query)
    return apiData(result.items.map(serializeBroker), { meta: { total: result.total, page: result.page, pageSize: result.pageSize } })
  })
}

/** POST /api/brokers → 201 { data: broker }. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['GET', 'HEAD', 'POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'create', 'broker')
    const input = await readBody(request, BrokerSchema)
    return apiData(serializeBroker(await createBroker(actor, input)), { status: 201 })
  })
}
