import { deleteTrailer, getTrailer, serializeTrailer, updateTrailer } from '~/models/reference/trailer.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, parseOrThrow, readBody, requireApiPermission } from '~/requests/api.server'
import { TrailerUpdateSchema } from '~/schemas/trailer'
import { OptionalVersionSchema } from '~/schemas/version'

import type { Route } from './+types/item'

export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'trailer')
    return apiData(serializeTrailer(await getTrailer(user.organizationId, params.id)))
  })
}

/**
 * PUT replaces the whole trailer: read-only fields a client sends back (id, organizationId,
 * createdAt, updatedAt, company …) are ignored and `version` drives the conflict check.
 * DELETE takes an optional `?version=` for the same check.
 */
export async function action({ request, params }: Route.ActionArgs) {
  return handleApi(request, async (call) => {
    switch (request.method) {
      case 'PUT': {
        const { actor } = await requireApiActor(call, 'update', 'trailer')
        const input = await readBody(request, TrailerUpdateSchema)
        return apiData(serializeTrailer(await updateTrailer(actor, params.id, input)))
      }
      case 'DELETE': {
        const { actor } = await requireApiActor(call, 'delete', 'trailer')
        const raw = new URL(request.url).searchParams.get('version')
        const { version } = parseOrThrow(OptionalVersionSchema, { version: raw ?? undefined })
        const trailer = await deleteTrailer(actor, params.id, version)
        return apiData({ id: trailer.id, deleted: true })
      }
      default:
        return methodNotAllowed(request, ['GET', 'HEAD', 'PUT', 'DELETE'])
    }
  })
}
