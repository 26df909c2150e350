import { releaseReserve, serializeSchedule } from '~/models/factoring/factoring.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readActionBody } from '~/requests/api.server'
import { ReserveReleaseSchema } from '~/schemas/factoring'

import type { Route } from './+types/release'

/** POST /api/factoring/schedules/{id}/release `{ releasedAt, amountCents, version? }`: the factor paid back (part of) the reserve. */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'update', 'factoring')
    const input = await readActionBody(request, ReserveReleaseSchema)
    return apiData(serializeSchedule(await releaseReserve(actor, params.id, input)))
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}
