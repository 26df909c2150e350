/**
 * Fuel tax (IFTA) words shared by pages, schemas, models and the policy: jurisdictions, fuel types,
 * quarters. No zod here (pages that only show the choices do not download it). The rules that use
 * them are in app/policies/ifta.ts.
 */

/** The IFTA member jurisdictions: the 48 contiguous US states and the 10 Canadian provinces. */
export const IFTA_MEMBERS = [
  'AL', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'FL', 'GA', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA',
  'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND',
  'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY',
  'AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'ON', 'PE', 'QC', 'SK',
] as const // prettier-ignore

export type IftaMember = (typeof IFTA_MEMBERS)[number]

/** Jurisdictions a unit may run in that are not IFTA members: their miles and gallons count in the totals, never as taxable. */
export const IFTA_NON_MEMBERS = ['AK', 'HI', 'DC', 'YT', 'NT', 'NU', 'MX'] as const

export const JURISDICTIONS = [...IFTA_MEMBERS, ...IFTA_NON_MEMBERS] as const

/** A trip crosses at most this many jurisdictions (every member and non-member once). */
export const MAX_TRIP_JURISDICTIONS = JURISDICTIONS.length
export type Jurisdiction = (typeof JURISDICTIONS)[number]

const MEMBER_SET: ReadonlySet<string> = new Set(IFTA_MEMBERS)
export function isIftaMember(jurisdiction: string) {
  return MEMBER_SET.has(jurisdiction)
}

/** The fuel types of the IFTA return (one return schedule per fuel type). */
export const FUEL_TYPES = ['diesel', 'gasoline', 'propane', 'lng', 'cng', 'biodiesel', 'ethanol', 'methanol', 'e85', 'm85', 'a55'] as const
export type FuelType = (typeof FUEL_TYPES)[number]

export const FUEL_PURCHASE_SORTS = ['purchasedAt', 'truck', 'jurisdiction', 'fuelType', 'gallons', 'totalCents', 'vendor', 'createdAt'] as const

/** A quarter as the URLs and the API write it: `2026-Q3`. */
/** The IFTA, Inc. rate matrix is about 60 rows of 30 cells: a file past this is not one (the reader's and the API route's bound). */
export const RATE_MATRIX_MAX_BYTES = 256 * 1024

export const QUARTER_PATTERN = /^(\d{4})-Q([1-4])$/

/** The return's statuses: open until filed; filed closes the quarter's fuel purchases and trips to writes. */
export const IFTA_RETURN_STATUSES = ['open', 'filed'] as const
export type IftaReturnStatus = (typeof IFTA_RETURN_STATUSES)[number]

/** What a return warns about (its `warnings[].code`). */
export const IFTA_WARNINGS = ['odometer_gap', 'trip_outside_quarter', 'missing_rate', 'no_fuel', 'no_miles', 'mixed_fuel', 'no_interest_rate'] as const
export type IftaWarningCode = (typeof IFTA_WARNINGS)[number]

/**
 * What a driver's odometer reading marks on a load (ADR 125): the start (at the first pickup),
 * entering a state, the end (at the last delivery). A delivered load's readings make its trip.
 */
export const ODOMETER_READING_KINDS = ['start', 'state_line', 'end'] as const
export type OdometerReadingKind = (typeof ODOMETER_READING_KINDS)[number]
