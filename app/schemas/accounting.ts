/**
 * The accounting export's schemas (ADR 145): the settings form and `PUT
 * /api/accounting/settings`, the export form and `POST /api/accounting/exports`, and the API's
 * answers. Messages are i18n keys.
 */
import { z } from 'zod'

import {
  ACCOUNTING_EXPORT_STATUSES,
  ACCOUNTING_FORMATS,
  ACCOUNTING_KINDS,
  ACCOUNTING_NAME_FIELDS,
  ACCOUNTING_PARTY_NAMINGS,
  type AccountingNameField,
} from './accounting-options'
import { day, instant } from './api-record'
import { dateOnly, requiredText } from './fields'
import { VersionSchema } from './version'

/** QuickBooks' standard chart of accounts and product names: what an organization without settings exports with. */
export const DEFAULT_ACCOUNTING_NAMES: Record<AccountingNameField, string> = {
  receivableAccount: 'Accounts Receivable',
  bankAccount: 'Checking',
  discountAccount: 'Discounts Given',
  salesTaxAccount: 'Sales Tax Payable',
  linehaulAccount: 'Freight Income',
  linehaulItem: 'Linehaul',
  fuelSurchargeAccount: 'Fuel Surcharge Income',
  fuelSurchargeItem: 'Fuel Surcharge',
  detentionAccount: 'Accessorial Income',
  detentionItem: 'Detention',
  layoverAccount: 'Accessorial Income',
  layoverItem: 'Layover',
  lumperAccount: 'Accessorial Income',
  lumperItem: 'Lumper',
  tonuAccount: 'Accessorial Income',
  tonuItem: 'Truck Order Not Used',
  stopOffAccount: 'Accessorial Income',
  stopOffItem: 'Stop Off',
  otherChargeAccount: 'Accessorial Income',
  otherChargeItem: 'Other Charges',
  payableAccount: 'Accounts Payable',
  driverPayAccount: 'Contract Labor',
  driverDeductionAccount: 'Driver Deductions',
  driverAdvanceAccount: 'Driver Advances',
  fuelAccount: 'Fuel',
  fuelPaymentAccount: 'Checking',
  repairsPartsAccount: 'Repairs and Maintenance',
  repairsLaborAccount: 'Repairs and Maintenance',
  repairsPaymentAccount: 'Checking',
  factoringFeesAccount: 'Factoring Fees',
  factoringReserveAccount: 'Factoring Reserve',
  factorClearingAccount: 'Factor Clearing',
  reserveClearingAccount: 'Factoring Journal Clearing',
}

/** An account or item name: QuickBooks Desktop takes at most 159 characters with its parents (`Income:Freight`). */
export const ACCOUNTING_NAME_MAX = 159

const names = Object.fromEntries(ACCOUNTING_NAME_FIELDS.map((field) => [field, requiredText(ACCOUNTING_NAME_MAX)])) as Record<
  AccountingNameField,
  ReturnType<typeof requiredText>
>

/** The settings form and `PUT /api/accounting/settings`: every name, the naming rule and the version read. */
export const AccountingSettingsSchema = z.object({
  customerNaming: z.enum(ACCOUNTING_PARTY_NAMINGS, { error: 'validation.choice' }),
  ...names,
  // Added after the API's first clients: a body without it keeps the current value (ADR 151).
  reserveClearingAccount: requiredText(ACCOUNTING_NAME_MAX).optional(),
  version: VersionSchema,
})
export type AccountingSettingsInput = z.infer<typeof AccountingSettingsSchema>

/** The longest range one export takes: a year (366 days, from and to included). */
export const ACCOUNTING_MAX_RANGE_DAYS = 366

const DAY_MS = 86_400_000

/** A form's checkbox (`on`) or the API's boolean. */
const flag = z.preprocess((value) => value === 'on' || value === 'true' || value === true, z.boolean())

/** The export form and `POST /api/accounting/exports`. */
export const AccountingExportSchema = z
  .object({
    from: dateOnly(),
    to: dateOnly(),
    format: z.enum(ACCOUNTING_FORMATS, { error: 'validation.choice' }),
    kinds: z
      .preprocess(
        (value) => (typeof value === 'string' ? [value] : value),
        z.array(z.enum(ACCOUNTING_KINDS, { error: 'validation.choice' }), { error: 'accounting.errors.kindsRequired' }),
      )
      .refine((kinds) => kinds.length > 0, 'accounting.errors.kindsRequired')
      .transform((kinds) => ACCOUNTING_KINDS.filter((kind) => kinds.includes(kind))),
    includeExported: flag.optional().default(false),
  })
  .superRefine((value, ctx) => {
    if (value.to < value.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'accounting.errors.toBeforeFrom' })
    else if ((Date.parse(value.to) - Date.parse(value.from)) / DAY_MS >= ACCOUNTING_MAX_RANGE_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'accounting.errors.rangeTooLong' })
  })
export type AccountingExportInput = z.infer<typeof AccountingExportSchema>

// ---- The API's answers (ADR 112) ----

export const AccountingSettingsRecordSchema = z.object({
  customerNaming: z.enum(ACCOUNTING_PARTY_NAMINGS),
  ...(Object.fromEntries(ACCOUNTING_NAME_FIELDS.map((field) => [field, z.string()])) as Record<AccountingNameField, z.ZodString>),
  /** 0 while the organization keeps the defaults (no row yet). */
  version: z.number().int(),
  updatedAt: instant().nullable(),
})
export type AccountingSettingsRecord = z.infer<typeof AccountingSettingsRecordSchema>

export const AccountingExportRecordSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  format: z.enum(ACCOUNTING_FORMATS),
  from: day(),
  to: day(),
  kinds: z.array(z.enum(ACCOUNTING_KINDS)),
  includeExported: z.boolean(),
  recordCount: z.number().int(),
  processedCount: z.number().int(),
  status: z.enum(ACCOUNTING_EXPORT_STATUSES),
  error: z.string().nullable(),
  fileName: z.string(),
  sizeBytes: z.number().int().nullable(),
  /** The file's download (`GET /api/accounting/exports/{id}/file`); 409 until `status` is ready. */
  url: z.string(),
  createdAt: instant(),
  finishedAt: instant().nullable(),
})
export type AccountingExportRecord = z.infer<typeof AccountingExportRecordSchema>

/** `GET /api/accounting/exports?page=&pageSize=`. */
export const AccountingExportListQuerySchema = z.object({
  page: z.coerce.number({ error: 'validation.number' }).int('validation.integer').min(1, 'validation.tooSmall').max(100_000, 'validation.tooLarge').default(1),
  pageSize: z.coerce.number({ error: 'validation.number' }).int('validation.integer').min(1, 'validation.tooSmall').max(100, 'validation.tooLarge').default(25),
})
