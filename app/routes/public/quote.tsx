import { data, href } from 'react-router'

import { SiteFrame } from '~/components/layout/site-frame'
import { QuotePage } from '~/components/quotes/quote-page'
import { getInstance, getLocale } from '~/middleware/i18next'
import { quoteOrganizationByHandle, siteServicesOf } from '~/models/quotes/quote.server'
import { formConstraint } from '~/requests/forms.server'
import { sentNumber, submitQuoteRequest } from '~/requests/quote-form.server'
import { QuoteRequestSchema } from '~/schemas/quote'

import type { Route } from './+types/quote'

export const handle = { i18n: ['site', 'quotes', 'trailers'] }

/**
 * /pricing/{handle} (ADR 061): an organization's own quote address, for any carrier of the
 * installation (the handle is its inbound address's local part, which it already publishes). It
 * speaks for that organization, as the token pages do; an unknown handle is the 404 page.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const organization = await quoteOrganizationByHandle(params.handle)
  if (!organization) throw data(null, { status: 404 })
  return {
    organization,
    carrier: organization.name,
    services: await siteServicesOf(organization.id),
    constraint: formConstraint(QuoteRequestSchema),
    sent: sentNumber(new URL(request.url)),
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const organization = await quoteOrganizationByHandle(params.handle)
  return submitQuoteRequest(request, organization?.id ?? null, getLocale(context), getInstance(context).t)
}

export default function OrganizationQuotePage({ loaderData, actionData, params }: Route.ComponentProps) {
  return (
    <SiteFrame organization={loaderData.organization} links={false}>
      <QuotePage page={loaderData} lastResult={actionData?.result} formAction={href('/pricing/:handle', { handle: params.handle })} />
    </SiteFrame>
  )
}
