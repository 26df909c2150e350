/**
 * `accounting_export`: an accounting export batch's file, written to storage from the records the
 * batch claimed (app/models/accounting/export.server.ts, ADR 145), queued with the batch under
 * the key `accounting_export:<id>`. A failed attempt marks the batch failed and is tried again.
 */
import { z } from 'zod'

import { defineTask } from '../operations/jobs.server'

const Payload = z.object({ exportId: z.string(), organizationId: z.string() })

export const accountingExportTask = defineTask('accounting_export', {
  parse: (payload) => Payload.parse(payload),
  maxAttempts: 3,
  run: async (payload) => (await import('../accounting/export.server')).writeAccountingExport(payload.exportId, payload.organizationId),
})
