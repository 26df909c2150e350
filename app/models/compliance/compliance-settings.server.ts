/**
 * What the organization asks of its drivers' qualification files (ADR 139): the kinds it requires
 * (the compliance dashboard and dispatch read them) and how many days before an item expires its
 * reminder goes to the admins. No row: the defaults (nothing required, 30 days). Admins change them
 * at the version read (409 otherwise), on /dashboard/compliance/settings and
 * `PUT /api/compliance/settings`.
 */
import type { Actor } from '~/models/audit/audit.server'
import { recordAudit } from '~/models/audit/audit.server'
import { assertActorMay } from '~/models/records/records.server'
import type { ComplianceSettingsInput, ComplianceSettingsRecord } from '~/schemas/qualification'
import type { QualificationKind } from '~/schemas/qualification-options'
import { prisma, type Tx } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'

/** The settings of an organization that never saved any (the table's defaults). */
export const DEFAULT_COMPLIANCE_SETTINGS = { requiredKinds: [] as QualificationKind[], reminderDays: 30, version: 0 }

/** The organization's settings, or the defaults (version 0: nothing saved yet). */
export async function getComplianceSettings(organizationId: string, db: Tx | typeof prisma = prisma): Promise<ComplianceSettingsRecord> {
  const row = await db.complianceSettings.findUnique({ where: { organizationId }, select: { requiredKinds: true, reminderDays: true, version: true } })
  return row ?? { ...DEFAULT_COMPLIANCE_SETTINGS, requiredKinds: [] }
}

/**
 * Saves the settings if they are still at `version` (0: none saved yet); else 409 and nothing
 * written. Admins only (they change the organization).
 */
export async function updateComplianceSettings(actor: Actor, input: ComplianceSettingsInput) {
  assertActorMay(actor, 'update', 'organization')
  const { organizationId } = actor
  return prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT "id" FROM "Organization" WHERE "id" = ${organizationId} FOR UPDATE`
    const before = await getComplianceSettings(organizationId, tx)
    if (before.version !== input.version) throw new DomainError('conflict', 'errors.conflict')
    const data = { requiredKinds: input.requiredKinds, reminderDays: input.reminderDays }
    const saved = await tx.complianceSettings.upsert({
      where: { organizationId },
      create: { organizationId, ...data },
      update: { ...data, version: { increment: 1 } },
      select: { requiredKinds: true, reminderDays: true, version: true },
    })
    await recordAudit(tx, actor, {
      entity: 'complianceSettings',
      entityId: organizationId,
      action: 'update',
      before: { requiredKinds: before.requiredKinds, reminderDays: before.reminderDays },
      after: data,
    })
    return saved
  })
}
