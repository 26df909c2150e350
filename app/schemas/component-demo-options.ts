/** The components page's choices (zod-free: the page draws them in the browser). */

/** The tones a toast takes (app/utils/toast.server.ts). */
export const TOAST_TONES = ['info', 'success', 'warning', 'error'] as const

export const DEMO_EQUIPMENT = ['dry_van', 'reefer', 'flatbed'] as const
