/**
 * The bench's work orders (ADR 132), added to the bench user's organization after the seed and the
 * inspection reports: 1,000 orders, three in four on 100 of its trucks and the others on 50 of its
 * trailers, opened every two hours back from now; repairs, preventive services and annual
 * inspections; open, in progress, completed and a few canceled. Two in three have one to four lines
 * of labor and parts (some of the store's products), the order's total their sum; the open repairs
 * of a truck hold the truck's uncertified defects. Numbered WO-… from the organization's counter
 * (`nextWorkOrderNumber`), which is moved past them so the app goes on numbering after them. What
 * the work orders list and `GET /api/work-orders` read. Rows are marked by `bench-` ids, so a kept
 * database is seeded once.
 */
import { formatWorkOrderNumber } from '../../app/schemas/work-order-options'
import { lineTotalCents } from '../../app/utils/money'
import { insert, seedOnce } from './messages-fixtures'

export const WORK_ORDERS = 1_000
const TRUCKS = 100
const TRAILERS = 50
type Row = Record<string, unknown>
const pad = (n: number) => String(n).padStart(5, '0')

const REPAIRS = ['Brake chamber leaking, replace', 'Marker lamp out', 'Air line chafed at the fifth wheel', 'Windshield wiper torn', 'Tire tread low, replace']
const LABOR = ['Diagnosis', 'Repair', 'Road test']

export function seedWorkOrders(url: string, email: string) {
  return seedOnce(url, 'WorkOrder', async (client) => {
    const { rows: admins } = await client.query<{ id: string; organizationId: string }>(`SELECT id, "organizationId" FROM "User" WHERE email = $1`, [email])
    if (!admins[0]) throw new Error(`no user ${email} to give work orders`)
    const { id: adminId, organizationId } = admins[0]
    // One after the other: a pg.Client runs one statement at a time.
    const { rows: trucks } = await client.query<{ id: string }>(`SELECT id FROM "Truck" WHERE "organizationId" = $1 ORDER BY "unitNumber" LIMIT $2`, [
      organizationId,
      TRUCKS,
    ])
    const { rows: trailers } = await client.query<{ id: string }>(`SELECT id FROM "Trailer" WHERE "organizationId" = $1 ORDER BY "unitNumber" LIMIT $2`, [
      organizationId,
      TRAILERS,
    ])
    const { rows: products } = await client.query<{ id: string; name: string; priceCents: number }>(
      `SELECT id, name, "priceCents" FROM "Product" WHERE "organizationId" = $1 ORDER BY name, id LIMIT 50`,
      [organizationId],
    )
    if (!trucks.length) throw new Error('the bench organization has no trucks for its work orders')
    // The numbers the app would have given them, taken from the counter as its nextNumber does.
    const { rows: counter } = await client.query<{ first: number }>(
      `UPDATE "Organization" SET "nextWorkOrderNumber" = "nextWorkOrderNumber" + $2 WHERE id = $1 RETURNING "nextWorkOrderNumber" - $2 AS first`,
      [organizationId, WORK_ORDERS],
    )
    const first = counter[0].first
    const now = Date.now()
    const orders: Row[] = []
    const lines: Row[] = []
    for (let i = 0; i < WORK_ORDERS; i++) {
      // Newest first by index; distinct instants, so app and baseline cannot order ties differently.
      const createdAt = now - (i + 1) * 7_200_000
      const onTrailer = i % 4 === 3 && trailers.length > 0
      const kind = i % 10 === 0 ? 'annual_inspection' : i % 10 <= 3 ? 'preventive' : 'repair'
      const status = i % 16 === 5 ? 'canceled' : i % 8 <= 1 ? 'open' : i % 8 === 2 ? 'in_progress' : 'completed'
      const priced: Row[] = []
      if (i % 3 !== 0) {
        for (let l = 0; l < 1 + (i % 4); l++) {
          const product = l % 2 === 1 && products.length ? products[(i + l) % products.length] : null
          const line = product
            ? { kind: 'part', description: product.name, quantityMilli: (1 + (i % 3)) * 1000, unitCostCents: product.priceCents, productId: product.id }
            : l % 2 === 0
              ? { kind: 'labor', description: LABOR[l % LABOR.length], quantityMilli: 500 + (i % 6) * 250, unitCostCents: 9_500, productId: null }
              : { kind: 'part', description: 'Shop supplies', quantityMilli: 1000, unitCostCents: 1_250 + (i % 7) * 100, productId: null }
          priced.push({
            id: `bench-wl-${pad(i)}-${l}`,
            workOrderId: `bench-wo-${pad(i)}`,
            position: l,
            ...line,
            totalCents: lineTotalCents(line.quantityMilli, line.unitCostCents),
          })
        }
      }
      lines.push(...priced)
      const completedAt = status === 'completed' ? new Date(createdAt + 3_600_000).toISOString() : null
      const canceledAt = status === 'canceled' ? new Date(createdAt + 1_800_000).toISOString() : null
      orders.push({
        id: `bench-wo-${pad(i)}`,
        organizationId,
        number: formatWorkOrderNumber(first + WORK_ORDERS - 1 - i),
        truckId: onTrailer ? null : trucks[i % trucks.length].id,
        trailerId: onTrailer ? trailers[i % trailers.length].id : null,
        kind,
        status,
        description:
          kind === 'annual_inspection'
            ? 'Annual inspection (49 CFR 396.17)'
            : kind === 'preventive'
              ? 'Oil and filters, chassis lube'
              : REPAIRS[i % REPAIRS.length],
        odometer: onTrailer ? null : 250_000 - i * 40,
        totalCents: priced.reduce((sum, line) => sum + (line.totalCents as number), 0),
        completedAt,
        completedById: completedAt ? adminId : null,
        canceledAt,
        createdById: adminId,
        createdAt: new Date(createdAt).toISOString(),
        updatedAt: completedAt ?? canceledAt ?? new Date(createdAt).toISOString(),
        version: status === 'open' ? 1 : status === 'in_progress' ? 2 : 3,
      })
    }
    await insert(
      client,
      'WorkOrder',
      {
        id: 'text',
        organizationId: 'text',
        number: 'text',
        truckId: 'text',
        trailerId: 'text',
        kind: '"WorkOrderKind"',
        status: '"WorkOrderStatus"',
        description: 'text',
        odometer: 'int',
        totalCents: 'int',
        completedAt: 'timestamptz',
        completedById: 'text',
        canceledAt: 'timestamptz',
        createdById: 'text',
        createdAt: 'timestamptz',
        updatedAt: 'timestamptz',
        version: 'int',
      },
      orders,
    )
    await insert(
      client,
      'WorkOrderLine',
      {
        id: 'text',
        workOrderId: 'text',
        position: 'int',
        kind: '"WorkOrderLineKind"',
        description: 'text',
        quantityMilli: 'int',
        unitCostCents: 'int',
        totalCents: 'int',
        productId: 'text',
      },
      lines,
    )
    // The drivers' open defects go on the newest open or in-progress repair of their truck, as the
    // editor links them (one order each, never a completed one: completing certifies them).
    await client.query(
      `UPDATE "InspectionDefect" d SET "workOrderId" = w.id
       FROM "Inspection" i, LATERAL (
         SELECT o.id FROM "WorkOrder" o
         WHERE o."organizationId" = $1 AND o."truckId" = i."truckId" AND o.kind = 'repair' AND o.status IN ('open', 'in_progress') AND o.id LIKE 'bench-%'
         ORDER BY o."createdAt" DESC, o.id DESC LIMIT 1) w
       WHERE i.id = d."inspectionId" AND i."organizationId" = $1 AND d."certifiedAt" IS NULL AND d."workOrderId" IS NULL AND d.id LIKE 'bench-%'`,
      [organizationId],
    )
  })
}
