import { getInstance } from '~/middleware/i18next'
import { exportFuelPurchases, FUEL_PURCHASE_CSV_COLUMNS } from '~/models/fuel-tax/fuel-purchase.server'
import { requirePermission } from '~/requests/session.server'
import { FuelPurchaseListQuerySchema } from '~/schemas/fuel-purchase'
import { parseListQuery } from '~/schemas/list-query'
import { csvFilename, csvResponse } from '~/utils/csv.server'

import type { Route } from './+types/export'

/** The list's Export button: every purchase its search and filters match, headers in the page's language. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'fuelPurchase')
  const query = parseListQuery(FuelPurchaseListQuerySchema, new URL(request.url).searchParams)
  const { t } = getInstance(context)
  return csvResponse(exportFuelPurchases(user.organizationId, query), FUEL_PURCHASE_CSV_COLUMNS, {
    headers: (key) => t(key),
    filename: csvFilename('fuel-purchases'),
    bom: true,
  })
}
