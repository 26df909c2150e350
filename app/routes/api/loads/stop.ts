import { deleteStop } from '~/models/loads/load.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, parseOrThrow } from '~/requests/api.server'
import type { StopDeleted } from '~/schemas/load'
import { OptionalVersionSchema } from '~/schemas/version'

import type { Route } from './+types/stop'

/**
 * DELETE /api/loads/address/{id}: removes one stop (the specification calls stops "addresses").
 * `?version=` is the load's version; the load's only pickup or only delivery is kept (409 `in_use`).
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed(request, ['DELETE'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'update', 'load')
    const raw = new URL(request.url).searchParams.get('version')
    const { version } = parseOrThrow(OptionalVersionSchema, { version: raw ?? undefined })
    const removed = await deleteStop(actor, params.id, version)
    const answer: StopDeleted = { id: removed.id, loadId: removed.loadId, deleted: true }
    return apiData(answer)
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['DELETE'])
}
