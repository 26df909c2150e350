import { handleApi, methodNotAllowed, requireApiPermission } from '~/requests/api.server'
import { chatEventStream } from '~/requests/chat-stream.server'

import type { Route } from './+types/events'

/**
 * GET /api/chat/{id}/events: `text/event-stream`, an `event: message` (id: the message's) with the
 * message as JSON for every new message of the conversation, whichever app server received it.
 * Participants only (checked once, at the open); `Last-Event-ID` resends what was missed.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'chat')
    return chatEventStream(request, user, params.id)
  })
}

export function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ['GET'])
}
