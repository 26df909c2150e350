import { detectLanguage } from '~/i18n.server'
import { schedulePdfResponse } from '~/models/factoring/factoring-pdf.server'
import { handleApi, methodNotAllowed, requireApiPermission } from '~/requests/api.server'

import type { Route } from './+types/pdf'

/** GET /api/factoring/schedules/{id}/pdf: the schedule of accounts as a PDF, in the request's language. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'factoring')
    return schedulePdfResponse(request, user.organizationId, params.id, detectLanguage(request))
  })
}

export function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ['GET', 'HEAD'])
}
