/**
 * A unit's latest known odometer (the contract's "a unit's odometer is the latest reading from
 * inspections, fuel purchases, trips and work orders"): the highest of its drivers' readings on the
 * road, its receipts' odometers, its trips' ends and its inspection reports. Work orders add theirs
 * when they exist (ADR 130).
 */
import type { Tx } from '~/utils/db.server'

/** The highest odometer any record of the truck states, or null when none states one. */
export async function latestOdometer(tx: Tx, truckId: string): Promise<number | null> {
  const [row] = await tx.$queryRaw<Array<{ latest: number | null }>>`
    SELECT GREATEST(
      (SELECT max("odometer") FROM "OdometerReading" WHERE "truckId" = ${truckId}),
      (SELECT max("odometer") FROM "FuelPurchase" WHERE "truckId" = ${truckId}),
      (SELECT max("endOdometer") FROM "Trip" WHERE "truckId" = ${truckId}),
      (SELECT max("odometer") FROM "Inspection" WHERE "truckId" = ${truckId})
    )::int AS "latest"`
  return row?.latest ?? null
}
