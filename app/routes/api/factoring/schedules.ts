import { createSchedule, listSchedules, serializeSchedule, serializeScheduleRow } from '~/models/factoring/factoring.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readBody, requireApiPermission } from '~/requests/api.server'
import { ScheduleCreateSchema, ScheduleListQuerySchema } from '~/schemas/factoring'
import { parseListQuery } from '~/schemas/list-query'

import type { Route } from './+types/schedules'

/** GET /api/factoring/schedules: search by schedule or invoice number, `status`, sort, paging. */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'factoring')
    const query = parseListQuery(ScheduleListQuerySchema, new URL(request.url).searchParams)
    const result = await listSchedules(user.organizationId, query)
    return apiData(result.items.map(serializeScheduleRow), { meta: { total: result.total, page: result.page, pageSize: result.pageSize } })
  })
}

/** POST /api/factoring/schedules `{ invoiceIds }` → 201; an invoice already on a live schedule → 409 `in_use`; not sent, or paid → 409 `invalid_transition`. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['GET', 'HEAD', 'POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'create', 'factoring')
    const input = await readBody(request, ScheduleCreateSchema)
    return apiData(serializeSchedule(await createSchedule(actor, input)), { status: 201 })
  })
}
