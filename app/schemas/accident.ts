import { z } from 'zod'

import { ACCIDENT_SORTS, MAX_ACCIDENT_PEOPLE, RECORDABLE_FILTERS } from './accident-options'
import { apiRecordSchema, instant, personRef } from './api-record'
import { dateTime, idText, integer, optionalText, requiredText, withVersion } from './fields'
import { JURISDICTIONS } from './ifta-options'
import { dateFilter, enumFilter, idFilter, listQuery } from './list-query'
import { requiredId, text } from './text'

/**
 * One schema for the accident editor (Conform) and the API (POST): the 390.15 register's fields
 * (ADR 141). `occurredAt` is the organization's wall clock from a form, or an instant with its
 * offset from an API client; the model refuses a time in the future. Messages are i18n keys.
 */
export const AccidentSchema = z.object({
  occurredAt: dateTime(),
  driverId: requiredId(),
  truckId: requiredId(),
  trailerId: idText().optional(),
  loadId: idText().optional(),
  city: requiredText(80),
  // A US state's or a Canadian province's code, in any case (`tx` is Texas), as the fuel tax's jurisdictions.
  state: text({ error: 'validation.required' })
    .trim()
    .toUpperCase()
    .pipe(z.enum(JURISDICTIONS, { error: 'accidents.errors.state' })),
  fatalities: integer(0, MAX_ACCIDENT_PEOPLE).default(0),
  // Only the people treated away from the scene (390.5): the count that makes an accident recordable.
  injuries: integer(0, MAX_ACCIDENT_PEOPLE).default(0),
  towAway: z.boolean({ error: 'validation.choice' }).default(false),
  hazmatReleased: z.boolean({ error: 'validation.choice' }).default(false),
  reportNumber: optionalText(60),
  notes: optionalText(4000),
})
export type AccidentInput = z.infer<typeof AccidentSchema>

/** The editor on an existing accident and PUT: the whole accident plus the version it was read at. */
export const AccidentUpdateSchema = withVersion(AccidentSchema)
export type AccidentUpdate = z.infer<typeof AccidentUpdateSchema>

/** The list's query: a range of days (the organization's), the driver, the truck, recordable or not; bad values fall back. */
export const AccidentListQuerySchema = listQuery({
  sorts: ACCIDENT_SORTS,
  defaultSort: 'occurredAt',
  defaultDir: 'desc',
  filters: {
    from: dateFilter(),
    to: dateFilter(),
    driverId: idFilter(),
    truckId: idFilter(),
    recordable: enumFilter(RECORDABLE_FILTERS),
  },
})
export type AccidentListQuery = z.infer<typeof AccidentListQuerySchema>

/** The register report's query: the last day it covers (today when absent or malformed). */
export const AccidentRegisterQuerySchema = z.object({ until: dateFilter() })

const unitRef = () => z.object({ id: z.string(), unitNumber: z.string() })

/** A document of an accident as the API answers it; `url` reads it with the same key or session. */
export const AccidentDocumentRecordSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  uploadedAt: instant(),
  url: z.string(),
})
export type AccidentDocumentRecord = z.infer<typeof AccidentDocumentRecordSchema>

/** An accident as the API answers it (serializeAccident): the OpenAPI's `Accident`. */
export const AccidentRecordSchema = apiRecordSchema({
  occurredAt: instant(),
  driverId: z.string(),
  driver: personRef(),
  truckId: z.string(),
  truck: unitRef(),
  trailerId: z.string().nullable(),
  trailer: unitRef().nullable(),
  loadId: z.string().nullable(),
  load: z.object({ id: z.string(), loadNumber: z.string() }).nullable(),
  city: z.string(),
  state: z.enum(JURISDICTIONS),
  fatalities: z.number().int().min(0),
  injuries: z.number().int().min(0).describe('People injured who were treated away from the scene (390.5).'),
  towAway: z.boolean(),
  hazmatReleased: z.boolean(),
  reportNumber: z.string().nullable(),
  notes: z.string().nullable(),
  recordable: z
    .boolean()
    .meta({ readOnly: true, description: 'A fatality, an injury treated away from the scene, or a tow-away (390.5). Derived, never sent.' }),
  documents: z.array(AccidentDocumentRecordSchema).meta({ readOnly: true }),
})
export type AccidentRecord = z.infer<typeof AccidentRecordSchema>
