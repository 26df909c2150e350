import { z } from 'zod'

import { instant } from './api-record'
import { jurisdiction, odometer } from './fuel-purchase'
import { JURISDICTIONS, ODOMETER_READING_KINDS } from './ifta-options'
import { idFilter } from './list-query'
import { requiredId } from './text'

/**
 * A driver's reading, for "My loads" and `POST /api/odometer-readings` alike: the load, what it
 * marks, the jurisdiction being entered (for the start, the one the unit is in) and the odometer in
 * whole miles. It is recorded now; who, the unit and the rules are the model's.
 */
export const OdometerReadingSchema = z.object({
  loadId: requiredId(),
  kind: z.enum(ODOMETER_READING_KINDS, { error: 'validation.choice' }),
  jurisdiction: jurisdiction(),
  odometer: odometer(),
})
export type OdometerReadingInput = z.infer<typeof OdometerReadingSchema>

/** "Take back the last reading" on the driver's card: the reading, and its load (whose card shows the answer). */
export const TakeBackReadingSchema = z.object({ readingId: requiredId(), loadId: requiredId() })

/** `GET /api/odometer-readings`: a unit's log, a load's readings, or both; an id that is not one is ignored. */
export const OdometerReadingQuerySchema = z.object({ truckId: idFilter(), loadId: idFilter() })
export type OdometerReadingQuery = z.infer<typeof OdometerReadingQuerySchema>

/** A reading as the API answers it (serializeOdometerReading): the OpenAPI's `OdometerReading`. */
export const OdometerReadingRecordSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  truckId: z.string(),
  truck: z.object({ id: z.string(), unitNumber: z.string() }),
  loadId: z.string().nullable(),
  driverId: z.string(),
  kind: z.enum(ODOMETER_READING_KINDS),
  jurisdiction: z.enum(JURISDICTIONS),
  odometer: z.number().int(),
  recordedAt: instant(),
  createdAt: instant(),
})
export type OdometerReadingRecord = z.infer<typeof OdometerReadingRecordSchema>
