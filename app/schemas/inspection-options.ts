/**
 * Driver vehicle inspection report (DVIR) words shared by pages, schemas, the model and the policy
 * (ADR 130). No zod here: the pages that only show them do not download it.
 */

/** Before the day's driving, or after it (49 CFR 396.11 asks for the report at the end of the day). */
export const INSPECTION_KINDS = ['pre_trip', 'post_trip'] as const
export type InspectionKind = (typeof INSPECTION_KINDS)[number]

/** The parts and accessories a report covers (396.11(a)(2)), in the checklist's order; `other` for the rest. */
export const INSPECTION_ITEMS = [
  'service_brakes',
  'trailer_brake_connections',
  'parking_brake',
  'steering',
  'lighting',
  'reflectors',
  'tires',
  'horn',
  'windshield_wipers',
  'mirrors',
  'coupling_devices',
  'wheels_rims',
  'emergency_equipment',
  'other',
] as const
export type InspectionItem = (typeof INSPECTION_ITEMS)[number]

/** A report names at most one defect per checklist line. */
export const MAX_DEFECTS = INSPECTION_ITEMS.length
/** The longest note of a defect, and of a certification. */
export const DEFECT_NOTE_MAX = 500

/**
 * What the list's badge says of a report: nothing found, defects not yet certified, one of them
 * putting the unit out of service, or all certified.
 */
export const INSPECTION_STATUSES = ['no_defects', 'defects_open', 'out_of_service', 'certified'] as const
export type InspectionStatus = (typeof INSPECTION_STATUSES)[number]

export const INSPECTION_STATUS_TONE: Record<InspectionStatus, 'success' | 'warning' | 'error' | 'info'> = {
  no_defects: 'success',
  defects_open: 'warning',
  out_of_service: 'error',
  certified: 'info',
}

/** The list's filter on defects: reports with defects still to certify. */
export const INSPECTION_OPEN_FILTERS = ['open'] as const

export const INSPECTION_SORTS = ['inspectedAt', 'odometer'] as const

/** A defect's photos (ADR 135): images only, decided by their bytes; a photo's limit is a load paper's (15 MB). */
export const INSPECTION_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const
/** What the photo input offers (a hint for the picker and the camera; the server decides by content). */
export const INSPECTION_PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp'
export const PHOTOS_PER_DEFECT_MAX = 5
/** The most photos one post of the filing form carries (its body's limit is this many photos). */
export const PHOTOS_PER_FORM_MAX = 10
/** A report is kept at least 3 months (49 CFR 396.11(a)(4)): its photos are not deleted before. */
export const INSPECTION_RETENTION_MONTHS = 3
