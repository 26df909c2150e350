import { data } from 'react-router'

import { requireUser } from '~/requests/session.server'

import type { Route } from './+types/not-found'

/**
 * Unknown URLs under /dashboard: the 404 inside the dashboard frame (the layout's error boundary
 * keeps the navigation). Signed out, the visitor is sent to sign in first, like any dashboard URL.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request)
  throw data(null, { status: 404 })
}

export default function DashboardNotFound() {
  return null
}
