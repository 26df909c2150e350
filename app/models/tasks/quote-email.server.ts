/**
 * `quote_email`: the price a dispatcher quoted, emailed to the requester, queued with
 * the price (app/models/quotes/quote.server.ts) under the key `quote_email:<id>`, so quoting again while
 * one waits sends the newest price once. The work is app/models/quotes/quote-email.server.ts.
 */
import { z } from 'zod'

import { defineTask } from '../operations/jobs.server'

const Payload = z.object({ quoteId: z.string(), organizationId: z.string(), language: z.string() })

export const quoteEmailTask = defineTask('quote_email', {
  parse: (payload) => Payload.parse(payload),
  run: async (payload) => (await import('../quotes/quote-email.server')).sendQuoteEmail(payload),
})
