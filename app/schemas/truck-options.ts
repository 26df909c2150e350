/**
 * Truck choices shared by pages, schemas and models. No zod here: pages that only need the
 * choices (lists, dashboard) do not download the validation library.
 */
export const TRUCK_STATUSES = ['available', 'dispatched', 'maintenance', 'out_of_service', 'inactive'] as const
export const TRUCK_OWNERSHIPS = ['company', 'leased', 'owner_operator'] as const
export type TruckStatus = (typeof TRUCK_STATUSES)[number]

/** The create toast's variant follows the new truck's status (the spec's `truckStatus`). */
export const TRUCK_STATUS_VARIANT = {
  available: 'success',
  dispatched: 'info',
  maintenance: 'warning',
  out_of_service: 'error',
  inactive: 'info',
} as const satisfies Record<TruckStatus, 'info' | 'success' | 'warning' | 'error'>

export const TRUCK_SORTS = [
  'unitNumber', 'vin', 'make', 'year', 'licensePlate', 'status', 'ownership', 'company',
  'registrationExpiry', 'inspectionDue', 'odometerMiles', 'createdAt', 'updatedAt',
] as const
export const PAGE_SIZES = [10, 25, 50, 100] as const


/** Compliance filter: an inspection or registration date already past, or within the next 30 days. */
export const TRUCK_COMPLIANCE = ['overdue', 'due_soon'] as const
export type TruckCompliance = (typeof TRUCK_COMPLIANCE)[number]
export const COMPLIANCE_WINDOW_DAYS = 30
