/** How long a shipment's tracking link works, in days (ADR 063). Zod-free: the load page's form reads them in the browser. */
export const TRACKING_LINK_DEFAULT_DAYS = 14
export const TRACKING_LINK_MAX_DAYS = 90
