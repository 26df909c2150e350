import { getConversation } from '~/models/chat/chat.server'
import { apiData, handleApi, methodNotAllowed, parseOrThrow, requireApiPermission } from '~/requests/api.server'
import { ChatHistoryQuery } from '~/schemas/chat'

import type { Route } from './+types/item'

/**
 * GET /api/chat/{id}: the conversation with its newest messages, oldest first; `?before=<message
 * id>` pages back (`meta.before` names the next page's, null at the start). Participants only;
 * anyone else, and another organization, 404. Reading does not mark it read (`POST …/read` does).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'chat')
    const query = parseOrThrow(ChatHistoryQuery, { before: new URL(request.url).searchParams.get('before') ?? undefined })
    const { conversation, messages, hasMore, before } = await getConversation(user, params.id, query.before)
    return apiData({ ...conversation, messages }, { meta: { hasMore, before } })
  })
}

export function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ['GET'])
}
