import { createContext, data, href, type MiddlewareFunction, type RouterContextProvider } from 'react-router'

import { maintenanceDocument } from '~/components/maintenance-document'
import type { MaintenanceRefusal } from '~/components/maintenance-notice'
import { maintenanceRetryAfter, maintenanceState, passesMaintenance } from '~/models/operations/maintenance-mode.server'
import { getUser } from '~/requests/session.server'
import { isDatabaseUnavailable } from '~/utils/errors.server'

import { getInstance } from './i18next'

/** The Retry-After of this request's maintenance answer, for entry.server.tsx. */
const retryAfterContext = createContext<{ seconds: number } | null>(null)

/**
 * Paths every visitor reaches during maintenance: the page itself, /health (it says
 * `maintenance`), signing in and out (a site admin signs in to check the app) and the language
 * and display settings of the page.
 */
const OPEN_PATHS = new Set<string>([
  href('/maintenance'),
  href('/health'),
  href('/auth/login'),
  href('/auth/login-unprotected'),
  href('/auth/logout'),
  href('/resources/language'),
  href('/resources/settings'),
])

function isApi(path: string) {
  return /^\/+api(\/|$)/i.test(path)
}

function isDataRequest(url: URL) {
  return url.pathname.endsWith('.data')
}

/** A React Router data request (`/x.data`, `/_root.data`) is its page's path. */
function pagePath(url: URL) {
  const path = url.pathname.replace(/\/(_root|_)\.data$/, '/').replace(/\.data$/, '')
  return path.length > 1 ? path.replace(/\/+$/, '') : path
}

/** Admins of the site organization (app/models/organization/site.server.ts) use the app as usual, to check it. */
async function isSiteAdmin(request: Request) {
  const user = await getUser(request)
  return user ? passesMaintenance(user) : false
}

/**
 * Maintenance mode (docs/decisions/069-operations.md), the one place every request is checked:
 * root middleware, so it runs before every page, data request, resource route and API handler.
 * Pages answer 503 with Retry-After and the maintenance notice in the visitor's language (a whole
 * page for an address opened, the root ErrorBoundary for a client-side navigation), the API 503
 * `unavailable`; site admins pass. A database that cannot say is not
 * maintenance: the request goes on and meets the outage's own 503 (app/middleware/unavailable.ts).
 */
export const maintenanceGate: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const url = new URL(request.url)
  const path = pagePath(url)
  if (OPEN_PATHS.has(path)) return next()
  let state
  try {
    state = await maintenanceState()
    if (!state) return next()
    if (!isApi(path) && (await isSiteAdmin(request))) return next()
  } catch (error) {
    if (isDatabaseUnavailable(error)) return next()
    throw error
  }
  const seconds = maintenanceRetryAfter(state)
  context.set(retryAfterContext, { seconds })
  const headers = { 'Retry-After': String(seconds), 'Cache-Control': 'private, no-store' }
  if (isApi(path)) {
    const message = getInstance(context).t('edge.maintenance')
    return Response.json({ error: { code: 'unavailable', message } }, { status: 503, headers })
  }
  const notice = { message: state.message, until: state.until?.toISOString() ?? null }
  // A browser opening an address: the whole page, whatever route (a page, or a resource route such as `/`).
  // React Router hands middleware a data request's page URL (no `.data`), so data requests land here
  // too; entry.server.tsx's handleDataRequest sends those to /maintenance (ADR 104).
  if (!isDataRequest(url)) {
    const html = maintenanceDocument(getInstance(context), request.headers.get('Cookie'), notice)
    return new Response(request.method === 'HEAD' ? null : html, { status: 503, headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8' } })
  }
  // A client-side navigation: the root ErrorBoundary shows the same notice.
  throw data<MaintenanceRefusal>({ maintenance: notice }, { status: 503, statusText: 'Service Unavailable', headers: { 'Retry-After': String(seconds) } })
}

/** The Retry-After a maintenance answer of this request carries, if it is one. */
export function maintenanceRetryAfterOf(context: Readonly<RouterContextProvider>) {
  try {
    return context.get(retryAfterContext)?.seconds ?? null
  } catch {
    return null
  }
}
