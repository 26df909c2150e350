import { serializeSchedule, voidSchedule } from '~/models/factoring/factoring.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readActionBody } from '~/requests/api.server'
import { ScheduleActionSchema } from '~/schemas/factoring'

import type { Route } from './+types/void'

/** POST /api/factoring/schedules/{id}/void (optional body `{ version? }`): an open or sent schedule is voided; its invoices are free again. */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'update', 'factoring')
    const { version } = await readActionBody(request, ScheduleActionSchema)
    return apiData(serializeSchedule(await voidSchedule(actor, params.id, version)))
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}
