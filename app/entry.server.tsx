import { Writable } from 'node:stream'

import type { i18n } from 'i18next'
import { renderToPipeableStream } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import {
  type EntryContext,
  type HandleDataRequestFunction,
  type HandleErrorFunction,
  href,
  redirectDocument,
  type RouterContextProvider,
  ServerRouter,
} from 'react-router'

import { NonceProvider } from './hooks/use-nonce'
import { detectLanguage, i18nFor } from './i18n.server'
import { getInstance } from './middleware/i18next'
import { maintenanceRetryAfterOf } from './middleware/maintenance-gate'
import { noteUnavailable } from './middleware/unavailable'
import { CSP_NONCE_HEADER } from './utils/csp-nonce'
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from './utils/errors.server'

/** server.ts starts the job queue's worker from the app's own build (app/models/operations/jobs.server.ts). */
export { startJobWorker } from '~/models/operations/jobs.server'
/** …and the inbound SMTP receiver, when INBOUND_SMTP_PORT is set (app/models/mail/inbound-smtp.server.ts). */
export { startInboundSmtp } from '~/models/mail/inbound-smtp.server'
/** …and ends the chat event streams when it begins to stop (app/utils/drain.server.ts). */
export { endEventStreams } from '~/models/chat/chat-events.server'

export const streamTimeout = 5_000

/** A loader's or action's error: an unreachable database makes the page a 503 (app/middleware/unavailable.ts). */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return
  if (isDatabaseUnavailable(error)) {
    noteUnavailable(context as RouterContextProvider)
    console.warn(`[freightdesk] database unavailable: ${error instanceof Error ? error.message.split('\n').at(-1) : String(error)}`)
    return
  }
  // Which request failed, so a log line leads somewhere (a sanitized error carries no stack).
  console.error(`[freightdesk] ${request.method} ${new URL(request.url).pathname} failed:`, error)
}

/**
 * A page or data request answered 503 (the database is unavailable) says when to try again.
 * Maintenance mode met by a data request (a client-side navigation, a revalidation): the gate
 * cannot tell it from a page, since React Router hands middleware the page's URL without `.data`,
 * so it answered the whole maintenance page, which the browser's router cannot read and showed as
 * "cannot reach its database". The browser goes to /maintenance instead, a document
 * load, which shows the operator's message and end time (ADR 104).
 */
export const handleDataRequest: HandleDataRequestFunction = (response, { context }) => {
  const maintenance = maintenanceRetryAfterOf(context)
  if (maintenance !== null && response.status === 503 && !response.headers.has('X-Remix-Response'))
    return redirectDocument(href('/maintenance'), { headers: { 'Retry-After': String(maintenance), 'Cache-Control': 'private, no-store' } })
  if (response.status === 503) response.headers.set('Retry-After', String(maintenance ?? RETRY_AFTER_SECONDS))
  return response
}

/** Requests that match no route skip the middleware; they still render in the right language. */
function i18nForRequest(request: Request, context: RouterContextProvider): i18n {
  try {
    return getInstance(context)
  } catch {
    return i18nFor(detectLanguage(request))
  }
}

/**
 * The context cut to the page's matched routes for its render. ServerRouter turns every entry of
 * the manifest into a route object on each render, and the static router converts them again: a
 * fifteenth of a page's CPU over the app's ~550 routes (profiled). The render reads only the
 * matched routes' entries (their modules, links and scripts); the browser gets the whole manifest
 * from its own file (routeDiscovery 'initial'), never from this (ADR 077).
 */
function renderedContext(context: EntryContext): EntryContext {
  const routes = Object.fromEntries(context.staticHandlerContext.matches.map(({ route }) => [route.id, context.manifest.routes[route.id]]))
  // The ranked branches of the whole table would not match these routes: the router ranks its own.
  return { ...context, manifest: { ...context.manifest, routes }, branches: undefined as unknown as EntryContext['branches'] }
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // A maintenance answer's or the /maintenance page's own Retry-After stands; an outage's is 30 s.
  if (responseStatusCode === 503) {
    responseHeaders.set('Retry-After', String(maintenanceRetryAfterOf(loadContext) ?? responseHeaders.get('Retry-After') ?? RETRY_AFTER_SECONDS))
  }
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }
  const i18n = i18nForRequest(request, loadContext)
  // server.ts sends the matching Content-Security-Policy; without it (dev, tests) there is none.
  const nonce = request.headers.get(CSP_NONCE_HEADER) ?? ''

  // The page is rendered whole, then sent as one body (ADR 021): loaders await their data, so
  // streaming sent the same bytes later, as ~40 small writes through compression and the socket.
  return new Promise((resolve, reject) => {
    let shellRendered = false
    const chunks: Buffer[] = []
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000)
    const body = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk)
        callback()
      },
      final(callback) {
        clearTimeout(timeoutId)
        const html = Buffer.concat(chunks)
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
        responseHeaders.set('Content-Length', String(html.length))
        resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }))
        callback()
      },
    })

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={i18n}>
          <ServerRouter context={renderedContext(routerContext)} url={request.url} nonce={nonce} />
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true
        },
        onAllReady() {
          pipe(body)
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId)
          reject(error)
        },
        // A shell error rejects (React Router renders the error page); an error inside a Suspense
        // boundary leaves the page usable, with that part rendered in the browser.
        onError(error: unknown) {
          if (shellRendered) console.error(`[freightdesk] rendering ${new URL(request.url).pathname} failed:`, error)
        },
      },
    )
  })
}
