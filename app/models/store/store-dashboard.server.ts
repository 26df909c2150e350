/**
 * The store dashboard (/dashboard/ecommerce): what the company store sold this month and to whom,
 * what sells, what runs out. Summed in PostgreSQL for one organization, in integer cents, the
 * month on the organization's own calendar (its time zone). Canceled orders count for nothing.
 */
import { organizationTimeZone, organizationToday } from '~/models/organization/organization.server'
import { CHARGE_TO, type ChargeTo } from '~/schemas/checkout-options'
import { LOW_STOCK_THRESHOLD } from '~/schemas/product-options'
import { prisma } from '~/utils/db.server'

export const TOP_PRODUCTS = 5
export const STOCK_ALERTS = 10

/** The numbers of the store dashboard, for the organization's current month (`now` for tests). */
export async function storeDashboard(organizationId: string, now = new Date()) {
  const [today, timeZone] = await Promise.all([organizationToday(organizationId, prisma, now), organizationTimeZone(organizationId)])
  const month = `${today.slice(0, 7)}-01`
  // The month's placed orders, on the organization's calendar.
  const placed = `
    WITH month_orders AS (
      SELECT o.* FROM "StoreOrder" o
      WHERE o."organizationId" = $1 AND o."status" = 'placed'
        AND o."createdAt" >= ($3::date::timestamp AT TIME ZONE $2)
        AND o."createdAt" < (($3::date + interval '1 month')::timestamp AT TIME ZONE $2)
    )`
  const args = [organizationId, timeZone, month] as const
  const [totals, byChargeTo, top, lowStock] = await Promise.all([
    prisma.$queryRawUnsafe<Array<{ orders: number; cents: number }>>(
      `${placed} SELECT count(*)::int AS orders, coalesce(sum("totalCents"), 0)::float8 AS cents FROM month_orders`,
      ...args,
    ),
    prisma.$queryRawUnsafe<Array<{ chargeTo: ChargeTo; orders: number; cents: number }>>(
      `${placed} SELECT "chargeTo"::text AS "chargeTo", count(*)::int AS orders, sum("totalCents")::float8 AS cents FROM month_orders GROUP BY "chargeTo"`,
      ...args,
    ),
    // Best sellers over every placed order (the name as the order locked it when the product is gone).
    prisma.$queryRawUnsafe<Array<{ productId: string | null; name: string; quantity: number; cents: number }>>(
      `SELECT i."productId", coalesce(p."name", min(i."name")) AS name, sum(i."quantity")::int AS quantity, sum(i."lineTotalCents")::float8 AS cents
       FROM "StoreOrderItem" i JOIN "StoreOrder" o ON o.id = i."orderId" LEFT JOIN "Product" p ON p.id = i."productId"
       WHERE o."organizationId" = $1 AND o."status" = 'placed'
       GROUP BY i."productId", p."name" ORDER BY quantity DESC, name LIMIT ${TOP_PRODUCTS}`,
      organizationId,
    ),
    prisma.product.findMany({
      where: { organizationId, status: 'active', stock: { lte: LOW_STOCK_THRESHOLD } },
      orderBy: [{ stock: 'asc' }, { name: 'asc' }],
      take: STOCK_ALERTS,
      select: { id: true, name: true, sku: true, stock: true },
    }),
  ])
  const byParty = new Map(byChargeTo.map((row) => [row.chargeTo, row]))
  return {
    month,
    salesCents: totals[0]?.cents ?? 0,
    orders: totals[0]?.orders ?? 0,
    byChargeTo: CHARGE_TO.map((chargeTo) => ({ chargeTo, orders: byParty.get(chargeTo)?.orders ?? 0, cents: byParty.get(chargeTo)?.cents ?? 0 })),
    topProducts: top,
    lowStock,
  }
}
