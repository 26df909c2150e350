import { sendSchedule, serializeSchedule } from '~/models/factoring/factoring.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readActionBody } from '~/requests/api.server'
import { ScheduleActionSchema } from '~/schemas/factoring'

import type { Route } from './+types/send'

/** POST /api/factoring/schedules/{id}/send (optional body `{ version? }`): the schedule, its CSV and every invoice's packet emailed to the factor through the job queue. */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'update', 'factoring')
    const { version } = await readActionBody(request, ScheduleActionSchema)
    return apiData(serializeSchedule(await sendSchedule(actor, params.id, version)))
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}
