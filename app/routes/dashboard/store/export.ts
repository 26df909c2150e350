import { getInstance } from '~/middleware/i18next'
import { exportProducts, PRODUCT_CSV_COLUMNS } from '~/models/store/product.server'
import { requirePermission } from '~/requests/session.server'
import { parseListQuery } from '~/schemas/list-query'
import { ProductListQuerySchema } from '~/schemas/product'
import { csvFilename, csvResponse } from '~/utils/csv.server'

import type { Route } from './+types/export'

/** The product list's Export button: every product its search and filters match, headers in the page's language. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'product')
  const query = parseListQuery(ProductListQuerySchema, new URL(request.url).searchParams)
  const { t } = getInstance(context)
  return csvResponse(exportProducts(user.organizationId, query), PRODUCT_CSV_COLUMNS, {
    headers: (key) => t(key),
    filename: csvFilename('products'),
    bom: true,
  })
}
