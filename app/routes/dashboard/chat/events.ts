import { chatEventStream } from '~/requests/chat-stream.server'
import { requirePermission } from '~/requests/session.server'
import { orNotFound } from '~/utils/errors.server'

import type { Route } from './+types/events'

/**
 * The conversation's event stream for the signed-in page (EventSource sends the session cookie,
 * not a bearer token): the same stream as GET /api/chat/{id}/events (app/requests/chat-stream.server.ts).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'chat')
  return orNotFound(chatEventStream(request, user, params.id))
}
