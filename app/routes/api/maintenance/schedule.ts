import { deleteSchedule, getSchedule, serializeSchedule, updateSchedule } from '~/models/maintenance/maintenance-schedule.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, parseOrThrow, readBody, requireApiPermission } from '~/requests/api.server'
import { MaintenanceScheduleUpdateSchema } from '~/schemas/maintenance-schedule'
import { OptionalVersionSchema } from '~/schemas/version'

import type { Route } from './+types/schedule'

export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'maintenanceSchedule')
    return apiData(serializeSchedule(await getSchedule(user.organizationId, params.id)))
  })
}

/**
 * PUT replaces the whole schedule: read-only fields sent back (id, nextDueAt, status, truck …) are
 * ignored and `version` drives the conflict check. DELETE takes an optional `?version=`.
 */
export async function action({ request, params }: Route.ActionArgs) {
  return handleApi(request, async (call) => {
    switch (request.method) {
      case 'PUT': {
        const { actor } = await requireApiActor(call, 'update', 'maintenanceSchedule')
        const input = await readBody(request, MaintenanceScheduleUpdateSchema)
        return apiData(serializeSchedule(await updateSchedule(actor, params.id, input)))
      }
      case 'DELETE': {
        const { actor } = await requireApiActor(call, 'delete', 'maintenanceSchedule')
        const raw = new URL(request.url).searchParams.get('version')
        const { version } = parseOrThrow(OptionalVersionSchema, { version: raw ?? undefined })
        const schedule = await deleteSchedule(actor, params.id, version)
        return apiData({ id: schedule.id, deleted: true })
      }
      default:
        return methodNotAllowed(request, ['GET', 'HEAD', 'PUT', 'DELETE'])
    }
  })
}
