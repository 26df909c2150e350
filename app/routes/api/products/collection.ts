import { createProduct, exportProducts, listProducts, PRODUCT_CSV_COLUMNS, serializeProduct } from '~/models/store/product.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readBody, requireApiPermission } from '~/requests/api.server'
import { parseListQuery } from '~/schemas/list-query'
import { ProductListQuerySchema, ProductSchema } from '~/schemas/product'
import { csvFilename, csvResponse, wantsCsv } from '~/utils/csv.server'

import type { Route } from './+types/collection'

/**
 * GET /api/products: the list with the same search, filters, sort and paging as the page;
 * `?format=csv` streams every matching product (all pages) as CSV with the fields' keys as headers.
 */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'product')
    const url = new URL(request.url)
    const query = parseListQuery(ProductListQuerySchema, url.searchParams)
    if (wantsCsv(url))
      return csvResponse(exportProducts(user.organizationId, query), PRODUCT_CSV_COLUMNS, { headers: 'key', filename: csvFilename('products') })
    const result = await listProducts(user.organizationId, query)
    return apiData(result.items.map(serializeProduct), { meta: { total: result.total, page: result.page, pageSize: result.pageSize } })
  })
}

/** POST /api/products → 201 { data: product } (photos are added with POST /api/products/{id}/photos). */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['GET', 'HEAD', 'POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'create', 'product')
    const input = await readBody(request, ProductSchema)
    return apiData(serializeProduct(await createProduct(actor, input)), { status: 201 })
  })
}
