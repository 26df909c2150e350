/**
 * A unit's latest known odometer (the contract's "a unit's odometer is the latest reading from
 * inspections, fuel purchases, trips and work orders"): the highest of its drivers' readings on the
 * road, its receipts' odometers, its trips' ends, its inspection reports and its work orders (ADR
 * 130, ADR 132).
 */
import { prisma, type Tx } from '~/utils/db.server'

/** The highest odometer any record of the truck states, or null when none states one. */
export async function latestOdometer(tx: Tx, truckId: string): Promise<number | null> {
  const [row] = await tx.$queryRaw<Array<{ latest: number | null }>>`
    SELECT GREATEST(
      (SELECT max("odometer") FROM "OdometerReading" WHERE "truckId" = ${truckId}),
      (SELECT max("odometer") FROM "FuelPurchase" WHERE "truckId" = ${truckId}),
      (SELECT max("endOdometer") FROM "Trip" WHERE "truckId" = ${truckId}),
      (SELECT max("odometer") FROM "Inspection" WHERE "truckId" = ${truckId}),
      (SELECT max("odometer") FROM "WorkOrder" WHERE "truckId" = ${truckId})
    )::int AS "latest"`
  return row?.latest ?? null
}

/** The truck's latest odometer outside a write (a form's default). */
export function currentOdometer(truckId: string) {
  return latestOdometer(prisma, truckId)
}
