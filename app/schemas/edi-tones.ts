/** How the EDI pages colour a message's and a tender's status (ADR 147). */
import type { EDI_DELIVERIES, EDI_MESSAGE_STATUSES, EDI_TENDER_STATUSES } from './edi-options'
import type { Tone } from './tone'

export const EDI_MESSAGE_STATUS_TONE: Record<(typeof EDI_MESSAGE_STATUSES)[number], Tone> = {
  received: 'success',
  sent: 'info',
  acknowledged: 'success',
  rejected: 'error',
}
export const EDI_TENDER_STATUS_TONE: Record<(typeof EDI_TENDER_STATUSES)[number], Tone> = {
  pending: 'warning',
  accepted: 'success',
  declined: 'default',
  canceled: 'error',
  expired: 'default',
}
export const EDI_DELIVERY_TONE: Record<(typeof EDI_DELIVERIES)[number], Tone> = {
  waiting: 'warning',
  delivered: 'success',
  failed: 'error',
  manual: 'default',
}
