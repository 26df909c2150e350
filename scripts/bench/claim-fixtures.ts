/**
 * The bench's claims (ADR 142), added to the bench user's organization after the seed: 1,000 claims
 * on 500 of its loads, each by the load's broker (one in ten by a company of the organization),
 * received one a day back from today; the four kinds and five statuses, an amount paid on the
 * settled and closed ones. Numbered CL-… from the organization's counter (`nextClaimNumber`),
 * moved past them. What the claims list page reads. Rows are marked by `bench-` ids, so a kept
 * database is seeded once.
 */
import { CLAIM_KINDS, CLAIM_STATUSES, formatClaimNumber } from '../../app/schemas/claim-options'
import { insert, seedOnce } from './messages-fixtures'

export const CLAIMS = 1_000
const LOADS = 500
const pad = (n: number) => String(n).padStart(5, '0')

export function seedClaims(url: string, email: string) {
  return seedOnce(url, 'Claim', async (client) => {
    const { rows: admins } = await client.query<{ organizationId: string }>(`SELECT "organizationId" FROM "User" WHERE email = $1`, [email])
    if (!admins[0]) throw new Error(`no user ${email} to give claims`)
    const { organizationId } = admins[0]
    const { rows: loads } = await client.query<{ id: string; brokerId: string | null }>(
      `SELECT id, "brokerId" FROM "Load" WHERE "organizationId" = $1 AND "brokerId" IS NOT NULL ORDER BY "loadNumber" LIMIT $2`,
      [organizationId, LOADS],
    )
    const { rows: companies } = await client.query<{ id: string }>(`SELECT id FROM "Company" WHERE "organizationId" = $1 ORDER BY name LIMIT 10`, [
      organizationId,
    ])
    if (!loads.length) throw new Error('the bench organization has no loads for its claims')
    const { rows: counter } = await client.query<{ first: number }>(
      `UPDATE "Organization" SET "nextClaimNumber" = "nextClaimNumber" + $2 WHERE id = $1 RETURNING "nextClaimNumber" - $2 AS first`,
      [organizationId, CLAIMS],
    )
    const first = counter[0].first
    const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate())
    const claims: Array<Record<string, unknown>> = []
    for (let i = 0; i < CLAIMS; i++) {
      const load = loads[i % loads.length]
      const byCompany = i % 10 === 9 && companies.length > 0
      const status = CLAIM_STATUSES[i % CLAIM_STATUSES.length]
      const claimed = 25_000 + ((i * 7_919) % 500_000)
      const createdAt = new Date(today - i * 86_400_000 + 3_600_000).toISOString()
      claims.push({
        id: `bench-cl-${pad(i)}`,
        organizationId,
        number: formatClaimNumber(first + CLAIMS - 1 - i),
        loadId: load.id,
        kind: CLAIM_KINDS[i % CLAIM_KINDS.length],
        status,
        claimantBrokerId: byCompany ? null : load.brokerId,
        claimantCompanyId: byCompany ? companies[i % companies.length].id : null,
        // Distinct days, so app and baseline cannot order ties differently.
        filedOn: new Date(today - i * 86_400_000).toISOString().slice(0, 10),
        amountClaimedCents: claimed,
        amountPaidCents: status === 'settled' || status === 'closed' ? Math.floor(claimed / 2) : null,
        insurer: i % 3 === 0 ? 'Great West Casualty' : null,
        insurerClaimNumber: i % 3 === 0 ? `GW-${pad(i)}` : null,
        createdAt,
        updatedAt: createdAt,
      })
    }
    await insert(
      client,
      'Claim',
      {
        id: 'text',
        organizationId: 'text',
        number: 'text',
        loadId: 'text',
        kind: '"ClaimKind"',
        status: '"ClaimStatus"',
        claimantBrokerId: 'text',
        claimantCompanyId: 'text',
        filedOn: 'date',
        amountClaimedCents: 'int',
        amountPaidCents: 'int',
        insurer: 'text',
        insurerClaimNumber: 'text',
        createdAt: 'timestamptz',
        updatedAt: 'timestamptz',
      },
      claims,
    )
  })
}
