/**
 * The bench's driver qualification files (ADR 140), added to the bench user's organization: 500
 * active drivers with eight kinds of accepted items each (4,000 items) spread over every status
 * (ok, expiring, expired, and some kinds missing for some drivers, a few items pending review),
 * and the organization requiring the MVR and the medical certificate. What the compliance
 * dashboard reads. Rows are marked by `bench-` ids, so a kept database is seeded once.
 */
import { insert, seedOnce } from './messages-fixtures'

export const COMPLIANCE_DRIVERS = 500
export const COMPLIANCE_KINDS = [
  'application',
  'mvr',
  'road_test',
  'medical_certificate',
  'clearinghouse_query',
  'drug_test',
  'annual_review',
  'license',
] as const
type Row = Record<string, unknown>
const pad = (n: number) => String(n).padStart(4, '0')
const dayFrom = (now: number, days: number) => new Date(now + days * 86_400_000).toISOString().slice(0, 10)

export function seedCompliance(url: string, email: string) {
  return seedOnce(url, 'DriverQualification', async (client) => {
    const { rows: admins } = await client.query<{ organizationId: string; passwordHash: string }>(
      `SELECT "organizationId", "passwordHash" FROM "User" WHERE email = $1`,
      [email],
    )
    if (!admins[0]) throw new Error(`no user ${email} to give drivers`)
    const { organizationId, passwordHash } = admins[0]
    const now = Date.now()
    const drivers: Row[] = []
    const items: Row[] = []
    for (let d = 0; d < COMPLIANCE_DRIVERS; d++) {
      const driverId = `bench-drv-${pad(d)}`
      drivers.push({
        id: driverId,
        organizationId,
        email: `bench.driver.${pad(d)}@freightdesk.test`,
        passwordHash,
        firstName: `Driver${pad(d)}`,
        lastName: `Bench${pad(COMPLIANCE_DRIVERS - d)}`,
        role: 'driver',
        status: 'active',
        updatedAt: new Date(now).toISOString(),
      })
      COMPLIANCE_KINDS.forEach((kind, k) => {
        // Every eleventh driver lacks one kind; the others' items fall on every status.
        if ((d + k) % 11 === 0) return
        const shift = ((d * 7 + k * 13) % 500) - 150
        const yearly = kind === 'mvr' || kind === 'clearinghouse_query' || kind === 'annual_review'
        const dated = kind === 'medical_certificate' || kind === 'license'
        items.push({
          id: `bench-dq-${pad(d)}-${k}`,
          organizationId,
          driverId,
          kind,
          completedAt: yearly ? dayFrom(now, shift - 365) : dayFrom(now, -400 - k),
          expiresAt: dated ? dayFrom(now, shift) : null,
          review: (d + k) % 37 === 0 ? 'pending' : 'accepted',
          updatedAt: new Date(now).toISOString(),
        })
      })
    }
    await insert(
      client,
      'User',
      {
        id: 'text',
        organizationId: 'text',
        email: 'citext',
        passwordHash: 'text',
        firstName: 'text',
        lastName: 'text',
        role: '"Role"',
        status: '"UserStatus"',
        updatedAt: 'timestamptz',
      },
      drivers,
    )
    await insert(
      client,
      'DriverQualification',
      {
        id: 'text',
        organizationId: 'text',
        driverId: 'text',
        kind: '"QualificationKind"',
        completedAt: 'date',
        expiresAt: 'date',
        review: '"QualificationReview"',
        updatedAt: 'timestamptz',
      },
      items,
    )
    await client.query(
      `INSERT INTO "ComplianceSettings" ("organizationId", "requiredKinds", "updatedAt") VALUES ($1, ARRAY['mvr', 'medical_certificate']::"QualificationKind"[], now())
       ON CONFLICT ("organizationId") DO NOTHING`,
      [organizationId],
    )
  })
}
