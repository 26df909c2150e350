/** Accounting export's words, shared by its pages, schemas, API and models. No zod here. */

/** The files an export writes: QuickBooks Desktop IIF, QuickBooks Online's CSV imports, Xero's CSV imports. */
export const ACCOUNTING_FORMATS = ['qbd_iif', 'qbo_csv', 'xero_csv'] as const
export type AccountingFormat = (typeof ACCOUNTING_FORMATS)[number]

/** The record kinds an export may take, as the API names them. */
export const ACCOUNTING_KINDS = ['invoices', 'payments', 'settlements', 'fuel', 'work_orders', 'factoring'] as const
export type AccountingKind = (typeof ACCOUNTING_KINDS)[number]

/** How brokers are named in the books: their name, or their MC number (the name when they have none). */
export const ACCOUNTING_PARTY_NAMINGS = ['name', 'mc_number'] as const
export type AccountingPartyNaming = (typeof ACCOUNTING_PARTY_NAMINGS)[number]

/**
 * The names each record maps to, grouped as the settings page shows them. Item fields are the
 * QuickBooks product/service (or Xero item code) of an invoice line.
 */
export const ACCOUNTING_NAME_GROUPS = {
  receivables: ['receivableAccount', 'bankAccount', 'discountAccount', 'salesTaxAccount'],
  income: [
    'linehaulAccount',
    'linehaulItem',
    'fuelSurchargeAccount',
    'fuelSurchargeItem',
    'detentionAccount',
    'detentionItem',
    'layoverAccount',
    'layoverItem',
    'lumperAccount',
    'lumperItem',
    'tonuAccount',
    'tonuItem',
    'stopOffAccount',
    'stopOffItem',
    'otherChargeAccount',
    'otherChargeItem',
  ],
  driverPay: ['payableAccount', 'driverPayAccount', 'driverDeductionAccount', 'driverAdvanceAccount'],
  expenses: ['fuelAccount', 'fuelPaymentAccount', 'repairsPartsAccount', 'repairsLaborAccount', 'repairsPaymentAccount'],
  factoring: ['factoringFeesAccount', 'factoringReserveAccount', 'factorClearingAccount', 'reserveClearingAccount'],
} as const
export type AccountingNameField = (typeof ACCOUNTING_NAME_GROUPS)[keyof typeof ACCOUNTING_NAME_GROUPS][number]
export const ACCOUNTING_NAME_FIELDS = Object.values(ACCOUNTING_NAME_GROUPS).flat() as AccountingNameField[]

/** A batch's file: waiting for the job queue, being written, ready to download, or failed. */
export const ACCOUNTING_EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed'] as const
export type AccountingExportStatus = (typeof ACCOUNTING_EXPORT_STATUSES)[number]
