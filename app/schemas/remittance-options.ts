/** The payment page's field limits (zod-free: the page's fields carry them in the browser). */
export const REMITTANCE_REFERENCE_MAX = 100
export const REMITTANCE_PAYER_MAX = 120
