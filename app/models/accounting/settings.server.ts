/**
 * The accounting export's settings (ADR 145): the account and item names each record maps to and
 * how customers are named. One row per organization, made by the first save; until then the
 * defaults (QuickBooks' standard chart of accounts) with version 0.
 */
import type { AccountingSettings } from '~/generated/prisma/client'
import { type Actor, recordAudit } from '~/models/audit/audit.server'
import { assertActorMay, assertOneRow } from '~/models/records/records.server'
import { type AccountingSettingsInput, type AccountingSettingsRecord, DEFAULT_ACCOUNTING_NAMES } from '~/schemas/accounting'
import { ACCOUNTING_NAME_FIELDS, type AccountingNameField, type AccountingPartyNaming } from '~/schemas/accounting-options'
import { prisma, type Tx } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'

export type AccountingNames = Record<AccountingNameField, string> & { customerNaming: AccountingPartyNaming }

/** The organization's settings, or the defaults (version 0, never saved). */
export async function getAccountingSettings(organizationId: string, db: Tx | typeof prisma = prisma): Promise<AccountingSettingsRecord> {
  const row = await db.accountingSettings.findUnique({ where: { organizationId } })
  return row ? serializeAccountingSettings(row) : { customerNaming: 'name', ...DEFAULT_ACCOUNTING_NAMES, version: 0, updatedAt: null }
}

export function serializeAccountingSettings(row: AccountingSettings): AccountingSettingsRecord {
  const names = Object.fromEntries(ACCOUNTING_NAME_FIELDS.map((field) => [field, row[field]])) as Record<AccountingNameField, string>
  return { customerNaming: row.customerNaming, ...names, version: row.version, updatedAt: row.updatedAt.toISOString() }
}

/**
 * Saves every name. `version` is the one read: 0 makes the row (a second first save at once is a
 * conflict: the primary key refuses it), n updates it only while it is still n (else 409).
 */
export async function updateAccountingSettings(actor: Actor, input: AccountingSettingsInput): Promise<AccountingSettingsRecord> {
  assertActorMay(actor, 'update', 'accounting')
  const { version, ...given } = input
  const organizationId = actor.organizationId
  return prisma.$transaction(async (tx) => {
    const before = await getAccountingSettings(organizationId, tx)
    if (before.version !== version) throw new DomainError('conflict', 'errors.conflict')
    // A name the client did not send (added after it was written) keeps its current value.
    const values = { ...given, reserveClearingAccount: given.reserveClearingAccount ?? before.reserveClearingAccount }
    if (version === 0) {
      const made = await tx.$queryRaw<Array<{ organizationId: string }>>`
        INSERT INTO "AccountingSettings" ("organizationId", "updatedAt", "customerNaming", "receivableAccount", "bankAccount", "discountAccount", "salesTaxAccount",
          "linehaulAccount", "linehaulItem", "fuelSurchargeAccount", "fuelSurchargeItem", "detentionAccount", "detentionItem", "layoverAccount", "layoverItem",
          "lumperAccount", "lumperItem", "tonuAccount", "tonuItem", "stopOffAccount", "stopOffItem", "otherChargeAccount", "otherChargeItem", "payableAccount",
          "driverPayAccount", "driverDeductionAccount", "driverAdvanceAccount", "fuelAccount", "fuelPaymentAccount", "repairsPartsAccount", "repairsLaborAccount",
          "repairsPaymentAccount", "factoringFeesAccount", "factoringReserveAccount", "factorClearingAccount", "reserveClearingAccount")
        VALUES (${organizationId}, now(), ${values.customerNaming}::"AccountingPartyNaming", ${values.receivableAccount}, ${values.bankAccount}, ${values.discountAccount},
          ${values.salesTaxAccount}, ${values.linehaulAccount}, ${values.linehaulItem}, ${values.fuelSurchargeAccount}, ${values.fuelSurchargeItem},
          ${values.detentionAccount}, ${values.detentionItem}, ${values.layoverAccount}, ${values.layoverItem}, ${values.lumperAccount}, ${values.lumperItem},
          ${values.tonuAccount}, ${values.tonuItem}, ${values.stopOffAccount}, ${values.stopOffItem}, ${values.otherChargeAccount}, ${values.otherChargeItem},
          ${values.payableAccount}, ${values.driverPayAccount}, ${values.driverDeductionAccount}, ${values.driverAdvanceAccount}, ${values.fuelAccount},
          ${values.fuelPaymentAccount}, ${values.repairsPartsAccount}, ${values.repairsLaborAccount}, ${values.repairsPaymentAccount}, ${values.factoringFeesAccount},
          ${values.factoringReserveAccount}, ${values.factorClearingAccount}, ${values.reserveClearingAccount})
        ON CONFLICT ("organizationId") DO NOTHING RETURNING "organizationId"`
      if (made.length !== 1) throw new DomainError('conflict', 'errors.conflict')
    } else {
      assertOneRow(await tx.accountingSettings.updateMany({ where: { organizationId, version }, data: { ...values, version: { increment: 1 } } }))
    }
    const after = await getAccountingSettings(organizationId, tx)
    const { version: _v, updatedAt: _u, ...afterValues } = after
    const { version: _bv, updatedAt: _bu, ...beforeValues } = before
    await recordAudit(tx, actor, {
      entity: 'AccountingSettings',
      entityId: organizationId,
      action: version === 0 ? 'create' : 'update',
      before: beforeValues,
      after: afterValues,
    })
    return after
  })
}

/** The names an export writes with: the settings as they are when its file is written. */
export async function accountingNames(organizationId: string): Promise<AccountingNames> {
  const { version: _v, updatedAt: _u, ...names } = await getAccountingSettings(organizationId)
  return names
}
