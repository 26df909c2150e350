import { readFuelReceipt } from '~/models/fuel-tax/fuel-receipt.server'
import { requirePermission } from '~/requests/session.server'
import { orNotFound } from '~/utils/errors.server'
import { storedFileHeaders } from '~/utils/file-name'

import type { Route } from './+types/receipt'

/**
 * A fuel purchase's receipt for the signed-in page (the API's twin is /api/fuel-purchases/{id}/receipt):
 * those who read purchases; another organization's, or none: 404. Always an attachment with the
 * type detected at upload and `nosniff`, so a file never renders as a page (an <img> still shows it).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'fuelPurchase')
  const receipt = await orNotFound(readFuelReceipt(user.organizationId, params.id))
  return new Response(receipt.body, { headers: storedFileHeaders(receipt.file, receipt.sizeBytes) })
}
