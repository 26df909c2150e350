/**
 * `npm run db:seed -- --loads N`: N generated loads with a pickup and a delivery each, split over
 * the demo organizations, for the benchmarks (ADR 025: 1,000,000 loads in under two minutes).
 * Generated inside PostgreSQL (INSERT … SELECT over generate_series), so no row crosses the wire:
 * past loads are delivered, invoiced or canceled, recent and future ones draft or booked, none
 * holds a driver, truck or trailer on the road.
 */
import { randomBytes } from 'node:crypto'

import type { PrismaClient } from '../app/generated/prisma/client'

const LANES = [
  ['Dallas', 'TX', 'Distribution Center 4'],
  ['Houston', 'TX', 'Port Terminal 2'],
  ['Memphis', 'TN', 'Cold Storage East'],
  ['Atlanta', 'GA', 'Fulton Cross-Dock'],
  ['Chicago', 'IL', 'Joliet Intermodal'],
  ['Indianapolis', 'IN', 'Plainfield DC'],
  ['Columbus', 'OH', 'Rickenbacker Hub'],
  ['Kansas City', 'MO', 'Riverside Foods'],
  ['Denver', 'CO', 'Front Range Supply'],
  ['Phoenix', 'AZ', 'Sonoran Produce'],
  ['Los Angeles', 'CA', 'Vernon Warehouse'],
  ['Oakland', 'CA', 'Bay Logistics'],
  ['Salt Lake City', 'UT', 'Wasatch Freight'],
  ['Nashville', 'TN', 'Music Row Paper'],
  ['Charlotte', 'NC', 'Piedmont DC'],
  ['Jacksonville', 'FL', 'Northside Terminal'],
  ['Laredo', 'TX', 'Border Crossing 7'],
  ['Oklahoma City', 'OK', 'Will Rogers Depot'],
  ['Tulsa', 'OK', 'Green Country Mills'],
  ['Little Rock', 'AR', 'Arkansas Poultry'],
  ['St. Louis', 'MO', 'Gateway Cold Chain'],
  ['Louisville', 'KY', 'Worldport Annex'],
  ['Minneapolis', 'MN', 'North Star Grain'],
  ['Omaha', 'NE', 'Platte Beef'],
  ['Albuquerque', 'NM', 'Rio Grande Supply'],
  ['El Paso', 'TX', 'Juarez Gateway'],
  ['Birmingham', 'AL', 'Steel City Metals'],
  ['Savannah', 'GA', 'Garden City Port'],
  ['Columbia', 'SC', 'Midlands Packaging'],
  ['Pittsburgh', 'PA', 'Three Rivers Steel'],
] as const

const EQUIPMENT = ['dry_van', 'dry_van', 'dry_van', 'reefer', 'reefer', 'flatbed', 'step_deck', 'power_only']
const COMMODITIES = ['Paper goods', 'Frozen poultry', 'Canned goods', 'Steel coils', 'Lumber', 'Beverages', 'Auto parts', 'Produce']

/** Adds `total` loads to the organizations, in equal parts; answers how many and how long it took. */
export async function seedLoads(prisma: PrismaClient, organizationIds: string[], total: number, log: (line: string) => void = console.info) {
  const started = performance.now()
  const cities = LANES.map((lane) => lane[0])
  const states = LANES.map((lane) => lane[1])
  const facilities = LANES.map((lane) => lane[2])
  let written = 0
  for (const [index, organizationId] of organizationIds.entries()) {
    const count = Math.floor(total / organizationIds.length) + (index < total % organizationIds.length ? 1 : 0)
    if (count === 0) continue
    const brokers = (await prisma.broker.findMany({ where: { organizationId, status: { not: 'on_hold' } }, select: { id: true } })).map((row) => row.id)
    if (brokers.length === 0) throw new Error(`organization ${organizationId} has no broker to book loads from`)
    // Numbers continue the organization's sequence, reserved in one statement.
    const [{ first }] = await prisma.$queryRaw<Array<{ first: number }>>`
      UPDATE "Organization" SET "nextLoadNumber" = "nextLoadNumber" + ${count} WHERE "id" = ${organizationId}
      RETURNING "nextLoadNumber" - ${count} AS "first"`
    const run = randomBytes(4).toString('hex')
    // In slices, so one statement never holds millions of rows' worth of WAL and locks.
    const slice = 100_000
    for (let offset = 0; offset < count; offset += slice) {
      const size = Math.min(slice, count - offset)
      // One statement: the loads, and their two stops from what it inserted.
      await prisma.$executeRaw`
        WITH inserted AS (
          INSERT INTO "Load" ("id", "organizationId", "loadNumber", "brokerId", "brokerReference", "status", "equipmentType", "commodity",
            "weightLb", "linehaulCents", "totalCents", "loadedMiles", "emptyMiles", "pickupAt", "pickupCity", "pickupState",
            "deliveryAt", "deliveryCity", "deliveryState", "customFields", "createdAt", "updatedAt")
          SELECT 'bl' || ${run} || g, ${organizationId}, 'L-' || lpad((${first} + g - 1)::text, 6, '0'),
            (${brokers}::text[])[(1 + (g * 7) % ${brokers.length})::int], 'RC-' || (100000 + (g * 37) % 900000),
            (CASE
              WHEN pickup > now() - interval '2 days' THEN (CASE WHEN g % 9 = 0 THEN 'draft' ELSE 'booked' END)
              WHEN g % 20 = 0 THEN 'canceled'
              WHEN pickup < now() - interval '60 days' THEN 'invoiced'
              ELSE 'delivered' END)::"LoadStatus",
            (${EQUIPMENT}::text[])[(1 + g % ${EQUIPMENT.length})::int]::"TrailerType",
            (${COMMODITIES}::text[])[(1 + (g * 3) % ${COMMODITIES.length})::int],
            (8000 + (g * 131) % 36000)::int, linehaul, linehaul + (CASE WHEN g % 4 = 0 THEN 7500 ELSE 0 END),
            miles, ((g * 17) % 90)::int,
            pickup, (${cities}::text[])[1 + origin], (${states}::text[])[1 + origin],
            pickup + make_interval(hours => 10 + miles / 45), (${cities}::text[])[1 + destination], (${states}::text[])[1 + destination],
            '{}'::jsonb, pickup - interval '5 days', pickup - interval '5 days'
          FROM (
            SELECT g,
              -- Two years back to a month ahead, spread evenly, with the day's hour varying.
              now() - interval '730 days' + ((g::float8 / ${count}) * interval '760 days') + make_interval(hours => ((g * 5) % 12)::int) AS pickup,
              ((g * 7919) % ${LANES.length})::int AS origin,
              ((g * 104729 + 11) % ${LANES.length})::int AS destination,
              (120 + (g * 389) % 1800)::int AS miles,
              (150000 + (g * 7717) % 450000)::int AS linehaul
            FROM generate_series(${offset + 1}::bigint, ${offset + size}::bigint) AS g
          ) AS generated
          RETURNING "id", "pickupAt", "pickupCity", "pickupState", "deliveryAt", "deliveryCity", "deliveryState"
        )
        INSERT INTO "LoadStop" ("id", "loadId", "sequence", "type", "facilityName", "city", "state", "country", "windowStart", "windowEnd")
        SELECT l."id" || 's' || s.sequence, l."id", s.sequence, s.type::"StopType",
          (${facilities}::text[])[array_position(${cities}::text[], CASE WHEN s.sequence = 1 THEN l."pickupCity" ELSE l."deliveryCity" END)],
          CASE WHEN s.sequence = 1 THEN l."pickupCity" ELSE l."deliveryCity" END,
          CASE WHEN s.sequence = 1 THEN l."pickupState" ELSE l."deliveryState" END,
          'US',
          CASE WHEN s.sequence = 1 THEN l."pickupAt" ELSE l."deliveryAt" END,
          CASE WHEN s.sequence = 1 THEN l."pickupAt" ELSE l."deliveryAt" END + interval '2 hours'
        FROM inserted l CROSS JOIN (VALUES (1, 'pickup'), (2, 'delivery')) AS s(sequence, type)`
      written += size
      log(`[seed] loads: ${written.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} (${((performance.now() - started) / 1000).toFixed(1)} s)`)
    }
  }
  await prisma.$executeRaw`ANALYZE "Load"`
  await prisma.$executeRaw`ANALYZE "LoadStop"`
  return { loads: written, seconds: (performance.now() - started) / 1000 }
}
