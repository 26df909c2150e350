/** Accounting export's words, shared by its pages, schemas, API and models. No zod here. */

/** The files an export writes: QuickBooks Desktop IIF, QuickBooks Online's CSV imports, Xero's CSV imports. */
export const ACCOUNTING_FORMATS = ['qbd_iif', 'qbo_csv', 'xero_csv'] as const
export type AccountingFormat = (typeof ACCOUNTING_FORMATS)[number]

/** The record kinds an export may take, as the API names them. */
export const ACCOUNTING_KINDS = ['invoices', 'payments', 'settlements', 'fuel', 'work_orders', 'factoring'] as const
export type AccountingKind = (typeof ACCOUNTING_KINDS)[number]
