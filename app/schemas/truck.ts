import { z } from 'zod'

import { apiRecordSchema, customFieldValues, day, namedRef, personRef } from './api-record'
import { customFieldsInput, dateOnly, idText, integer, optionalText, requiredText, withVersion } from './fields'
import { enumFilter, idFilter, listQuery } from './list-query'
import { TRUCK_COMPLIANCE, TRUCK_OWNERSHIPS, TRUCK_SORTS, TRUCK_STATUSES } from './truck-options'
import { isValidVin, optionalVin, vinCheckDigit } from './vin'

export { isValidVin, vinCheckDigit }

const maxYear = new Date().getUTCFullYear() + 2

/** One schema for the truck editor (Conform) and the API (POST). Messages are i18n keys. */
export const TruckSchema = z.object({
  unitNumber: requiredText(20).regex(/^[\p{L}\p{N}][\p{L}\p{N} ._/-]*$/u, 'trucks.errors.unitNumberFormat'),
  companyId: idText().optional(),
  vin: optionalVin('trucks.errors.vin'),
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

/** A truck as the API answers it (serializeTruck): the OpenAPI's `Truck`. */
export const TruckRecordSchema = apiRecordSchema({
  unitNumber: z.string(),
  companyId: z.string().nullable(),
  company: namedRef().nullable(),
  vin: z.string().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  year: z.number().int().nullable(),
  licensePlate: z.string().nullable(),
  plateState: z.string().nullable(),
  status: z.enum(TRUCK_STATUSES),
  ownership: z.enum(TRUCK_OWNERSHIPS),
  registrationExpiry: day().nullable(),
  inspectionDue: day().nullable(),
  odometerMiles: z.number().int().nullable(),
  primaryDriverId: z.string().nullable(),
  primaryDriver: personRef().nullable(),
  notes: z.string().nullable(),
  customFields: customFieldValues(),
})
export type TruckRecord = z.infer<typeof TruckRecordSchema>
