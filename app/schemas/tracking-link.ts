/** A shipment's tracking link (ADR 063): how long it works, in days. */
import { z } from 'zod'

import { integer } from './fields'
import { requiredId } from './text'
import { TRACKING_LINK_DEFAULT_DAYS, TRACKING_LINK_MAX_DAYS } from './tracking-link-options'

/** `POST /api/loads/{id}/tracking` and the load page's "Share tracking" form. */
export const TrackingLinkCreateSchema = z.object({
  expiresInDays: integer(1, TRACKING_LINK_MAX_DAYS).default(TRACKING_LINK_DEFAULT_DAYS),
})
export type TrackingLinkCreateInput = z.infer<typeof TrackingLinkCreateSchema>

/** The load page's Revoke button. */
export const TrackingLinkRevokeSchema = z.object({ linkId: requiredId() })
