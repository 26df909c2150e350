import { deleteAccident, getAccident, serializeAccident, updateAccident } from '~/models/accidents/accident.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, parseOrThrow, readBody, requireApiPermission } from '~/requests/api.server'
import { AccidentUpdateSchema } from '~/schemas/accident'
import { OptionalVersionSchema } from '~/schemas/version'

import type { Route } from './+types/item'

export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'accident')
    return apiData(serializeAccident(await getAccident(user.organizationId, params.id)))
  })
}

/**
 * PUT replaces the whole accident (read-only fields sent back are ignored; `version` drives the
 * conflict check). DELETE takes an optional `?version=` for the same check, and removes its documents.
 */
export async function action({ request, params }: Route.ActionArgs) {
  return handleApi(request, async (call) => {
    switch (request.method) {
      case 'PUT': {
        const { actor } = await requireApiActor(call, 'update', 'accident')
        const input = await readBody(request, AccidentUpdateSchema)
        return apiData(serializeAccident(await updateAccident(actor, params.id, input)))
      }
      case 'DELETE': {
        const { actor } = await requireApiActor(call, 'delete', 'accident')
        const raw = new URL(request.url).searchParams.get('version')
        const { version } = parseOrThrow(OptionalVersionSchema, { version: raw ?? undefined })
        const accident = await deleteAccident(actor, params.id, version)
        return apiData({ id: accident.id, deleted: true })
      }
      default:
        return methodNotAllowed(request, ['GET', 'HEAD', 'PUT', 'DELETE'])
    }
  })
}
