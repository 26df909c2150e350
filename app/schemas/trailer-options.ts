/**
 * Trailer choices shared by pages, schemas and models. No zod here: pages that only need the
 * choices (lists, dashboard) do not download the validation library.
 */
import type { Tone } from './tone'

export const TRAILER_STATUSES = ['available', 'in_use', 'maintenance', 'out_of_service', 'inactive'] as const
export type TrailerStatus = (typeof TRAILER_STATUSES)[number]

/** Also a load's equipment type (docs: domain.md, Loads). */
export const TRAILER_TYPES = ['dry_van', 'reefer', 'flatbed', 'step_deck', 'lowboy', 'tanker', 'power_only', 'other'] as const
export type TrailerType = (typeof TRAILER_TYPES)[number]

/** How each status looks, in one place: its badge tone, the create toast's variant, its chart colour. */
export const TRAILER_STATUS_META = {
  available: { tone: 'success', toast: 'success', chart: 'var(--success-main)' },
  in_use: { tone: 'info', toast: 'info', chart: 'var(--info-main)' },
  maintenance: { tone: 'warning', toast: 'warning', chart: 'var(--warning-main)' },
  out_of_service: { tone: 'error', toast: 'error', chart: 'var(--error-main)' },
  inactive: { tone: 'default', toast: 'info', chart: 'var(--muted)' },
} as const satisfies Record<TrailerStatus, { tone: Tone; toast: 'info' | 'success' | 'warning' | 'error'; chart: string }>

export const TRAILER_SORTS = [
  'unitNumber',
  'type',
  'lengthFt',
  'vin',
  'licensePlate',
  'status',
  'company',
  'registrationExpiry',
  'inspectionDue',
  'createdAt',
  'updatedAt',
] as const

/** The longest trailer a form accepts, in feet (53 ft is the common maximum; some states allow more). */
export const MAX_TRAILER_LENGTH_FT = 65
