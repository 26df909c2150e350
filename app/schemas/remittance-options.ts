/** A remittance advice's states (what the office may do with one is app/policies/remittance.ts). */
export const REMITTANCE_STATUSES = ['pending', 'confirmed', 'dismissed'] as const
export type RemittanceStatus = (typeof REMITTANCE_STATUSES)[number]

/** The payment page's field limits (zod-free: the page's fields carry them in the browser). */
export const REMITTANCE_REFERENCE_MAX = 100
export const REMITTANCE_PAYER_MAX = 120
