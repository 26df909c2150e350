/**
 * The bench's company store, added to the bench user's organization after the seed:
 * 300 products in a few categories (every status, some out of stock or low, every fifth with one
 * or two photo rows) and 100 settlements of the organization's drivers (every status, two-week
 * periods in 2020–2021, far from the pay run's own period); seedOrders adds 200 store orders
 * (charged to drivers, trucks and the company; some canceled; one to four lines each). One multi-row INSERT per table in one transaction; rows are marked by their
 * `bench-` ids, so a kept database (--keep-data) is seeded once. Photo rows name no stored file:
 * the lists read their names and sizes only.
 */

import { insert, seedOnce } from './messages-fixtures'

export const PRODUCTS = 300
export const SETTLEMENTS = 100
const SETTLEMENT_STATUSES = ['draft', 'approved', 'paid', 'void'] as const
const CATEGORIES = ['ELD & electronics', 'Safety', 'Apparel', 'Cab comfort', 'Tools', '']
const COLORS = ['black', 'white', 'red', 'blue', 'yellow']

type Row = Record<string, unknown>

const pad = (n: number) => String(n).padStart(4, '0')

export function seedStore(url: string, email: string) {
  return seedOnce(url, 'Product', async (client) => {
    const { rows: admins } = await client.query<{ id: string; organizationId: string }>(`SELECT id, "organizationId" FROM "User" WHERE email = $1`, [email])
    if (!admins[0]) throw new Error(`no user ${email} to give a store`)
    const org = admins[0].organizationId
    const { rows: drivers } = await client.query<{ id: string }>(
      `SELECT id FROM "User" WHERE "organizationId" = $1 AND role = 'driver' ORDER BY email LIMIT 20`,
      [org],
    )
    if (!drivers.length) throw new Error('the bench organization needs drivers for its settlement fixtures')
    // Distinct instants, so no list orders ties differently in app and baseline.
    const base = Date.now() - 60 * 86_400_000
    const at = (ms: number) => new Date(base + ms).toISOString()
    const products: Row[] = []
    const photos: Row[] = []
    for (let i = 0; i < PRODUCTS; i++) {
      const id = `bench-pr-${pad(i)}`
      const created = at(i * 600_000)
      products.push({
        id,
        organizationId: org,
        // Names repeat every 97 products, so the name order needs its id tie-break.
        name: `${['Cab', 'Road', 'Haul', 'Fleet', 'Dock'][i % 5]} ${['jacket', 'light', 'strap', 'mat', 'cable', 'mug', 'vest'][i % 7]} ${i % 97}`,
        sku: `BENCH-${pad(i)}`,
        description: i % 3 ? `Sturdy, fleet-tested item ${i}; ships in 2–3 days.` : '',
        category: CATEGORIES[i % CATEGORIES.length],
        priceCents: 499 + ((i * 137) % 20_000),
        stock: i % 11 === 0 ? 0 : (i * 7) % 120,
        colors: COLORS.slice(0, i % 4),
        status: i % 10 === 9 ? 'archived' : i % 10 === 8 ? 'draft' : 'active',
        customFields: {},
        createdAt: created,
        updatedAt: created,
        version: 1 + (i % 3),
      })
      if (i % 5 === 0) {
        for (let p = 0; p < 1 + (i % 2); p++) {
          photos.push({
            id: `bench-pp-${pad(i)}-${p}`,
            productId: id,
            organizationId: org,
            fileName: `product-${i}-${p}.jpg`,
            contentType: 'image/jpeg',
            sizeBytes: 90_000 + i * 10 + p,
            storageKey: `bench/products/${id}/${p}`,
            sortOrder: p,
            createdAt: at(i * 600_000 + p),
          })
        }
      }
    }
    const settlements: Row[] = []
    const day = (n: number) => new Date(Date.UTC(2020, 0, 6) + n * 86_400_000).toISOString().slice(0, 10)
    for (let i = 0; i < SETTLEMENTS; i++) {
      const status = SETTLEMENT_STATUSES[i % SETTLEMENT_STATUSES.length]
      // Each driver's periods follow one another: no two live ones of a driver overlap.
      const start = Math.floor(i / drivers.length) * 14
      const gross = 150_000 + ((i * 7_919) % 250_000)
      const deductions = (i * 1_301) % 40_000
      const created = at(i * 3_600_000 + 1)
      settlements.push({
        id: `bench-st-${pad(i)}`,
        organizationId: org,
        number: `BENCH-${pad(i)}`,
        driverId: drivers[i % drivers.length].id,
        periodStart: day(start),
        periodEnd: day(start + 13),
        status,
        grossCents: gross,
        deductionsCents: deductions,
        netCents: gross - deductions,
        paidAt: status === 'paid' ? day(start + 16) : null,
        paidMethod: status === 'paid' ? 'ach' : null,
        paidReference: status === 'paid' ? `ACH-${pad(i)}` : null,
        voidedAt: status === 'void' ? at(i * 3_600_000 + 2) : null,
        createdById: admins[0].id,
        createdAt: created,
        updatedAt: created,
        version: 1 + (i % 4),
      })
    }
    await insert(
      client,
      'Product',
      {
        id: 'text',
        organizationId: 'text',
        name: 'text',
        sku: 'citext',
        description: 'text',
        category: 'text',
        priceCents: 'int',
        stock: 'int',
        colors: 'text[]',
        status: '"ProductStatus"',
        customFields: 'jsonb',
        createdAt: 'timestamptz',
        updatedAt: 'timestamptz',
        version: 'int',
      },
      products,
    )
    await insert(
      client,
      'ProductPhoto',
      {
        id: 'text',
        productId: 'text',
        organizationId: 'text',
        fileName: 'text',
        contentType: 'text',
        sizeBytes: 'int',
        storageKey: 'text',
        sortOrder: 'int',
        createdAt: 'timestamptz',
      },
      photos,
    )
    await insert(
      client,
      'Settlement',
      {
        id: 'text',
        organizationId: 'text',
        number: 'text',
        driverId: 'text',
        periodStart: 'date',
        periodEnd: 'date',
        status: '"SettlementStatus"',
        grossCents: 'int',
        deductionsCents: 'int',
        netCents: 'int',
        paidAt: 'date',
        paidMethod: 'text',
        paidReference: 'text',
        voidedAt: 'timestamptz',
        createdById: 'text',
        createdAt: 'timestamptz',
        updatedAt: 'timestamptz',
        version: 'int',
      },
      settlements,
    )
  })
}

export const ORDERS = 200

/** 200 store orders of the bench organization, in one transaction; seeded once (their `bench-` ids). */
export function seedOrders(url: string, email: string) {
  return seedOnce(url, 'StoreOrder', async (client) => {
    const { rows: admins } = await client.query<{ id: string; organizationId: string }>(`SELECT id, "organizationId" FROM "User" WHERE email = $1`, [email])
    if (!admins[0]) throw new Error(`no user ${email} to give store orders`)
    const org = admins[0].organizationId
    const [{ rows: drivers }, { rows: trucks }, { rows: products }] = await Promise.all([
      client.query<{ id: string }>(`SELECT id FROM "User" WHERE "organizationId" = $1 AND role = 'driver' ORDER BY email LIMIT 20`, [org]),
      client.query<{ id: string }>(`SELECT id FROM "Truck" WHERE "organizationId" = $1 ORDER BY "unitNumber" LIMIT 20`, [org]),
      client.query<{ id: string; name: string; sku: string; priceCents: number }>(
        `SELECT id, name, sku, "priceCents" FROM "Product" WHERE "organizationId" = $1 ORDER BY sku LIMIT 40`,
        [org],
      ),
    ])
    if (!drivers.length || !trucks.length || !products.length) throw new Error('the bench organization needs drivers, trucks and products for its orders')
    const base = Date.now() - 30 * 86_400_000
    const at = (ms: number) => new Date(base + ms).toISOString()
    const orders: Row[] = []
    const items: Row[] = []
    for (let i = 0; i < ORDERS; i++) {
      const id = `bench-or-${pad(i)}`
      const chargeTo = (['driver', 'truck', 'company'] as const)[i % 3]
      let subtotal = 0
      for (let k = 0; k < 1 + (i % 4); k++) {
        const product = products[(i * 3 + k * 7) % products.length]
        const quantity = 1 + ((i + k) % 3)
        subtotal += product.priceCents * quantity
        items.push({
          id: `bench-oi-${pad(i)}-${k}`,
          orderId: id,
          productId: product.id,
          // Distinct names within an order: the lines are listed by name.
          name: `${product.name} #${k}`,
          sku: product.sku,
          color: k % 2 ? 'black' : '',
          priceCents: product.priceCents,
          quantity,
          lineTotalCents: product.priceCents * quantity,
        })
      }
      const discount = i % 5 === 0 ? Math.floor(subtotal / 10) : 0
      const shipping = i % 3 === 0 ? 0 : 1_500
      const created = at(i * 3_600_000)
      const canceled = i % 9 === 0
      orders.push({
        id,
        organizationId: org,
        orderNumber: `BENCH-${pad(i)}`,
        status: canceled ? 'canceled' : 'placed',
        chargeTo,
        driverId: chargeTo === 'driver' ? drivers[i % drivers.length].id : null,
        truckId: chargeTo === 'truck' ? trucks[i % trucks.length].id : null,
        billingName: `Bench billing ${i % 13}`,
        billingAddress: `${100 + i} Freight Way, Dallas, TX`,
        shippingMethod: (['pickup', 'standard', 'express'] as const)[i % 3],
        discountCode: discount ? 'FLEET10' : null,
        subtotalCents: subtotal,
        discountCents: discount,
        shippingCents: shipping,
        totalCents: subtotal - discount + shipping,
        placedById: admins[0].id,
        canceledAt: canceled ? at(i * 3_600_000 + 60_000) : null,
        createdAt: created,
        updatedAt: created,
        version: canceled ? 2 : 1,
      })
    }
    await insert(
      client,
      'StoreOrder',
      {
        id: 'text',
        organizationId: 'text',
        orderNumber: 'text',
        status: '"StoreOrderStatus"',
        chargeTo: '"StoreChargeTo"',
        driverId: 'text',
        truckId: 'text',
        billingName: 'text',
        billingAddress: 'text',
        shippingMethod: '"ShippingMethod"',
        discountCode: 'text',
        subtotalCents: 'int',
        discountCents: 'int',
        shippingCents: 'int',
        totalCents: 'int',
        placedById: 'text',
        canceledAt: 'timestamptz',
        createdAt: 'timestamptz',
        updatedAt: 'timestamptz',
        version: 'int',
      },
      orders,
    )
    await insert(
      client,
      'StoreOrderItem',
      {
        id: 'text',
        orderId: 'text',
        productId: 'text',
        name: 'text',
        sku: 'text',
        color: 'text',
        priceCents: 'int',
        quantity: 'int',
        lineTotalCents: 'int',
      },
      items,
    )
  })
}
