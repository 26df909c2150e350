/** Driver qualification file choices shared by pages, schemas, the policy and the model (ADR 139). No zod here. */
import type { Tone } from './tone'

/** The kinds of a driver qualification file's items (49 CFR 391.51), in the order pages list them. */
export const QUALIFICATION_KINDS = [
  'application',
  'mvr',
  'road_test',
  'medical_certificate',
  'clearinghouse_query',
  'drug_test',
  'annual_review',
  'license',
  'other',
] as const
export type QualificationKind = (typeof QUALIFICATION_KINDS)[number]

/** How long an item of each kind holds (the policy's rule, app/policies/qualification.ts; here so the form's schema reads it too): a year from when it was done, until its printed date, or once for good. */
export const KIND_VALIDITY = {
  application: 'once',
  mvr: 'yearly',
  road_test: 'once',
  medical_certificate: 'dated',
  clearinghouse_query: 'yearly',
  drug_test: 'once',
  annual_review: 'yearly',
  license: 'dated',
  other: 'optional',
} as const satisfies Record<QualificationKind, 'once' | 'yearly' | 'dated' | 'optional'>

/** Kinds whose items must carry an expiry date (the date printed on the card). */
export function expiryRequired(kind: QualificationKind) {
  return KIND_VALIDITY[kind] === 'dated'
}

/** Whether the office has taken an item into the file (a driver's upload waits as pending). */
export const QUALIFICATION_REVIEWS = ['pending', 'accepted', 'rejected'] as const
export type QualificationReview = (typeof QUALIFICATION_REVIEWS)[number]

/** What app/policies/qualification.ts says of a driver's kind on a day. */
export const COMPLIANCE_STATUSES = ['ok', 'expiring', 'expired', 'missing'] as const
export type ComplianceStatus = (typeof COMPLIANCE_STATUSES)[number]

/** How each status looks: its badge tone. */
export const COMPLIANCE_STATUS_TONE = { ok: 'success', expiring: 'warning', expired: 'error', missing: 'error' } as const satisfies Record<
  ComplianceStatus,
  Tone
>

/** The longest result ("Satisfactory, no violations in 36 months") and notes an item keeps. */
export const QUALIFICATION_RESULT_MAX = 200
export const QUALIFICATION_NOTES_MAX = 2_000
/** Reminders from the day before to a year ahead (0: none); the database holds the same bounds. */
export const REMINDER_DAYS_MAX = 365
