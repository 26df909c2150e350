/**
 * The bench's drivers' inspection reports (ADR 130), added to the bench user's organization after
 * the seed: 2,000 reports on 100 of its trucks (with a trailer on every other one), filed by its
 * drivers over the last months; one in four with one or two defects, half of those certified.
 * What the inspections list and `GET /api/inspections` read. Rows are marked by `bench-` ids, so a
 * kept database is seeded once.
 */
import { INSPECTION_ITEMS } from '../../app/schemas/inspection-options'
import { insert, seedOnce } from './messages-fixtures'

export const INSPECTIONS = 2_000
const UNITS = 100
type Row = Record<string, unknown>
const pad = (n: number) => String(n).padStart(5, '0')

export function seedInspections(url: string, email: string) {
  return seedOnce(url, 'Inspection', async (client) => {
    const { rows: admins } = await client.query<{ organizationId: string }>(`SELECT "organizationId" FROM "User" WHERE email = $1`, [email])
    if (!admins[0]) throw new Error(`no user ${email} to give inspection reports`)
    const { organizationId } = admins[0]
    const [{ rows: trucks }, { rows: trailers }, { rows: drivers }] = await Promise.all([
      client.query<{ id: string }>(`SELECT id FROM "Truck" WHERE "organizationId" = $1 ORDER BY "unitNumber" LIMIT $2`, [organizationId, UNITS]),
      client.query<{ id: string }>(`SELECT id FROM "Trailer" WHERE "organizationId" = $1 ORDER BY "unitNumber" LIMIT $2`, [organizationId, UNITS]),
      client.query<{ id: string }>(`SELECT id FROM "User" WHERE "organizationId" = $1 AND role = 'driver' ORDER BY email LIMIT $2`, [organizationId, UNITS]),
    ])
    const now = Date.now()
    const reports: Row[] = []
    const defects: Row[] = []
    for (let i = 0; i < INSPECTIONS; i++) {
      const at = new Date(now - (i + 1) * 3_600_000).toISOString()
      reports.push({
        id: `bench-in-${pad(i)}`,
        organizationId,
        truckId: trucks[i % trucks.length].id,
        trailerId: i % 2 === 0 && trailers.length ? trailers[i % trailers.length].id : null,
        driverId: drivers.length ? drivers[i % drivers.length].id : null,
        kind: i % 2 === 0 ? 'pre_trip' : 'post_trip',
        inspectedAt: at,
        odometer: 100_000 + i * 50,
        remarks: i % 5 === 0 ? 'Checked at the yard' : null,
        createdAt: at,
      })
      if (i % 4 !== 0) continue
      for (let d = 0; d < 1 + (i % 8 === 0 ? 1 : 0); d++)
        defects.push({
          id: `bench-id-${pad(i)}-${d}`,
          inspectionId: `bench-in-${pad(i)}`,
          item: INSPECTION_ITEMS[(i + d) % INSPECTION_ITEMS.length],
          note: 'Worn, to be looked at',
          outOfService: i % 16 === 0,
          certifiedAt: i % 12 === 0 ? at : null,
          repaired: i % 12 === 0 ? true : null,
        })
    }
    await insert(
      client,
      'Inspection',
      {
        id: 'text',
        organizationId: 'text',
        truckId: 'text',
        trailerId: 'text',
        driverId: 'text',
        kind: '"InspectionKind"',
        inspectedAt: 'timestamptz',
        odometer: 'int',
        remarks: 'text',
        createdAt: 'timestamptz',
      },
      reports,
    )
    await insert(
      client,
      'InspectionDefect',
      { id: 'text', inspectionId: 'text', item: '"InspectionItem"', note: 'text', outOfService: 'boolean', certifiedAt: 'timestamptz', repaired: 'boolean' },
      defects,
    )
  })
}
