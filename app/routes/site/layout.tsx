import { Outlet } from 'react-router'

import { SiteFrame } from '~/components/layout/site-frame'
import { siteFrameOrganization } from '~/models/organization/site.server'

import type { Route } from './+types/layout'

/** The strings the site pages need in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['site'] }

/** The public site: signed out, server-rendered, speaking for the site organization. */
export async function loader() {
  return { organization: await siteFrameOrganization() }
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  return (
    <SiteFrame organization={loaderData.organization}>
      <Outlet />
    </SiteFrame>
  )
}
