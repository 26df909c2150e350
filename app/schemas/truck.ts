import { z } from 'zod'
import { customFieldsInput, dateOnly, idText, integer, optionalText, requiredText, text, withVersion } from './fields'
import { enumFilter, idFilter, listQuery } from './list-query'
import { TRUCK_COMPLIANCE, TRUCK_OWNERSHIPS, TRUCK_SORTS, TRUCK_STATUSES } from './truck-options'

const VIN_VALUES: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8, J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
}
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2]

/** The check digit (position 9) of a North American VIN, as 0-9 or X. */
export function vinCheckDigit(vin: string) {
  let sum = 0
  for (let i = 0; i < 17; i++) {
    const char = vin[i]
    const value = /\d/.test(char) ? Number(char) : VIN_VALUES[char]
    sum += (value ?? 0) * VIN_WEIGHTS[i]
  }
  const remainder = sum % 11
  return remainder === 10 ? 'X' : String(remainder)
}

export function isValidVin(vin: string) {
  return /^[A-HJ-NPR-Z0-9]{17}$/.test(vin) && vinCheckDigit(vin) === vin[8]
}

const maxYear = new Date().getUTCFullYear() + 2

/** One schema for the truck editor (Conform) and the API (POST). Messages are i18n keys. */
export const TruckSchema = z.object({
  unitNumber: requiredText(20).regex(/^[\p{L}\p{N}][\p{L}\p{N} ._/-]*$/u, 'trucks.errors.unitNumberFormat'),
  companyId: idText().optional(),
  vin: text()
    .trim()
    .transform((value) => value.toUpperCase())
    .refine(isValidVin, 'trucks.errors.vin')
    .optional(),
  make: optionalText(40),
  model: optionalText(40),
  year: z.number({ error: 'validation.number' }).int('validation.integer').min(1980, 'trucks.errors.year').max(maxYear, 'trucks.errors.year').optional(),
  licensePlate: optionalText(12).transform((value) => value?.toUpperCase()),
  plateState: optionalText(3).transform((value) => value?.toUpperCase()),
  status: z.enum(TRUCK_STATUSES, { error: 'validation.choice' }).default('available'),
  ownership: z.enum(TRUCK_OWNERSHIPS, { error: 'validation.choice' }).default('company'),
  registrationExpiry: dateOnly().optional(),
  inspectionDue: dateOnly().optional(),
  odometerMiles: integer(0, 5_000_000).optional(),
  primaryDriverId: idText().optional(),
  notes: optionalText(2000),
  customFields: customFieldsInput(),
})
export type TruckInput = z.infer<typeof TruckSchema>

/** The editor on an existing truck and PUT: the whole truck plus the version it was read at. */
export const TruckUpdateSchema = withVersion(TruckSchema)
export type TruckUpdate = z.infer<typeof TruckUpdateSchema>

/** List query from the URL (GET form) or the API's query string; bad values fall back. */
export const TruckListQuerySchema = listQuery({
  sorts: TRUCK_SORTS,
  defaultSort: 'unitNumber',
  filters: {
    status: enumFilter(TRUCK_STATUSES),
    companyId: idFilter(),
    compliance: enumFilter(TRUCK_COMPLIANCE),
  },
})
export type TruckListQuery = z.infer<typeof TruckListQuerySchema>

