/**
 * Truck choices shared by pages, schemas and models. No zod here: pages that only need the
 * choices (lists, dashboard) do not download the validation library.
 */
import type { Tone } from './tone'

export const TRUCK_STATUSES = ['available', 'dispatched', 'maintenance', 'out_of_service', 'inactive'] as const
export const TRUCK_OWNERSHIPS = ['company', 'leased', 'owner_operator'] as const
export type TruckStatus = (typeof TRUCK_STATUSES)[number]

/**
 * How each status looks, in one place: its badge tone, the create toast's variant (the spec's
 * `truckStatus`), and its colour in the dashboard chart.
 */
export const TRUCK_STATUS_META = {
  available: { tone: 'success', toast: 'success', chart: 'var(--success-main)' },
  dispatched: { tone: 'info', toast: 'info', chart: 'var(--info-main)' },
  maintenance: { tone: 'warning', toast: 'warning', chart: 'var(--warning-main)' },
  out_of_service: { tone: 'error', toast: 'error', chart: 'var(--error-main)' },
  inactive: { tone: 'default', toast: 'info', chart: 'var(--muted)' },
} as const satisfies Record<TruckStatus, { tone: Tone; toast: 'info' | 'success' | 'warning' | 'error'; chart: string }>

export const TRUCK_SORTS = [
  'unitNumber',
  'vin',
  'make',
  'year',
  'licensePlate',
  'status',
  'ownership',
  'company',
  'registrationExpiry',
  'inspectionDue',
  'odometerMiles',
  'createdAt',
  'updatedAt',
] as const

/** Compliance filter: an inspection or registration date already past, or within the next 30 days. */
export const TRUCK_COMPLIANCE = ['overdue', 'due_soon'] as const
export type TruckCompliance = (typeof TRUCK_COMPLIANCE)[number]
export const COMPLIANCE_WINDOW_DAYS = 30
