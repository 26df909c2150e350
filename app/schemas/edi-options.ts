/** EDI's words (ADR 147): the database's enums, in the order pages show them. */
export const EDI_TRANSPORTS = ['sftp', 'http', 'manual'] as const
export const EDI_DIRECTIONS = ['in', 'out'] as const
export const EDI_MESSAGE_STATUSES = ['received', 'sent', 'acknowledged', 'rejected'] as const
export const EDI_MESSAGE_TYPES = ['204', '990', '214', '210', '997'] as const
export const EDI_TENDER_PURPOSES = ['new', 'change', 'cancel'] as const
export const EDI_TENDER_STATUSES = ['pending', 'accepted', 'declined', 'canceled', 'expired'] as const
/** Where one of our interchanges is on its way (ADR 149). */
export const EDI_DELIVERIES = ['waiting', 'delivered', 'failed', 'manual'] as const
