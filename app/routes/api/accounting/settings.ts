import { getAccountingSettings, updateAccountingSettings } from '~/models/accounting/settings.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readBody, requireApiPermission } from '~/requests/api.server'
import { AccountingSettingsSchema } from '~/schemas/accounting'

import type { Route } from './+types/settings'

/** GET /api/accounting/settings: the account and item names and the customer naming rule (the defaults, version 0, until saved). */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'accounting')
    return apiData(await getAccountingSettings(user.organizationId))
  })
}

/** PUT every name, `customerNaming` and the `version` read (0 before the first save): 409 `conflict` when it is stale. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'PUT') return methodNotAllowed(request, ['GET', 'HEAD', 'PUT'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'update', 'accounting')
    const input = await readBody(request, AccountingSettingsSchema)
    return apiData(await updateAccountingSettings(actor, input))
  })
}
