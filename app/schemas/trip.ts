import { z } from 'zod'

import { apiRecordSchema, day } from './api-record'
import { dateOnly, idText, integer, optionalText, withVersion } from './fields'
import { jurisdiction, MAX_ODOMETER, odometer } from './fuel-purchase'
import { JURISDICTIONS, MAX_TRIP_JURISDICTIONS, QUARTER_PATTERN } from './ifta-options'
import { idFilter, listQuery } from './list-query'
import { requiredId, text } from './text'

/** The odometer difference a trip's miles may miss by: readings are whole miles, a line's miles are rounded. */
export const MILES_TOLERANCE = 1

const TripJurisdictionSchema = z.object({
  jurisdiction: jurisdiction(),
  miles: integer(0, MAX_ODOMETER),
  // Taxable miles are the miles unless some were not (toll roads already taxed, off-highway).
  taxableMiles: integer(0, MAX_ODOMETER).optional(),
})

const TripFields = z.object({
  truckId: requiredId(),
  loadId: idText().optional(),
  startedAt: dateOnly(),
  endedAt: dateOnly(),
  startOdometer: odometer(),
  endOdometer: odometer(),
  jurisdictions: z
    .array(TripJurisdictionSchema, { error: 'validation.required' })
    .min(1, 'ifta.errors.noJurisdictions')
    .max(MAX_TRIP_JURISDICTIONS, 'validation.tooMany'),
  notes: optionalText(2000),
})

/**
 * The distance record's rules, for the API and the editor alike: the trip ends on or after its
 * start, the odometer never runs backwards, each jurisdiction once, taxable miles within the
 * miles, and the miles add up to the odometer's difference (±1).
 */
function checkTrip(trip: z.infer<typeof TripFields>, ctx: z.RefinementCtx) {
  if (trip.endedAt < trip.startedAt) ctx.addIssue({ code: 'custom', path: ['endedAt'], message: 'ifta.errors.endBeforeStart' })
  const driven = trip.endOdometer - trip.startOdometer
  if (driven < 0) ctx.addIssue({ code: 'custom', path: ['endOdometer'], message: 'ifta.errors.odometerBackwards' })
  const seen = new Set<string>()
  trip.jurisdictions.forEach((line, index) => {
    if (seen.has(line.jurisdiction))
      ctx.addIssue({ code: 'custom', path: ['jurisdictions', index, 'jurisdiction'], message: 'ifta.errors.duplicateJurisdiction' })
    seen.add(line.jurisdiction)
    if (line.taxableMiles !== undefined && line.taxableMiles > line.miles)
      ctx.addIssue({ code: 'custom', path: ['jurisdictions', index, 'taxableMiles'], message: 'ifta.errors.taxableOverMiles' })
  })
  const miles = trip.jurisdictions.reduce((sum, line) => sum + line.miles, 0)
  if (driven >= 0 && trip.jurisdictions.length > 0 && Math.abs(miles - driven) > MILES_TOLERANCE)
    ctx.addIssue({ code: 'custom', path: ['jurisdictions'], message: 'ifta.errors.milesDontAdd' })
}

/** One schema for the API (POST), the editor and the model. */
export const TripSchema = TripFields.superRefine(checkTrip)
export type TripInput = z.infer<typeof TripSchema>

/** PUT and the editor on an existing trip: the whole trip plus the version it was read at. */
export const TripUpdateSchema = withVersion(TripFields).superRefine(checkTrip)
export type TripUpdateInput = z.infer<typeof TripUpdateSchema>

export const TRIP_SORTS = ['endedAt', 'startedAt', 'truck', 'startOdometer', 'createdAt'] as const

export const TripListQuerySchema = listQuery({
  sorts: TRIP_SORTS,
  defaultSort: 'endedAt',
  defaultDir: 'desc',
  filters: {
    quarter: text().regex(QUARTER_PATTERN).optional().catch(undefined),
    truckId: idFilter(),
  },
})
export type TripListQuery = z.infer<typeof TripListQuerySchema>

/** A trip as the API answers it (serializeTrip): the OpenAPI's `Trip`. */
export const TripRecordSchema = apiRecordSchema({
  truckId: z.string(),
  truck: z.object({ id: z.string(), unitNumber: z.string() }),
  loadId: z.string().nullable(),
  startedAt: day(),
  endedAt: day(),
  startOdometer: z.number().int(),
  endOdometer: z.number().int(),
  miles: z.number().int().describe('The jurisdictions’ miles added up.'),
  jurisdictions: z
    .array(z.object({ jurisdiction: z.enum(JURISDICTIONS), miles: z.number().int(), taxableMiles: z.number().int() }))
    .describe('In the order the trip was entered or imported (ADR 154).'),
  notes: z.string().nullable(),
})
export type TripRecord = z.infer<typeof TripRecordSchema>
