import { requireQuarter } from '~/models/fuel-tax/ifta-return.server'
import { quarterTripSheetsResponse } from '~/models/fuel-tax/trip-sheet.server'
import { requirePermission } from '~/requests/session.server'
import { notFoundUnless, orNotFound } from '~/utils/errors.server'

import type { Route } from './+types/trip-sheets'

/** `?quarter=2026-Q3`: the unit's trip sheets of the quarter (every trip that ended in it) as one PDF, in the organization's language. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'trip')
  const quarter = notFoundUnless(() => requireQuarter(new URL(request.url).searchParams.get('quarter') ?? ''))
  return orNotFound(quarterTripSheetsResponse(request, user.organizationId, params.id, quarter))
}
