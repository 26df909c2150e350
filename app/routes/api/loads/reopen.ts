import { serializeLoad } from '~/models/loads/load-serialize.server'
import { reopenLoad } from '~/models/loads/load-status.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, parseOrThrow, readBody } from '~/requests/api.server'
import { LoadReopenSchema } from '~/schemas/load'

import type { Route } from './+types/reopen'

/**
 * POST /api/loads/{id}/reopen `{ reason?, version? }` (or no body): an admin reopens a delivered
 * load, back to at_delivery with its last departure cleared; anything but a delivered load is 409
 * `invalid_transition`, other roles 403 (app/policies/load.ts).
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'update', 'load')
    const empty = !request.headers.get('Content-Type') && (request.headers.get('Content-Length') ?? '0') === '0'
    const input = empty ? parseOrThrow(LoadReopenSchema, {}) : await readBody(request, LoadReopenSchema)
    return apiData(serializeLoad(await reopenLoad(actor, params.id, input)))
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}
