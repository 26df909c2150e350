/** Audit choices shared by the page, its schema and the model. No zod here. */

/** The entities whose changes are recorded (AuditEvent.entity); more join as they land. */
export const AUDIT_ENTITIES = [
  'truck',
  'trailer',
  'broker',
  'company',
  'user',
  'customField',
  'organization',
  'apiKey',
  'load',
  'trackingLink',
  'fileShare',
  'invoice',
  'remittanceAdvice',
  'settlement',
  'factoring',
  'product',
  'post',
  'storeOrder',
  'calendarEvent',
  'quoteRequest',
  'webhook',
  'maintenance',
  'accountingLock',
] as const
export type AuditEntity = (typeof AUDIT_ENTITIES)[number]
export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'status'] as const

export const AUDIT_ACTION_TONE = {
  create: 'success',
  update: 'info',
  delete: 'error',
  status: 'warning',
} as const
