import { createCookie, data, href, redirect } from 'react-router'

import { getSessionUser, type SessionUser } from '~/models/users/auth.server'
import { SESSION_TTL_MS } from '~/models/users/auth.server'
import { CLIENT_IP_HEADER } from '~/utils/client-ip'
import { env } from '~/utils/env.server'
import { type Action, can, type Entity } from '~/utils/permissions'

/** Cookies this app sets share the `fd_` prefix (theme and language cookies keep the spec's names). */
function sessionCookie() {
  const { SESSION_SECRET, HTTPS } = env()
  return createCookie('fd_session', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    // curl and browsers drop Secure cookies over plain http: only set it when served over https.
    secure: HTTPS,
    secrets: [SESSION_SECRET],
    maxAge: SESSION_TTL_MS / 1000,
  })
}

export async function commitSessionCookie(sessionId: string) {
  return sessionCookie().serialize(sessionId)
}

export async function destroySessionCookie() {
  return sessionCookie().serialize('', { maxAge: 0 })
}

export async function getSessionId(request: Request): Promise<string | null> {
  const value = await sessionCookie().parse(request.headers.get('Cookie'))
  return typeof value === 'string' && value ? value : null
}

/**
 * Root, layout and page loaders run in parallel for one request, each with its own copy of the
 * Request: they share one lookup (cookie signature check and query) through the Cookie header
 * while it is in flight. Nothing is kept once it settles, so a ban or sign-out counts at once.
 */
const inFlight = new Map<string, Promise<SessionUser | null>>()

export function getUser(request: Request): Promise<SessionUser | null> {
  const cookie = request.headers.get('Cookie')
  if (!cookie) return Promise.resolve(null)
  let pending = inFlight.get(cookie)
  if (!pending) {
    pending = getSessionId(request)
      .then((id) => (id ? getSessionUser(id) : null))
      .finally(() => inFlight.delete(cookie))
    inFlight.set(cookie, pending)
  }
  return pending
}

export function loginRedirectUrl(request: Request) {
  const url = new URL(request.url)
  const redirectTo = `${url.pathname}${url.search}`
  return `${href('/auth/login')}?${new URLSearchParams({ redirectTo })}`
}

export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getUser(request)
  if (!user) throw redirect(loginRedirectUrl(request))
  return user
}

/** Signed in and allowed, or the 403 page (the root ErrorBoundary renders it). */
export async function requirePermission(request: Request, action: Action, entity: Entity): Promise<SessionUser> {
  const user = await requireUser(request)
  if (!can(user.role, action, entity)) throw data({ reason: 'forbidden' }, { status: 403 })
  return user
}

const REDIRECT_BASE = 'http://freightdesk.invalid'

/**
 * Only same-origin paths, so a crafted link cannot send a user elsewhere after sign-in. The URL
 * parser decides (as a browser would: `/\t/evil.example` becomes `//evil.example`), and anything
 * that could not go into a Location header (control or non-Latin-1 characters) falls back too:
 * an invalid header would fail the response after the session was already created.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = `${href('/dashboard/app')}/`) {
  if (typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback
  // Control characters (which browsers strip or reject) and anything beyond Latin-1.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (/[\u0000-\u001f\u007f-\u009f\\]|[^\u0000-\u00ff]/.test(to)) return fallback
  let url: URL
  try {
    url = new URL(to, REDIRECT_BASE)
  } catch {
    return fallback
  }
  if (url.origin !== REDIRECT_BASE) return fallback
  const path = `${url.pathname}${url.search}${url.hash}`
  // The parser may normalise `/.//x` to `//x`, which a browser reads as another host.
  if (path.startsWith('//') || path.startsWith('/\\')) return fallback
  return path
}

export function getClientIp(request: Request) {
  return request.headers.get(CLIENT_IP_HEADER) ?? 'unknown'
}
