import { deleteClaim, getClaim, serializeClaim, updateClaim } from '~/models/claims/claim.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, parseOrThrow, readBody, requireApiPermission } from '~/requests/api.server'
import { ClaimUpdateSchema } from '~/schemas/claim'
import { OptionalVersionSchema } from '~/schemas/version'

import type { Route } from './+types/item'

export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'claim')
    return apiData(serializeClaim(await getClaim(user.organizationId, params.id)))
  })
}

/**
 * PUT replaces a claim not yet closed (`version` drives the conflict check; a closed one is 409
 * invalid_transition); DELETE takes an optional `?version=` and only an open claim with nothing
 * deducted (else 409 in_use).
 */
export async function action({ request, params }: Route.ActionArgs) {
  return handleApi(request, async (call) => {
    switch (request.method) {
      case 'PUT': {
        const { actor } = await requireApiActor(call, 'update', 'claim')
        const input = await readBody(request, ClaimUpdateSchema)
        return apiData(serializeClaim(await updateClaim(actor, params.id, input)))
      }
      case 'DELETE': {
        const { actor } = await requireApiActor(call, 'delete', 'claim')
        const raw = new URL(request.url).searchParams.get('version')
        const { version } = parseOrThrow(OptionalVersionSchema, { version: raw ?? undefined })
        await deleteClaim(actor, params.id, version)
        return apiData({ id: params.id, deleted: true })
      }
      default:
        return methodNotAllowed(request, ['GET', 'HEAD', 'PUT', 'DELETE'])
    }
  })
}
