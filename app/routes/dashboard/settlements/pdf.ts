import { settlementPdfResponse } from '~/models/settlements/settlement-pdf.server'
import { settlementScope } from '~/policies/settlement'
import { requirePermission } from '~/requests/session.server'
import { orNotFound } from '~/utils/errors.server'

import type { Route } from './+types/pdf'

/** "Download statement": the pay statement in the driver's language (a driver: their own only, else 404). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'settlement')
  return orNotFound(settlementPdfResponse(settlementScope(user), params.id, request.method))
}
