import { z } from 'zod'

import { loadTotalCents } from '~/utils/money'

import { isDateTime, isInstant } from './dates'
import { customFieldsInput, dateTime, idText, integer, optionalText, requiredText, withVersion } from './fields'
import { dateFilter, enumFilter, idFilter, listQuery } from './list-query'
import { CHARGE_TYPES, LOAD_SORTS, LOAD_STATUSES, MAX_CHARGES, MAX_LOAD_CENTS, MAX_STOPS, STOP_EVENTS, STOP_TYPES } from './load-options'
import { cents } from './money-fields'
import { text } from './text'
import { TRAILER_TYPES } from './trailer-options'
import { VersionSchema } from './version'

export const StopSchema = z
  .object({
    id: idText().optional(),
    type: z.enum(STOP_TYPES, { error: 'validation.choice' }),
    facilityName: optionalText(100),
    line1: optionalText(200),
    city: requiredText(80),
    state: optionalText(40),
    postalCode: optionalText(20),
    country: optionalText(2).transform((value) => value?.toUpperCase()),
    windowStart: dateTime().optional(),
    windowEnd: dateTime().optional(),
    appointmentRef: optionalText(40),
    notes: optionalText(500),
  })
  .refine(
    (stop) =>
      !stop.windowStart ||
      !stop.windowEnd ||
      !isDateTime(stop.windowStart) ||
      !isDateTime(stop.windowEnd) ||
      comparable(stop.windowStart) <= comparable(stop.windowEnd),
    {
      message: 'loads.errors.windowOrder',
      path: ['windowEnd'],
    },
  )
export type StopInput = z.infer<typeof StopSchema>

export const ChargeSchema = z.object({
  id: idText().optional(),
  type: z.enum(CHARGE_TYPES, { error: 'validation.choice' }),
  description: optionalText(200),
  amountCents: cents('amount'),
})
export type ChargeInput = z.infer<typeof ChargeSchema>

/**
 * Times compare as text once both are in one form: instants are compared as UTC, wall-clock times
 * as written (the form sends all of a load's times in the organization's zone).
 */
function comparable(value: string) {
  return isInstant(value) ? new Date(value).toISOString() : `${value}:00`.slice(0, 19)
}

export const LoadFields = z.object({
  brokerId: idText().refine((value) => value !== '', 'loads.errors.brokerRequired'),
  companyId: idText().optional(),
  brokerReference: optionalText(40),
  poNumbers: optionalText(200),
  bolNumber: optionalText(40),
  equipmentType: z.enum(TRAILER_TYPES, { error: 'validation.choice' }).default('dry_van'),
  commodity: optionalText(100),
  weightLb: integer(0, 200_000).optional(),
  pieces: integer(0, 100_000).optional(),
  temperatureF: integer(-40, 100).optional(),
  hazmat: z.boolean({ error: 'validation.choice' }).default(false),
  linehaulCents: cents('amount').default(0),
  loadedMiles: integer(0, 20_000).optional(),
  emptyMiles: integer(0, 20_000).optional(),
  driverId: idText().optional(),
  truckId: idText().optional(),
  trailerId: idText().optional(),
  notes: optionalText(2000),
  customFields: customFieldsInput(),
  stops: z.array(StopSchema, { error: 'loads.errors.stops' }).max(MAX_STOPS, 'loads.errors.tooManyStops').default([]),
  charges: z.array(ChargeSchema, { error: 'validation.choice' }).max(MAX_CHARGES, 'loads.errors.tooManyCharges').default([]),
})

type LoadShape = z.infer<typeof LoadFields>

/** The rules across fields: a pickup and a delivery, stop windows in order, a total that fits. */
export function loadRules(load: LoadShape, ctx: z.RefinementCtx) {
  if (!load.stops.some((stop) => stop.type === 'pickup') || !load.stops.some((stop) => stop.type === 'delivery')) {
    ctx.addIssue({ code: 'custom', message: 'loads.errors.pickupAndDelivery', path: ['stops'] })
  }
  let previous: string | undefined
  load.stops.forEach((stop, index) => {
    // A time that is not one was reported at its field; it is not compared with the others.
    const start = stop.windowStart && isDateTime(stop.windowStart) ? comparable(stop.windowStart) : undefined
    if (start && previous && start < previous) ctx.addIssue({ code: 'custom', message: 'loads.errors.stopOrder', path: ['stops', index, 'windowStart'] })
    if (start) previous = start
  })
  const total = loadTotalCents(load.linehaulCents, load.charges)
  if (total > MAX_LOAD_CENTS) ctx.addIssue({ code: 'custom', message: 'loads.errors.totalTooLarge', path: ['linehaulCents'] })
}

/** One schema for the load editor (Conform) and the API (POST). Messages are i18n keys. */
export const LoadSchema = LoadFields.superRefine(loadRules)
export type LoadInput = z.infer<typeof LoadSchema>

/** The editor on an existing load and PUT: the whole load plus the version it was read at. */
export const LoadUpdateSchema = withVersion(LoadFields).superRefine(loadRules)
export type LoadUpdate = z.infer<typeof LoadUpdateSchema>

/**
 * A status move (`POST /api/loads/{id}/status`, the page's status buttons). A move on the road
 * records the stop times it implies: now, or `at` (an instant, or the organization's wall clock),
 * never in the future.
 */
export const LoadStatusMoveSchema = z.object({
  status: z.enum(LOAD_STATUSES, { error: 'validation.choice' }),
  at: dateTime().optional(),
  // Optional for an action: when absent, the status machine judges the move from the current status.
  version: VersionSchema.optional(),
})
export type LoadStatusMove = z.infer<typeof LoadStatusMoveSchema>

/** Reopening a delivered load (`POST /api/loads/{id}/reopen`, admins): why, for the audit log. */
export const LoadReopenSchema = z.object({
  reason: optionalText(500),
  version: VersionSchema.optional(),
})
export type LoadReopen = z.infer<typeof LoadReopenSchema>

/**
 * A stop's arrival or departure (`POST /api/loads/{id}/stops/{stopId}/events`, the driver's
 * buttons): now, or `at`, an instant with its offset, for a client that records it later.
 */
export const StopEventSchema = z.object({
  event: z.enum(STOP_EVENTS, { error: 'validation.choice' }),
  at: dateTime()
    .refine((value) => !isDateTime(value) || isInstant(value), 'validation.dateTime')
    .optional(),
  version: VersionSchema.optional(),
})
export type StopEventInput = z.infer<typeof StopEventSchema>

/** List query from the URL (GET form) or the API's query string; bad values fall back. */
export const LoadListQuerySchema = listQuery({
  sorts: LOAD_SORTS,
  defaultSort: 'pickupAt',
  defaultDir: 'desc',
  filters: {
    status: enumFilter(LOAD_STATUSES),
    brokerId: idFilter(),
    companyId: idFilter(),
    driverId: idFilter(),
    truckId: idFilter(),
    from: dateFilter(),
    to: dateFilter(),
  },
})
export type LoadListQuery = z.infer<typeof LoadListQuerySchema> & { after?: string }

/**
 * The API's list query: the page's, plus keyset paging (`after`, from `meta.nextCursor`): the rows
 * after that one, however deep. The model checks it (a cursor of another sort, or not ours, is a
 * 400). The page is paged by number, so its URL has no cursor.
 */
export const LoadApiListQuerySchema = LoadListQuerySchema.extend({ after: text().trim().max(300).optional().catch(undefined) })
