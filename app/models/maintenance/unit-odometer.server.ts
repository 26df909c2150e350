/**
 * A unit's latest known odometer (the contract's "a unit's odometer is the latest reading from
 * inspections, fuel purchases, trips and work orders"): the highest of its drivers' readings on the
 * road, its receipts' odometers, its trips' ends, its inspection reports and its work orders (ADR
 * 130, ADR 132).
 */
import { prisma, type Tx } from '~/utils/db.server'

/** The highest odometer any record of the truck states, or null when none states one. */
export async function latestOdometer(tx: Tx, truckId: string): Promise<number | null> {
  return (await latestOdometers(tx, [truckId])).get(truckId) ?? null
}

/** The same for many trucks in one statement (a list of schedules): trucks without a reading are left out. */
export async function latestOdometers(tx: Tx, truckIds: readonly string[]): Promise<Map<string, number>> {
  const ids = [...new Set(truckIds)]
  if (!ids.length) return new Map()
  const rows = await tx.$queryRaw<Array<{ id: string; latest: number | null }>>`
    SELECT t."id", GREATEST(
      (SELECT max("odometer") FROM "OdometerReading" WHERE "truckId" = t."id"),
      (SELECT max("odometer") FROM "FuelPurchase" WHERE "truckId" = t."id"),
      (SELECT max("endOdometer") FROM "Trip" WHERE "truckId" = t."id"),
      (SELECT max("odometer") FROM "Inspection" WHERE "truckId" = t."id"),
      (SELECT max("odometer") FROM "WorkOrder" WHERE "truckId" = t."id")
    )::int AS "latest"
    FROM unnest(${ids}::text[]) AS t("id")`
  return new Map(rows.flatMap((row) => (row.latest === null ? [] : [[row.id, row.latest] as const])))
}

/** The truck's latest odometer outside a write (a form's default). */
export function currentOdometer(truckId: string) {
  return latestOdometer(prisma, truckId)
}
