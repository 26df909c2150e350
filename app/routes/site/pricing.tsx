import { href } from 'react-router'

import { QuotePage } from '~/components/quotes/quote-page'
import { getInstance, getLocale } from '~/middleware/i18next'
import { siteFrameOrganization } from '~/models/organization/site.server'
import { siteServicesOf } from '~/models/quotes/quote.server'
import { formConstraint } from '~/requests/forms.server'
import { sentNumber, submitQuoteRequest } from '~/requests/quote-form.server'
import { QuoteRequestSchema } from '~/schemas/quote'

import type { Route } from './+types/pricing'

export const handle = { i18n: ['quotes', 'trailers'] }

/** /pricing: the site organization's services and its quote request form, signed out. */
export async function loader({ request }: Route.LoaderArgs) {
  const organization = await siteFrameOrganization()
  return {
    carrier: organization?.name ?? 'Freightdesk',
    services: organization ? await siteServicesOf(organization.id) : [],
    constraint: formConstraint(QuoteRequestSchema),
    sent: sentNumber(new URL(request.url)),
  }
}

/** A request into the site organization (app/requests/quote-form.server.ts: limits, honeypot, PRG). */
export async function action({ request, context }: Route.ActionArgs) {
  const organization = await siteFrameOrganization()
  return submitQuoteRequest(request, organization?.id ?? null, getLocale(context), getInstance(context).t)
}

export default function PricingPage({ loaderData, actionData }: Route.ComponentProps) {
  return <QuotePage page={loaderData} lastResult={actionData?.result} formAction={href('/pricing')} />
}
