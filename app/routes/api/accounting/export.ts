import { getAccountingExport } from '~/models/accounting/export.server'
import { apiData, handleApi, methodNotAllowed, requireApiPermission } from '~/requests/api.server'

import type { Route } from './+types/export'

/** GET /api/accounting/exports/{id}: the batch, its status and progress (`processedCount` of `recordCount`). */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'accounting')
    return apiData(await getAccountingExport(user.organizationId, params.id))
  })
}

export async function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ['GET', 'HEAD'])
}
