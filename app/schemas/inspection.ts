/**
 * A driver's vehicle inspection report (DVIR, ADR 130), one schema for the driver's page
 * (/dashboard/inspections/new, a plain form post) and `POST /api/inspections`. The form posts the
 * checklist as `defects[i].item` (the box "defect found", absent when unticked), `defects[i].note`
 * and `defects[i].outOfService` for every line i, with the ids of its photos (`defects[i].photoIds`,
 * ADR 135: the form's file inputs are uploaded first and named so): a line without its box ticked
 * is no defect and is dropped, after the checks, so a message stays at the line it is about.
 */
import { z } from 'zod'

import { instant } from './api-record'
import { dateTime, optionalText, withVersion } from './fields'
import { odometer } from './fuel-purchase'
import {
  DEFECT_NOTE_MAX,
  INSPECTION_ITEMS,
  INSPECTION_KINDS,
  INSPECTION_OPEN_FILTERS,
  INSPECTION_SORTS,
  INSPECTION_STATUSES,
  MAX_DEFECTS,
  PHOTOS_PER_DEFECT_MAX,
} from './inspection-options'
import { enumFilter, idFilter, listQuery } from './list-query'
import { idText, requiredId, text } from './text'

/** A box that is ticked (`on` from a form, true from JSON) or not (absent, false). */
const box = () => z.boolean({ error: 'validation.choice' }).default(false)

const DefectLine = z.object({
  item: z.enum(INSPECTION_ITEMS, { error: 'inspections.errors.item' }).optional(),
  note: text().trim().max(DEFECT_NOTE_MAX, 'validation.tooLong').optional(),
  outOfService: box(),
  /** Photos uploaded beforehand (POST /api/inspections/photos) by the filer, attached to this defect (ADR 135). */
  photoIds: z
    .array(requiredId(), { error: 'validation.choice' })
    .max(PHOTOS_PER_DEFECT_MAX, 'inspections.photos.errors.tooMany')
    .refine((ids) => new Set(ids).size === ids.length, 'inspections.photos.errors.twice')
    .optional(),
})

const defects = () =>
  z
    .array(DefectLine.optional())
    .max(MAX_DEFECTS, 'inspections.errors.tooManyDefects')
    .default([])
    .superRefine((lines, ctx) => {
      lines.forEach((line, index) => {
        // A note or the out-of-service box on a line whose box is not ticked: the defect is not named.
        if (line && !line.item && (line.note || line.outOfService || line.photoIds?.length))
          ctx.addIssue({ code: 'custom', path: [index, 'item'], message: 'inspections.errors.defectNotTicked' })
      })
    })
    // `line` is the defect's place in the posted list (the form's checklist line), where a refusal of its photos is shown.
    .transform((lines) =>
      lines.flatMap((line, index) =>
        line?.item ? [{ item: line.item, note: line.note ?? '', outOfService: line.outOfService, photoIds: line.photoIds ?? [], line: index }] : [],
      ),
    )

export const InspectionSchema = z.object({
  truckId: requiredId(),
  trailerId: idText().optional(),
  kind: z.enum(INSPECTION_KINDS, { error: 'validation.choice' }),
  /** An ISO instant from the API, or the organization's wall clock from the form. */
  inspectedAt: dateTime(),
  odometer: odometer(),
  defects: defects(),
  remarks: optionalText(2000),
  /**
   * The unit's last report waiting for its next driver (396.13, ADR 153), reviewed and signed by
   * filing this one: the form's "I have reviewed it" box carries its id.
   */
  acknowledgeInspectionId: idText().optional().meta({
    description:
      'Required when the truck or trailer has a certified report not yet acknowledged (the latest one, filed by another driver): its id, acknowledged by the caller in the same transaction. Missing, or any other id (a stale one, another unit’s, when none waits): 400 `validation_failed` at this field and nothing is filed. Only a driver acknowledges; for anyone else none waits.',
  }),
})
export type InspectionInput = z.infer<typeof InspectionSchema>

/** The certification of a report's defects (396.11(a)(3)): repaired, or no repair needed; a note; the version read. */
export const CertifySchema = withVersion(
  z.object({
    repaired: z.boolean({ error: 'validation.choice' }).default(false),
    note: optionalText(DEFECT_NOTE_MAX),
    /** The work order that did the repair (ADR 132): the organization's, on the report's truck or its trailer (ADR 153). */
    workOrderId: idText().optional(),
  }),
)
export type CertifyInput = z.infer<typeof CertifySchema>

/** The list's query: unit, kind, "defects open"; newest first. Bad values fall back. */
export const InspectionListQuerySchema = listQuery({
  sorts: INSPECTION_SORTS,
  defaultSort: 'inspectedAt',
  defaultDir: 'desc',
  filters: { truckId: idFilter(), kind: enumFilter(INSPECTION_KINDS), defects: enumFilter(INSPECTION_OPEN_FILTERS) },
})
export type InspectionListQuery = z.infer<typeof InspectionListQuerySchema>

/** A defect's photo as the API answers it (POST /api/inspections/photos, and each defect's `photos`); `url` reads it. */
export const InspectionPhotoRecordSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  url: z.string(),
})
export type InspectionPhotoRecord = z.infer<typeof InspectionPhotoRecordSchema>

const person = () => z.object({ id: z.string(), name: z.string() }).nullable()

/** A report as the API answers it (serializeInspection): the OpenAPI's `Inspection`. */
export const InspectionRecordSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  truckId: z.string(),
  truck: z.object({ id: z.string(), unitNumber: z.string() }),
  trailerId: z.string().nullable(),
  trailer: z.object({ id: z.string(), unitNumber: z.string() }).nullable(),
  driverId: z.string().nullable(),
  driver: person(),
  kind: z.enum(INSPECTION_KINDS),
  inspectedAt: instant(),
  odometer: z.number().int(),
  remarks: z.string().nullable(),
  status: z.enum(INSPECTION_STATUSES),
  defects: z.array(
    z.object({
      id: z.string(),
      item: z.enum(INSPECTION_ITEMS),
      note: z.string(),
      outOfService: z.boolean(),
      certifiedAt: instant().nullable(),
      certifiedById: z.string().nullable(),
      repaired: z.boolean().nullable(),
      certificationNote: z.string().nullable(),
      photos: z.array(InspectionPhotoRecordSchema),
    }),
  ),
  acknowledgedAt: instant().nullable(),
  acknowledgedById: z.string().nullable(),
  createdAt: instant(),
  version: z.number().int(),
})
export type InspectionRecord = z.infer<typeof InspectionRecordSchema>
