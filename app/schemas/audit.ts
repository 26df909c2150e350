import type { z } from 'zod'

import { AUDIT_ACTIONS, AUDIT_ENTITIES } from './audit-options'
import { dateFilter, enumFilter, idFilter, listQuery } from './list-query'

/** The audit page's filters, from its URL: entity, record, user, action and a day range. */
export const AuditListQuerySchema = listQuery({
  sorts: ['at'],
  defaultSort: 'at',
  defaultDir: 'desc',
  filters: {
    entity: enumFilter(AUDIT_ENTITIES),
    entityId: idFilter(),
    userId: idFilter(),
    action: enumFilter(AUDIT_ACTIONS),
    from: dateFilter(),
    to: dateFilter(),
  },
})
export type AuditListQuery = z.infer<typeof AuditListQuerySchema>
