import { getComplianceSettings, updateComplianceSettings } from '~/models/compliance/compliance-settings.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readBody, requireApiPermission } from '~/requests/api.server'
import { ComplianceSettingsSchema } from '~/schemas/qualification'

import type { Route } from './+types/settings'

/** GET /api/compliance/settings: the kinds the organization requires and the reminder days (defaults when never saved, version 0). */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'qualification')
    return apiData(await getComplianceSettings(user.organizationId))
  })
}

/** PUT `{ requiredKinds, reminderDays, version }` (admins): 409 when the version is stale. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'PUT') return methodNotAllowed(request, ['GET', 'HEAD', 'PUT'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'update', 'organization')
    const input = await readBody(request, ComplianceSettingsSchema)
    return apiData(await updateComplianceSettings(actor, input))
  })
}
