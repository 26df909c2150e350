import { deleteFuelPurchase, getFuelPurchase, serializeFuelPurchase, updateFuelPurchase } from '~/models/fuel-tax/fuel-purchase.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, parseOrThrow, readBody, requireApiPermission } from '~/requests/api.server'
import { FuelPurchaseUpdateSchema } from '~/schemas/fuel-purchase'
import { OptionalVersionSchema } from '~/schemas/version'

import type { Route } from './+types/item'

export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'fuelPurchase')
    return apiData(serializeFuelPurchase(await getFuelPurchase(user.organizationId, params.id)))
  })
}

/**
 * PUT replaces the whole purchase (`version` drives the conflict check); DELETE takes an optional
 * `?version=`. Either is 409 period_closed when the purchase is, or would be, in a filed quarter.
 */
export async function action({ request, params }: Route.ActionArgs) {
  return handleApi(request, async (call) => {
    switch (request.method) {
      case 'PUT': {
        const { actor } = await requireApiActor(call, 'update', 'fuelPurchase')
        const input = await readBody(request, FuelPurchaseUpdateSchema)
        return apiData(serializeFuelPurchase(await updateFuelPurchase(actor, params.id, input)))
      }
      case 'DELETE': {
        const { actor } = await requireApiActor(call, 'delete', 'fuelPurchase')
        const raw = new URL(request.url).searchParams.get('version')
        const { version } = parseOrThrow(OptionalVersionSchema, { version: raw ?? undefined })
        const purchase = await deleteFuelPurchase(actor, params.id, version)
        return apiData({ id: purchase.id, deleted: true })
      }
      default:
        return methodNotAllowed(request, ['GET', 'HEAD', 'PUT', 'DELETE'])
    }
  })
}
