/**
 * `invoice_email`: the emailed copy of a sent invoice, queued with the send (app/models/invoices/invoice.server.ts)
 * under the key `invoice_email:<id>`, so "Email again" while one waits is still one email. The work
 * (PDF, mail, the outcome on the invoice) is app/models/invoices/invoice-email.server.ts, loaded when a job runs.
 */
import { z } from 'zod'

import { defineTask } from '../operations/jobs.server'

const Payload = z.object({ invoiceId: z.string(), organizationId: z.string() })

export const invoiceEmailTask = defineTask('invoice_email', {
  parse: (payload) => Payload.parse(payload),
  run: async (payload, helpers) => (await import('../invoices/invoice-email.server')).sendInvoiceEmail(payload, helpers),
})
