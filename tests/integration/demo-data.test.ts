/**
 * The demo data is a consistent day in a carrier's life: each rule below is a query that lists
 * what breaks it, and every list is empty after seeding (prisma/seed.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest'

import { LOW_STOCK_THRESHOLD } from '~/schemas/product-options'
import { prisma } from '~/utils/db.server'

const LIVE = `('dispatched', 'at_pickup', 'in_transit', 'at_delivery')`

/** Each rule: what breaks it. */
const RULES: Record<string, string> = {
  'a dispatched truck is held by a live load': `
    SELECT t."unitNumber" FROM "Truck" t WHERE t.status = 'dispatched'
      AND NOT EXISTS (SELECT 1 FROM "Load" l WHERE l."truckId" = t.id AND l.status::text IN ${LIVE})`,
  'a live load’s truck is dispatched': `
    SELECT l."loadNumber" FROM "Load" l JOIN "Truck" t ON t.id = l."truckId" WHERE l.status::text IN ${LIVE} AND t.status <> 'dispatched'`,
  'a trailer in use is held by a live load': `
    SELECT t."unitNumber" FROM "Trailer" t WHERE t.status = 'in_use'
      AND NOT EXISTS (SELECT 1 FROM "Load" l WHERE l."trailerId" = t.id AND l.status::text IN ${LIVE})`,
  'a live load’s trailer is in use': `
    SELECT l."loadNumber" FROM "Load" l JOIN "Trailer" t ON t.id = l."trailerId" WHERE l.status::text IN ${LIVE} AND t.status <> 'in_use'`,
  'a live load has a driver, a truck and (but power only) a trailer': `
    SELECT "loadNumber" FROM "Load" WHERE status::text IN ${LIVE}
      AND ("driverId" IS NULL OR "truckId" IS NULL OR ("trailerId" IS NULL AND "equipmentType" <> 'power_only'))`,
  'a driver, truck or trailer is on one live load at most': `
    SELECT unnest(ARRAY["driverId", "truckId", "trailerId"]) AS holder FROM "Load" WHERE status::text IN ${LIVE}
    GROUP BY holder HAVING count(*) > 1`,
  'no arrival or departure is in the future': `
    SELECT s.id FROM "LoadStop" s WHERE s."actualArrival" > now() OR s."actualDeparture" > now()`,
  'a departure follows its arrival': `
    SELECT s.id FROM "LoadStop" s WHERE s."actualDeparture" IS NOT NULL AND (s."actualArrival" IS NULL OR s."actualDeparture" < s."actualArrival")`,
  'a load before its pickup has no stop times': `
    SELECT l."loadNumber" FROM "Load" l JOIN "LoadStop" s ON s."loadId" = l.id
    WHERE l.status IN ('draft', 'booked', 'dispatched', 'canceled') AND (s."actualArrival" IS NOT NULL OR s."actualDeparture" IS NOT NULL)`,
  'a load past its pickup arrived there': `
    SELECT l."loadNumber" FROM "Load" l JOIN "LoadStop" s ON s."loadId" = l.id AND s.sequence = 1
    WHERE l.status IN ('at_pickup', 'in_transit', 'at_delivery', 'delivered', 'invoiced') AND s."actualArrival" IS NULL`,
  'a load on its way or done left its pickup': `
    SELECT l."loadNumber" FROM "Load" l JOIN "LoadStop" s ON s."loadId" = l.id AND s.sequence = 1
    WHERE l.status IN ('in_transit', 'at_delivery', 'delivered', 'invoiced') AND s."actualDeparture" IS NULL`,
  'a load at its pickup has not left it': `
    SELECT l."loadNumber" FROM "Load" l JOIN "LoadStop" s ON s."loadId" = l.id AND s.sequence = 1
    WHERE l.status = 'at_pickup' AND s."actualDeparture" IS NOT NULL`,
  'a load at delivery arrived at its last stop and has not left it': `
    SELECT l."loadNumber" FROM "Load" l JOIN "LoadStop" s ON s."loadId" = l.id
      AND s.sequence = (SELECT max(sequence) FROM "LoadStop" WHERE "loadId" = l.id)
    WHERE l.status = 'at_delivery' AND (s."actualArrival" IS NULL OR s."actualDeparture" IS NOT NULL)`,
  'a load in transit has not reached its last stop': `
    SELECT l."loadNumber" FROM "Load" l JOIN "LoadStop" s ON s."loadId" = l.id
      AND s.sequence = (SELECT max(sequence) FROM "LoadStop" WHERE "loadId" = l.id)
    WHERE l.status = 'in_transit' AND s."actualArrival" IS NOT NULL`,
  'a delivered load left every stop': `
    SELECT l."loadNumber" FROM "Load" l JOIN "LoadStop" s ON s."loadId" = l.id
    WHERE l.status IN ('delivered', 'invoiced') AND s."actualDeparture" IS NULL`,
  'a load yet to be picked up is not planned in the past': `
    SELECT l."loadNumber" FROM "Load" l WHERE l.status IN ('draft', 'booked', 'dispatched') AND l."pickupAt" < now()`,
}

describe('the demo data', () => {
  beforeAll(async () => {
    const { seed } = await import('../../prisma/seed')
    await seed({ log: () => {} })
  })

  it.each(Object.entries(RULES))('%s', async (_rule, query) => {
    expect(await prisma.$queryRawUnsafe(query)).toEqual([])
  })

  it('has loads in every live status, so each rule above is tried', async () => {
    const statuses = await prisma.$queryRawUnsafe<Array<{ status: string }>>(`SELECT DISTINCT status::text AS status FROM "Load" WHERE status::text IN ${LIVE}`)
    expect(statuses.map((row) => row.status).sort()).toEqual(['at_pickup', 'dispatched', 'in_transit'])
  })

  it('opens the messages with something to read: the driver’s load talked over with dispatch, mail in the shared inbox', async () => {
    const driver = await prisma.user.findFirstOrThrow({ where: { email: 'driver@freightdesk.test' } })
    const chats = await prisma.conversationParticipant.findMany({ where: { userId: driver.id }, include: { conversation: { include: { load: true } } } })
    expect(chats.map((row) => [row.conversation.kind, row.conversation.load?.driverId, row.unreadCount])).toEqual([['load', driver.id, 1]])
    expect(await prisma.mailMessage.count({ where: { organizationId: driver.organizationId, ownerId: null, folder: 'inbox' } })).toBeGreaterThan(0)
  })

  it('opens the store with products to sell: some in colours, some low on stock for the dashboard’s alerts', async () => {
    const driver = await prisma.user.findFirstOrThrow({ where: { email: 'driver@freightdesk.test' } })
    const products = await prisma.product.findMany({ where: { organizationId: driver.organizationId } })
    expect(products.length).toBeGreaterThanOrEqual(8)
    const active = products.filter((product) => product.status === 'active')
    expect(active.filter((product) => product.colors.length > 1).length).toBeGreaterThan(0)
    expect(active.filter((product) => product.stock > 0 && product.stock <= LOW_STOCK_THRESHOLD).length).toBeGreaterThan(0)
  })

  it('opens the bookings with quote requests in every status, some answered, numbered from the sequence', async () => {
    const admin = await prisma.user.findFirstOrThrow({ where: { email: 'admin@freightdesk.test' } })
    const quotes = await prisma.quoteRequest.findMany({ where: { organizationId: admin.organizationId }, orderBy: { number: 'asc' } })
    expect(new Set(quotes.map((quote) => quote.status))).toEqual(new Set(['new', 'quoted', 'won', 'lost']))
    expect(quotes.filter((quote) => quote.quotedAt && quote.quotedCents).length).toBeGreaterThan(3)
    const organization = await prisma.organization.findUniqueOrThrow({ where: { id: admin.organizationId } })
    expect(organization.nextQuoteNumber).toBe(quotes.length + 1)
  })

  it('seeds again over a demo that was used: invoices factored, loads and store orders on a settlement', async () => {
    const { seed } = await import('../../prisma/seed')
    const admin = await prisma.user.findFirstOrThrow({ where: { email: 'admin@freightdesk.test' } })
    const driver = await prisma.user.findFirstOrThrow({ where: { email: 'driver@freightdesk.test' } })
    const organizationId = admin.organizationId
    const invoice = await prisma.invoice.findFirstOrThrow({ where: { organizationId } })
    const load = await prisma.load.findFirstOrThrow({ where: { organizationId, driverId: driver.id } })
    const truck = await prisma.truck.findFirstOrThrow({ where: { organizationId } })
    const factor = await prisma.company.findFirstOrThrow({ where: { organizationId } })
    const money = { totalCents: 100n, advanceCents: 90n, feeCents: 3n, reserveCents: 7n }
    await prisma.factoringAgreement.upsert({
      where: { organizationId },
      create: { organizationId, factorCompanyId: factor.id, advanceBasisPoints: 9_000, feeBasisPoints: 300 },
      update: { factorCompanyId: factor.id },
    })
    await prisma.factoringSchedule.create({
      data: {
        organizationId,
        number: 'FS-T1',
        factorName: factor.name,
        advanceBasisPoints: 9_000,
        feeBasisPoints: 300,
        ...money,
        items: { create: { invoiceId: invoice.id, invoiceNumber: invoice.invoiceNumber, amountCents: 100, advanceCents: 90, feeCents: 3, reserveCents: 7 } },
      },
    })
    const order = await prisma.storeOrder.create({
      data: { organizationId, orderNumber: 'SO-T1', chargeTo: 'driver', shippingMethod: 'pickup', subtotalCents: 100, totalCents: 100, driverId: driver.id },
    })
    await prisma.storeOrder.create({
      data: { organizationId, orderNumber: 'SO-T2', chargeTo: 'truck', shippingMethod: 'pickup', subtotalCents: 100, totalCents: 100, truckId: truck.id },
    })
    await prisma.settlement.create({
      data: {
        organizationId,
        number: 'ST-T1',
        driverId: driver.id,
        periodStart: new Date('2026-11-01'),
        periodEnd: new Date('2026-11-07'),
        items: {
          create: [
            { organizationId, type: 'load', description: 'A load', amountCents: 100n, loadId: load.id },
            { organizationId, type: 'store_order', description: 'An order', amountCents: -100n, orderId: order.id },
          ],
        },
      },
    })
    // The seed deletes the demo organizations with one statement and every cascade beneath it.
    await seed({ log: () => {} })
    expect(await prisma.factoringSchedule.count({ where: { number: 'FS-T1' } })).toBe(0)
    for (const query of Object.values(RULES)) expect(await prisma.$queryRawUnsafe(query)).toEqual([])
  })
})
