import { z } from 'zod'
import { idText, text } from './text'
import { PAGE_SIZES, TRUCK_COMPLIANCE, TRUCK_OWNERSHIPS, TRUCK_SORTS, TRUCK_STATUSES } from './truck-options'
import { VersionSchema } from './version'

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

const optionalText = (max: number) => text().trim().max(max, 'validation.tooLong').optional()

const dateOnly = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), 'validation.date')
  .optional()

const maxYear = new Date().getUTCFullYear() + 2

/** One schema for the truck editor (Conform) and the API (POST/PUT). Messages are i18n keys. */
export const TruckSchema = z.object({
  unitNumber: text({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(20, 'validation.tooLong')
    .regex(/^[\p{L}\p{N}][\p{L}\p{N} ._/-]*$/u, 'trucks.errors.unitNumberFormat'),
  companyId: idText().optional(),
  vin: text()
    .trim()
    .transform((value) => value.toUpperCase())
    .refine(isValidVin, 'trucks.errors.vin')
    .optional(),
  make: optionalText(40),
  model: optionalText(40),
  year: z.number({ error: 'validation.number' }).int('validation.integer').min(1980, 'trucks.errors.year').max(maxYear, 'trucks.errors.year').optional(),
  licensePlate: text().trim().max(12, 'validation.tooLong').transform((value) => value.toUpperCase()).optional(),
  plateState: text().trim().max(3, 'validation.tooLong').transform((value) => value.toUpperCase()).optional(),
  status: z.enum(TRUCK_STATUSES, { error: 'validation.choice' }).default('available'),
  ownership: z.enum(TRUCK_OWNERSHIPS, { error: 'validation.choice' }).default('company'),
  registrationExpiry: dateOnly,
  inspectionDue: dateOnly,
  odometerMiles: z.number({ error: 'validation.number' }).int('validation.integer').min(0, 'validation.min0').max(5_000_000, 'validation.tooLarge').optional(),
  primaryDriverId: idText().optional(),
  notes: optionalText(2000),
  /** Required on update: the version the client last read (optimistic concurrency). */
  version: VersionSchema.optional(),
})
export type TruckInput = z.infer<typeof TruckSchema>

const pageSize = z.coerce.number().int().refine((value) => (PAGE_SIZES as readonly number[]).includes(value)).catch(25)

/** List query from the URL (GET form) or the API's query string; bad values fall back. */
export const TruckListQuerySchema = z.object({
  q: text().trim().max(100).optional().catch(undefined),
  status: z.enum(TRUCK_STATUSES).optional().catch(undefined),
  companyId: idText().optional().catch(undefined),
  compliance: z.enum(TRUCK_COMPLIANCE).optional().catch(undefined),
  sort: z.enum(TRUCK_SORTS).default('unitNumber').catch('unitNumber'),
  dir: z.enum(['asc', 'desc']).default('asc').catch('asc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
  pageSize: pageSize.default(25),
})
export type TruckListQuery = z.infer<typeof TruckListQuerySchema>

/** Reads the query from URLSearchParams, treating empty values as absent. */
export function parseListQuery<S extends z.ZodType>(schema: S, params: URLSearchParams): z.output<S> {
  const raw: Record<string, string> = {}
  for (const [key, value] of params) if (value !== '') raw[key] = value
  return schema.parse(raw)
}
