/**
 * The public quote form's server side (ADR 061), shared by /pricing (the site
 * organization) and /pricing/{handle} (any organization's own quote address): the hostile body is
 * read with the form's schema, a filled honeypot is thanked and dropped, each requester address
 * and client IP is limited, and a saved request redirects (PRG) to the thank-you state with its
 * number. Never a 500 for bad input: field errors, or the limit's message above the form.
 */
import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect } from 'react-router'

import { consumeQuoteLimit, createQuoteRequest } from '~/models/quotes/quote.server'
import { QuoteRequestSchema } from '~/schemas/quote'
import { formatQuoteNumber, QUOTE_HONEYPOT } from '~/schemas/quote-options'

import { formFailure, invalidSubmission } from './forms.server'
import { getClientIp } from './session.server'

type Translate = (key: string, params?: Record<string, unknown>) => string

/** The thank-you state's query: `?sent=12` (the request's number), `?sent=0` when nothing may be told. */
export function sentNumber(url: URL) {
  const raw = url.searchParams.get('sent')
  if (raw === null || !/^\d{1,9}$/.test(raw)) return null
  const number = Number(raw)
  return { number: number > 0 ? formatQuoteNumber(number) : null }
}

export async function submitQuoteRequest(request: Request, organizationId: string | null, language: string, t: Translate) {
  if (!organizationId) throw data(null, { status: 404 })
  const url = new URL(request.url)
  const back = (sent: number) => redirect(`${url.pathname}?sent=${sent}#sent`)
  const form = await request.formData()
  const submission = parseWithZod(form, { schema: QuoteRequestSchema })
  if (submission.status !== 'success') return invalidSubmission(submission, { hideFields: [QUOTE_HONEYPOT], translate: t })
  // A bot filled the hidden field: it is thanked like anyone, and nothing is kept.
  if (submission.value[QUOTE_HONEYPOT]) return back(0)
  const limit = await consumeQuoteLimit(organizationId, submission.value.email, getClientIp(request))
  if (!limit.ok) {
    return data(
      { kind: 'refused' as const, intent: null, about: null, conflict: false, result: submission.reply({ formErrors: [t('quotes.pricing.limited')] }) },
      { status: 429, headers: { 'Retry-After': String(limit.retryAfterSeconds) } },
    )
  }
  try {
    const quote = await createQuoteRequest(organizationId, submission.value, language)
    return back(quote.number)
  } catch (error) {
    return formFailure(submission, error, { translate: t })
  }
}
