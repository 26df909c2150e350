/** The company store's shop: active products as a grid, filtered by category and colour, in the shopper's order. */
import type { Prisma } from '~/generated/prisma/client'
import { containsText, listPage } from '~/models/records/records.server'
import { SHOP_STATUSES } from '~/policies/product'
import type { ShopQuery } from '~/schemas/product'
import { SHOP_PAGE_SIZE, type ShopSort } from '~/schemas/product-options'
import { prisma } from '~/utils/db.server'

const ORDER: Record<ShopSort, Prisma.ProductOrderByWithRelationInput[]> = {
  name: [{ name: 'asc' }, { id: 'asc' }],
  price_asc: [{ priceCents: 'asc' }, { name: 'asc' }, { id: 'asc' }],
  price_desc: [{ priceCents: 'desc' }, { name: 'asc' }, { id: 'asc' }],
  newest: [{ createdAt: 'desc' }, { id: 'asc' }],
}

function shopWhere(organizationId: string, query: ShopQuery): Prisma.ProductWhereInput {
  return {
    organizationId,
    status: { in: [...SHOP_STATUSES] },
    // As stored: the filter offers the stored names (an insensitive equals is an ILIKE, where `\\` and `%` would be patterns).
    ...(query.category ? { category: query.category } : {}),
    // Colours are matched as written in the product (the filter offers the stored names).
    ...(query.color ? { colors: { has: query.color } } : {}),
    ...(query.q ? { OR: [{ name: containsText(query.q) }, { sku: containsText(query.q) }] } : {}),
  }
}

/** One page of the shop's grid, each product with its first photo. */
export async function listShopProducts(organizationId: string, query: ShopQuery) {
  const where = shopWhere(organizationId, query)
  return listPage(
    { page: query.page, pageSize: SHOP_PAGE_SIZE },
    () => prisma.product.count({ where }),
    (window) =>
      prisma.product.findMany({
        where,
        orderBy: ORDER[query.sort],
        ...window,
        select: {
          id: true,
          name: true,
          sku: true,
          category: true,
          priceCents: true,
          stock: true,
          colors: true,
          status: true,
          photos: { orderBy: [{ sortOrder: 'asc' }, { createdAt: 'asc' }], take: 1, select: { id: true, productId: true, fileName: true } },
        },
      }),
  )
}

/** What the shop's filters offer: the categories and colours of the products it shows. */
export async function shopFacets(organizationId: string) {
  const rows = await prisma.product.findMany({ where: { organizationId, status: { in: [...SHOP_STATUSES] } }, select: { category: true, colors: true } })
  const categories = [...new Set(rows.map((row) => row.category).filter(Boolean))].sort((a, b) => a.localeCompare(b))
  const colors = [...new Set(rows.flatMap((row) => row.colors))].sort((a, b) => a.localeCompare(b))
  return { categories, colors }
}
