import { z } from 'zod'

import { loadTotalCents } from '~/utils/money'

import { apiRecordSchema, customFieldValues, DeletedSchema, instant, namedRef } from './api-record'
import { BROKER_STATUSES } from './broker-options'
import { isDateTime, isInstant } from './dates'
import { customFieldsInput, dateTime, idText, integer, optionalText, requiredText, withVersion } from './fields'
import { dateFilter, enumFilter, idFilter, listQuery } from './list-query'
import { LOAD_DOCUMENT_KINDS, LOAD_DOCUMENT_TYPES } from './load-document-options'
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

/** A load's document as the API answers it (serializeLoadDocument): `url` is read with the same bearer token. */
export const LoadDocumentRecordSchema = z.object({
  id: z.string(),
  kind: z.enum(LOAD_DOCUMENT_KINDS),
  fileName: z.string(),
  name: z.string().describe('The same as `fileName` (the specification’s name).'),
  contentType: z.string().describe(`${Object.keys(LOAD_DOCUMENT_TYPES).join(', ')}, as read from its bytes.`),
  sizeBytes: z.number().int(),
  uploadedAt: instant(),
  uploadedBy: namedRef().nullable(),
  url: z.string().describe('GET it with the same bearer token to read the file.'),
})
export type LoadDocumentRecord = z.infer<typeof LoadDocumentRecordSchema>

/** A document in a load's lists by kind (`bols`, `rateConn`, `pod`): the kind is the list's. */
const LoadDocumentItemSchema = LoadDocumentRecordSchema.omit({ kind: true, uploadedBy: true })
export type LoadDocumentItem = z.infer<typeof LoadDocumentItemSchema>

/** A load's money is null for a role that reads loads but neither invoices nor settlements (a mechanic, ADR 134). */
const MONEY_HIDDEN = "Null for a role that does not see a load's money (a mechanic, ADR 134)."

const unitRef = () => z.object({ id: z.string(), unitNumber: z.string() })

/** A load as the API answers it (serializeLoad): everything a client can PUT back, plus the derived and display fields. */
export const LoadRecordSchema = apiRecordSchema({
  loadNumber: z.string().meta({ readOnly: true }),
  status: z.enum(LOAD_STATUSES).meta({ readOnly: true, description: 'Moved with POST /api/loads/{id}/status.' }),
  brokerId: z.string(),
  broker: namedRef().extend({ status: z.enum(BROKER_STATUSES) }),
  companyId: z.string().nullable(),
  company: namedRef().nullable(),
  brokerReference: z.string().nullable(),
  poNumbers: z.string().nullable(),
  bolNumber: z.string().nullable(),
  equipmentType: z.enum(TRAILER_TYPES),
  commodity: z.string().nullable(),
  weightLb: z.number().int().nullable(),
  pieces: z.number().int().nullable(),
  temperatureF: z.number().int().nullable(),
  hazmat: z.boolean(),
  linehaulCents: z.number().int().nullable().meta({ description: MONEY_HIDDEN }),
  totalCents: z
    .number()
    .int()
    .nullable()
    .meta({ readOnly: true, description: `The linehaul plus the charges. ${MONEY_HIDDEN}` }),
  ratePerMileCents: z
    .number()
    .int()
    .nullable()
    .meta({ readOnly: true, description: `The total over loaded and empty miles, half up; null without miles. ${MONEY_HIDDEN}` }),
  loadedMiles: z.number().int().nullable(),
  emptyMiles: z.number().int().nullable(),
  driverId: z.string().nullable(),
  driver: namedRef().nullable(),
  truckId: z.string().nullable(),
  truck: unitRef().nullable(),
  trailerId: z.string().nullable(),
  trailer: unitRef().nullable(),
  dispatcher: namedRef().nullable().meta({ readOnly: true }),
  notes: z.string().nullable(),
  customFields: customFieldValues(),
  stops: z.array(
    z.object({
      id: z.string(),
      type: z.enum(STOP_TYPES),
      facilityName: z.string().nullable(),
      line1: z.string().nullable(),
      city: z.string(),
      state: z.string().nullable(),
      postalCode: z.string().nullable(),
      country: z.string(),
      windowStart: instant().nullable(),
      windowEnd: instant().nullable(),
      appointmentRef: z.string().nullable(),
      actualArrival: instant().nullable(),
      actualDeparture: instant().nullable(),
      notes: z.string().nullable(),
    }),
  ),
  charges: z
    .array(z.object({ id: z.string(), type: z.enum(CHARGE_TYPES), description: z.string().nullable(), amountCents: z.number().int() }))
    .meta({ description: "Empty for a role that does not see a load's money (ADR 134)." }),
  deliveredAt: instant()
    .nullable()
    .meta({ readOnly: true, description: 'The departure from the last stop (null until delivered); a status move to delivered records it.' }),
  bols: z.array(LoadDocumentItemSchema).meta({ readOnly: true, description: 'Bills of lading, in upload order.' }),
  rateConn: z
    .array(LoadDocumentItemSchema)
    .meta({ readOnly: true, description: "Rate confirmations, in upload order; empty for a role that does not see a load's money (ADR 134)." }),
  pod: z.array(LoadDocumentItemSchema).meta({ readOnly: true, description: 'Proofs of delivery, in upload order.' }),
})
export type LoadRecord = z.infer<typeof LoadRecordSchema>

const placeAndTime = () => z.object({ at: instant().nullable(), city: z.string().nullable(), state: z.string().nullable() })

/** A row of the load list (serializeLoadRow): no stops, charges or documents; its first pickup and last delivery. */
export const LoadRowRecordSchema = LoadRecordSchema.pick({
  id: true,
  loadNumber: true,
  status: true,
  brokerId: true,
  brokerReference: true,
  equipmentType: true,
  driverId: true,
  driver: true,
  truckId: true,
  truck: true,
  linehaulCents: true,
  totalCents: true,
  ratePerMileCents: true,
  loadedMiles: true,
  emptyMiles: true,
  createdAt: true,
  updatedAt: true,
  version: true,
}).extend({
  broker: namedRef(),
  pickup: placeAndTime().describe('The first pickup.'),
  delivery: placeAndTime().describe('The last delivery.'),
})
export type LoadRowRecord = z.infer<typeof LoadRowRecordSchema>

/** DELETE /api/loads/address/{id}: the stop removed, and its load. */
export const StopDeletedSchema = DeletedSchema.extend({ loadId: z.string().describe('The load it was a stop of.') })
export type StopDeleted = z.infer<typeof StopDeletedSchema>

/** A wall-clock time as the load form writes it (`2026-11-28T08:00`), in the organization's zone. */
const wallClock = () => z.string().meta({ example: '2026-11-28T08:00' })
const readText = () => z.string().optional()

/**
 * POST /api/loads/extract (readRateConfirmation): a load body as far as a rate confirmation was
 * read, the state of each field, whether the PDF is a scan, and the broker as the document names it.
 */
export const RateConfirmationReadingSchema = z.object({
  draft: z
    .object({
      brokerId: z.string().optional(),
      brokerReference: readText(),
      equipmentType: z.enum(TRAILER_TYPES).optional(),
      commodity: readText(),
      weightLb: z.number().int().optional(),
      linehaulCents: z.number().int().optional(),
      stops: z.array(
        z.object({
          type: z.enum(STOP_TYPES),
          facilityName: readText(),
          line1: readText(),
          city: readText(),
          state: readText(),
          postalCode: readText(),
          windowStart: wallClock().optional(),
          windowEnd: wallClock().optional(),
          country: z.literal('US'),
        }),
      ),
      charges: z.array(z.never()),
    })
    .describe('A load body as far as it was read: POST it to /api/loads once completed.'),
  fields: z
    .record(z.string(), z.enum(['read', 'not_found']))
    .describe("Each field's state: `broker`, `brokerReference`, …, `stops`, and `stops.<n>.<field>` for a stop's."),
  scanned: z.boolean().describe('A PDF without text (a scan): the draft is empty.'),
  broker: z
    .object({
      name: z.string().nullable().describe('As the document writes it.'),
      mcNumber: z.string().nullable(),
      match: z
        .object({ id: z.string(), name: z.string(), mcNumber: z.string().nullable(), by: z.enum(['mc', 'name']) })
        .nullable()
        .describe("The organization's broker with that MC number, else that name; null: a new broker to add."),
      details: z
        .object({
          contactName: readText(),
          phone: readText(),
          email: readText(),
          addressLine1: readText(),
          city: readText(),
          state: readText(),
          postalCode: readText(),
        })
        .describe('The broker’s own details as the document gives them (those it gives): a new broker’s body (ADR 103).'),
    })
    .nullable(),
})
export type RateConfirmationReading = z.infer<typeof RateConfirmationReadingSchema>
