import { deleteSettlement, getSettlement, serializeSettlement } from '~/models/settlements/settlement.server'
import { settlementScope } from '~/policies/settlement'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, parseOrThrow, requireApiPermission } from '~/requests/api.server'
import { OptionalVersionSchema } from '~/schemas/version'

import type { Route } from './+types/item'

/** GET /api/settlements/{id}: the settlement with its lines (a driver: their own only, else 404). */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'settlement')
    return apiData(serializeSettlement(await getSettlement(settlementScope(user), params.id)))
  })
}

/** DELETE /api/settlements/{id} (`?version=` optional): a draft only; its loads and orders are free again. */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed(request, ['GET', 'HEAD', 'DELETE'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'delete', 'settlement')
    const raw = new URL(request.url).searchParams.get('version')
    const { version } = parseOrThrow(OptionalVersionSchema, { version: raw ?? undefined })
    const settlement = await deleteSettlement(actor, params.id, version)
    return apiData({ id: settlement.id, deleted: true })
  })
}
