import { z } from 'zod'

import { apiRecordSchema, customFieldValues, day, namedRef } from './api-record'
import { customFieldsInput, dateOnly, idText, integer, optionalText, requiredText, withVersion } from './fields'
import { enumFilter, idFilter, listQuery } from './list-query'
import { MAX_TRAILER_LENGTH_FT, TRAILER_SORTS, TRAILER_STATUSES, TRAILER_TYPES } from './trailer-options'
import { optionalVin } from './vin'

/** One schema for the trailer editor (Conform) and the API (POST). Messages are i18n keys. */
export const TrailerSchema = z.object({
  unitNumber: requiredText(20).regex(/^[\p{L}\p{N}][\p{L}\p{N} ._/-]*$/u, 'trailers.errors.unitNumberFormat'),
  companyId: idText().optional(),
  type: z.enum(TRAILER_TYPES, { error: 'validation.choice' }).default('dry_van'),
  lengthFt: integer(1, MAX_TRAILER_LENGTH_FT).optional(),
  vin: optionalVin('trailers.errors.vin'),
  licensePlate: optionalText(12).transform((value) => value?.toUpperCase()),
  plateState: optionalText(3).transform((value) => value?.toUpperCase()),
  status: z.enum(TRAILER_STATUSES, { error: 'validation.choice' }).default('available'),
  registrationExpiry: dateOnly().optional(),
  inspectionDue: dateOnly().optional(),
  notes: optionalText(2000),
  customFields: customFieldsInput(),
})
export type TrailerInput = z.infer<typeof TrailerSchema>

/** The editor on an existing trailer and PUT: the whole trailer plus the version it was read at. */
export const TrailerUpdateSchema = withVersion(TrailerSchema)

/** List query from the URL (GET form) or the API's query string; bad values fall back. */
export const TrailerListQuerySchema = listQuery({
  sorts: TRAILER_SORTS,
  defaultSort: 'unitNumber',
  filters: {
    status: enumFilter(TRAILER_STATUSES),
    type: enumFilter(TRAILER_TYPES),
    companyId: idFilter(),
  },
})
export type TrailerListQuery = z.infer<typeof TrailerListQuerySchema>

/** A trailer as the API answers it (serializeTrailer): the OpenAPI's `Trailer`. */
export const TrailerRecordSchema = apiRecordSchema({
  unitNumber: z.string(),
  companyId: z.string().nullable(),
  company: namedRef().nullable(),
  type: z.enum(TRAILER_TYPES),
  lengthFt: z.number().int().nullable(),
  vin: z.string().nullable(),
  licensePlate: z.string().nullable(),
  plateState: z.string().nullable(),
  status: z.enum(TRAILER_STATUSES),
  registrationExpiry: day().nullable(),
  inspectionDue: day().nullable(),
  notes: z.string().nullable(),
  customFields: customFieldValues(),
})
export type TrailerRecord = z.infer<typeof TrailerRecordSchema>
