import { accountingFileResponse } from '~/models/accounting/export.server'
import { handleApi, methodNotAllowed, requireApiPermission } from '~/requests/api.server'

import type { Route } from './+types/export-file'

/** GET /api/accounting/exports/{id}/file: the batch's `.iif` or `.zip`; 409 `invalid_transition` until it is ready. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'accounting')
    return accountingFileResponse(request, user.organizationId, params.id)
  })
}

export async function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ['GET', 'HEAD'])
}
