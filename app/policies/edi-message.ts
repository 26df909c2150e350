/**
 * A message of the EDI log (ADR 155): what may be done with it. Only one we wrote whose delivery
 * failed (its attempts spent, or a fault retrying could not mend) is sent again, by those who may
 * update EDI. The outbound model refuses with this reason; the message log offers exactly this.
 * No zod and nothing server-only (ADR 047, ADR 059).
 */
import type { EDI_DELIVERIES, EDI_DIRECTIONS } from '~/schemas/edi-options'

import type { PolicyRefusal } from './refusal'

export type MessageDelivery = { direction: (typeof EDI_DIRECTIONS)[number]; delivery: (typeof EDI_DELIVERIES)[number] | null }

/** Why the message cannot be sent again, or null when it can. */
export function resendRefusal(message: MessageDelivery): PolicyRefusal | null {
  if (message.direction !== 'out' || message.delivery !== 'failed') return { code: 'invalid_transition', key: 'edi.resend.errors.notFailed' }
  return null
}
