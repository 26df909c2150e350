/**
 * The bench's fuel tax records (ADR 122), added to the bench user's organization after the seed:
 * for 100 of its trucks, 2,000 fuel purchases and 5,000 trips (two or three jurisdictions each) in
 * 2026-Q3, each unit's trips one continuous odometer log, and the quarter's diesel rates and
 * interest rate. What the
 * fuel purchase list and `GET /api/ifta/returns/2026-Q3` read. Rows are marked by `bench-` ids, so
 * a kept database is seeded once.
 */
import { IFTA_MEMBERS } from '../../app/schemas/ifta-options'
import { insert, seedOnce } from './messages-fixtures'

export const FUEL_UNITS = 100
export const FUEL_PURCHASES = 2_000
export const FUEL_TRIPS = 5_000
type Row = Record<string, unknown>
const pad = (n: number) => String(n).padStart(5, '0')
const ROUTE = ['TX', 'OK', 'KS', 'MO', 'IL', 'IN', 'OH', 'PA', 'NM', 'AZ', 'CA', 'AR', 'TN', 'MX']

export async function seedFuel(url: string, email: string) {
  // The quarter's interest rate: the return is late by now, and without one it would warn.
  await seedOnce(url, 'IftaQuarter', async (client) => {
    const { rows } = await client.query<{ organizationId: string }>(`SELECT "organizationId" FROM "User" WHERE email = $1`, [email])
    await client.query(
      `INSERT INTO "IftaQuarter" (id, "organizationId", quarter, "interestPerMonthPpm", "updatedAt") VALUES ('bench-iq-2026-Q3', $1, '2026-Q3', 4167, now())`,
      [rows[0].organizationId],
    )
  })
  return seedOnce(url, 'FuelPurchase', async (client) => {
    const { rows: admins } = await client.query<{ organizationId: string }>(`SELECT "organizationId" FROM "User" WHERE email = $1`, [email])
    if (!admins[0]) throw new Error(`no user ${email} to give fuel records`)
    const { organizationId } = admins[0]
    const { rows: trucks } = await client.query<{ id: string }>(`SELECT id FROM "Truck" WHERE "organizationId" = $1 ORDER BY "unitNumber" LIMIT $2`, [
      organizationId,
      FUEL_UNITS,
    ])
    const now = new Date().toISOString()
    const day = (n: number) => `2026-${String(7 + Math.floor((n % 92) / 31)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`
    const purchases: Row[] = []
    for (let i = 0; i < FUEL_PURCHASES; i++) {
      const gallonsMilli = 40_000 + ((i * 7_919) % 160_000)
      purchases.push({
        id: `bench-fp-${pad(i)}`,
        organizationId,
        truckId: trucks[i % trucks.length].id,
        purchasedAt: day(i),
        jurisdiction: ROUTE[i % (ROUTE.length - 1)],
        fuelType: 'diesel',
        gallonsMilli,
        totalCents: Math.round(gallonsMilli * 0.39),
        vendor: `Truck stop ${i % 40}`,
        city: 'Springfield',
        taxPaid: i % 17 !== 0,
        reference: `R-${pad(i)}`,
        createdAt: now,
        updatedAt: now,
      })
    }
    const trips: Row[] = []
    const lines: Row[] = []
    const odometer = new Map<string, number>()
    for (let i = 0; i < FUEL_TRIPS; i++) {
      const truckId = trucks[i % trucks.length].id
      const start = odometer.get(truckId) ?? 100_000 + (i % trucks.length) * 1_000
      const parts = [300 + (i % 200), 150 + (i % 120), ...(i % 3 === 0 ? [90 + (i % 50)] : [])]
      const miles = parts.reduce((sum, value) => sum + value, 0)
      odometer.set(truckId, start + miles)
      const n = Math.floor(i / trucks.length)
      trips.push({
        id: `bench-tr-${pad(i)}`,
        organizationId,
        truckId,
        startedAt: day(n),
        endedAt: day(n),
        startOdometer: start,
        endOdometer: start + miles,
        createdAt: now,
        updatedAt: now,
      })
      parts.forEach((value, k) =>
        lines.push({
          id: `bench-tj-${pad(i)}-${k}`,
          tripId: `bench-tr-${pad(i)}`,
          jurisdiction: ROUTE[(i + k * 3) % ROUTE.length],
          miles: value,
          taxableMiles: value,
        }),
      )
    }
    await insert(
      client,
      'FuelPurchase',
      {
        id: 'text',
        organizationId: 'text',
        truckId: 'text',
        purchasedAt: 'date',
        jurisdiction: 'text',
        fuelType: '"FuelType"',
        gallonsMilli: 'int',
        totalCents: 'int',
        vendor: 'text',
        city: 'text',
        taxPaid: 'boolean',
        reference: 'text',
        createdAt: 'timestamptz',
        updatedAt: 'timestamptz',
      },
      purchases,
    )
    await insert(
      client,
      'Trip',
      {
        id: 'text',
        organizationId: 'text',
        truckId: 'text',
        startedAt: 'date',
        endedAt: 'date',
        startOdometer: 'int',
        endOdometer: 'int',
        createdAt: 'timestamptz',
        updatedAt: 'timestamptz',
      },
      trips,
    )
    await insert(client, 'TripJurisdiction', { id: 'text', tripId: 'text', jurisdiction: 'text', miles: 'int', taxableMiles: 'int' }, lines)
    const rates = IFTA_MEMBERS.map((jurisdiction, index) => ({
      id: `bench-ir-${jurisdiction}`,
      organizationId,
      quarter: '2026-Q3',
      jurisdiction,
      fuelType: 'diesel',
      rateTenThousandths: 1_500 + index * 37,
      updatedAt: now,
    }))
    await insert(
      client,
      'IftaRate',
      {
        id: 'text',
        organizationId: 'text',
        quarter: 'text',
        jurisdiction: 'text',
        fuelType: '"FuelType"',
        rateTenThousandths: 'int',
        updatedAt: 'timestamptz',
      },
      rates,
    )
  })
}
