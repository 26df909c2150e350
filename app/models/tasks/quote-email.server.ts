/**
 * `quote_email`: the price a dispatcher quoted, emailed to the requester, queued with
 * the price (app/models/quote.server.ts) under the key `quote_email:<id>`, so quoting again while
 * one waits sends the newest price once. The work is app/models/quote-email.server.ts.
 */
import { z } from 'zod'

import { defineTask } from '../jobs.server'

const Payload = z.object({ quoteId: z.string(), organizationId: z.string(), language: z.string() })

export const quoteEmailTask = defineTask('quote_email', {
  parse: (payload) => Payload.parse(payload),
  run: async (payload) => (await import('../quote-email.server')).sendQuoteEmail(payload),
})
