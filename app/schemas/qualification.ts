/**
 * The driver qualification file's item (ADR 139): one schema for the file's form (Conform) and the
 * API (`/api/drivers/{userId}/qualifications`), its rules between fields said here so a form gets
 * them at the field; the kind's rules are the policy's (app/policies/qualification.ts). Messages
 * are i18n keys. The organization's "today" (completed not after it) is the model's, on its clock.
 */
import { z } from 'zod'

import { apiRecordSchema, day, instant, personRef } from './api-record'
import { dateOnly, integer, optionalText, withVersion } from './fields'
import {
  COMPLIANCE_STATUSES,
  expiryRequired,
  QUALIFICATION_KINDS,
  QUALIFICATION_NOTES_MAX,
  QUALIFICATION_RESULT_MAX,
  QUALIFICATION_REVIEWS,
  REMINDER_DAYS_MAX,
} from './qualification-options'
import { VersionSchema } from './version'

const QualificationFields = z.object({
  kind: z.enum(QUALIFICATION_KINDS, { error: 'qualifications.errors.kind' }),
  completedAt: dateOnly(),
  expiresAt: dateOnly().optional(),
  result: optionalText(QUALIFICATION_RESULT_MAX),
  notes: optionalText(QUALIFICATION_NOTES_MAX),
})

type QualificationShape = z.infer<typeof QualificationFields>

/** The UTC day after today: no time zone is further ahead, so a later day is ahead everywhere (the model checks the organization's own today). */
function latestPossibleToday() {
  return new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
}

/** An expiry not before the day it was done, one for the dated kinds (the card's date), and nothing done in the future. */
function qualificationRules(value: QualificationShape, ctx: z.RefinementCtx) {
  if (value.completedAt > latestPossibleToday()) ctx.addIssue({ code: 'custom', path: ['completedAt'], message: 'qualifications.errors.completedAhead' })
  if (value.expiresAt !== undefined && value.expiresAt < value.completedAt)
    ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: 'qualifications.errors.expiresBeforeDone' })
  if (value.expiresAt === undefined && expiryRequired(value.kind))
    ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: 'qualifications.errors.expiryRequired' })
}

/** A new item (the office's form, a driver's renewed card, POST). */
export const QualificationSchema = QualificationFields.superRefine(qualificationRules)
export type QualificationInput = z.infer<typeof QualificationSchema>

/**
 * The whole item at the version read (the edit form, PUT); the office may also accept or reject a
 * driver's upload in the same write (`review`).
 */
export const QualificationUpdateSchema = withVersion(QualificationFields)
  .extend({ review: z.enum(['accepted', 'rejected'], { error: 'qualifications.errors.review' }).optional() })
  .superRefine(qualificationRules)
export type QualificationUpdateInput = z.infer<typeof QualificationUpdateSchema>

/** The office's answer to a driver's upload (the file's accept and reject buttons). */
export const QualificationReviewSchema = z.object({
  review: z.enum(['accepted', 'rejected'], { error: 'qualifications.errors.review' }),
  version: VersionSchema,
})

/** The organization's choices: which kinds are required, how many days before an expiry its reminder goes. */
export const ComplianceSettingsSchema = z.object({
  requiredKinds: z
    .array(z.enum(QUALIFICATION_KINDS, { error: 'qualifications.errors.kind' }))
    .default([])
    .transform((kinds) => QUALIFICATION_KINDS.filter((kind) => kinds.includes(kind))),
  reminderDays: integer(0, REMINDER_DAYS_MAX),
  version: VersionSchema,
})
export type ComplianceSettingsInput = z.infer<typeof ComplianceSettingsSchema>

/** An item's document as the API answers it; `url` reads it with the same key or session. */
const DocumentSchema = z.object({ fileName: z.string(), contentType: z.string(), sizeBytes: z.number().int(), url: z.string() })

/** An item as the API answers it (serializeQualification): the OpenAPI's `DriverQualification`. */
export const QualificationRecordSchema = apiRecordSchema({
  driverId: z.string(),
  kind: z.enum(QUALIFICATION_KINDS),
  completedAt: day(),
  expiresAt: day().nullable(),
  result: z.string().nullable(),
  notes: z.string().nullable(),
  review: z.enum(QUALIFICATION_REVIEWS).describe('`pending`: a driver’s upload the office has not accepted yet; only `accepted` items count.'),
  reviewedAt: instant().nullable(),
  reviewedBy: personRef().nullable(),
  validThrough: day()
    .nullable()
    .describe(
      'The last day the item holds by its kind’s rule (12 months for MVR, annual review and Clearinghouse query; the card’s date for medical certificate and license); null: never expires.',
    ),
  status: z.enum(COMPLIANCE_STATUSES).describe('The item on the organization’s today: ok, expiring (within 30 days), expired.'),
  document: DocumentSchema.nullable(),
})
export type QualificationRecord = z.infer<typeof QualificationRecordSchema>

/** The organization's settings as the API answers them. */
export const ComplianceSettingsRecordSchema = z.object({
  requiredKinds: z.array(z.enum(QUALIFICATION_KINDS)),
  reminderDays: z.number().int(),
  version: z.number().int(),
})
export type ComplianceSettingsRecord = z.infer<typeof ComplianceSettingsRecordSchema>
