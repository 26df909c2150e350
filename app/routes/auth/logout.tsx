import { href, redirect } from 'react-router'

import { deleteSession } from '~/models/users/auth.server'
import { destroySessionCookie, getSessionId } from '~/requests/session.server'

import type { Route } from './+types/logout'

/** POST only: a link or an image cannot sign anyone out. */
export async function action({ request }: Route.ActionArgs) {
  const sessionId = await getSessionId(request)
  if (sessionId) await deleteSession(sessionId)
  return redirect(href('/auth/login'), { headers: { 'Set-Cookie': await destroySessionCookie() } })
}

export function loader() {
  return redirect(href('/dashboard/app'))
}
