import { getInstance } from '~/middleware/i18next'
import { pageChatEventStream } from '~/requests/chat-stream.server'
import { requirePermission } from '~/requests/session.server'

import type { Route } from './+types/events'

/**
 * The conversation's event stream for the signed-in page (EventSource sends the session cookie,
 * not a bearer token): the same stream as GET /api/chat/{id}/events (app/requests/chat-stream.server.ts),
 * counted against the API's rate limits, its refusals plain text with Retry-After.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'chat')
  return pageChatEventStream(request, user, params.id, getInstance(context).t)
}
