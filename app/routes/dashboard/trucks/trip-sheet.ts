import { tripSheetResponse } from '~/models/fuel-tax/trip-sheet.server'
import { requirePermission } from '~/requests/session.server'
import { orNotFound } from '~/utils/errors.server'

import type { Route } from './+types/trip-sheet'

/** One trip's sheet as a PDF, in the organization's language; a trip of another unit or organization is not found. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'trip')
  return orNotFound(tripSheetResponse(request, user.organizationId, params.id, params.tripId))
}
