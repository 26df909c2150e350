import { data } from 'react-router'

import { StatusPage } from '~/components/status-page'

import type { Route } from './+types/status-page'

/** /403, /404 and /500: the pages answer with their own status code. */
export function loader({ request }: Route.LoaderArgs) {
  const status = Number(new URL(request.url).pathname.replace(/\/$/, '').slice(1))
  return data({ status }, { status })
}

export default function StatusRoute({ loaderData }: Route.ComponentProps) {
  return <StatusPage status={loaderData.status} />
}
