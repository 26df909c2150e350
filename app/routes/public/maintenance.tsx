import { data } from 'react-router'

import { SiteFrame } from '~/components/layout/site-frame'
import { MaintenanceNotice } from '~/components/maintenance-notice'
import { MAINTENANCE_RETRY_AFTER_SECONDS, maintenanceRetryAfter, maintenanceState } from '~/models/operations/maintenance-mode.server'

import type { Route } from './+types/maintenance'

export const handle = { i18n: ['site'] }

/**
 * The page of maintenance mode (docs/decisions/069-operations.md): 503 with Retry-After, so
 * crawlers and monitors read it as "back soon", in the visitor's language, with the operator's
 * message and end time while the mode is on. It speaks as Freightdesk, not as the site's carrier,
 * and a database that cannot be read only leaves the message out.
 */
export async function loader() {
  const state = await maintenanceState().catch(() => null)
  const retryAfter = state ? maintenanceRetryAfter(state) : MAINTENANCE_RETRY_AFTER_SECONDS
  return data(
    { message: state?.message ?? null, until: state?.until?.toISOString() ?? null, retryAfter },
    { status: 503, headers: { 'Retry-After': String(retryAfter) } },
  )
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return { 'Retry-After': loaderHeaders.get('Retry-After') ?? String(MAINTENANCE_RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' }
}

export default function MaintenancePage({ loaderData }: Route.ComponentProps) {
  return (
    <SiteFrame organization={null} links={false}>
      <MaintenanceNotice message={loaderData.message} until={loaderData.until} signIn={false} />
    </SiteFrame>
  )
}
