import { data } from 'react-router'

import { StatusPage } from '~/components/status-page'

/** Any unknown URL: the 404 page with status 404. */
export function loader() {
  throw data(null, { status: 404 })
}

export default function NotFound() {
  return <StatusPage status={404} />
}

export function ErrorBoundary() {
  return <StatusPage status={404} />
}
