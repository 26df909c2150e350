import { createContext, data, type MiddlewareFunction, type RouterContextProvider } from 'react-router'

/** Whether a loader or action of this request met an unreachable or exhausted database. */
const unavailableContext = createContext<{ unavailable: boolean } | null>(null)

/**
 * Pages while the database is down or out of connections: 503 with Retry-After and the translated
 * "try again in a moment" page (root ErrorBoundary), as the API and /health answer, instead of a
 * 500. Loaders and actions throw the database's own error; entry.server.tsx's handleError notes
 * it here (noteUnavailable), and the page is answered again as 503 once the route has run;
 * entry.server.tsx adds Retry-After to every 503.
 */
export const unavailableMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const state = { unavailable: false }
  context.set(unavailableContext, state)
  const response = await next()
  if (!state.unavailable) return response
  throw data(null, { status: 503, statusText: 'Service Unavailable' })
}

export function noteUnavailable(context: Readonly<RouterContextProvider>) {
  const state = context.get(unavailableContext)
  if (state) state.unavailable = true
}
