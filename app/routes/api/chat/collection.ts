import { conversationPage, listConversations, startConversation } from '~/models/chat/chat.server'
import { apiData, handleApi, methodNotAllowed, readBody, requireApiPermission } from '~/requests/api.server'
import { ConversationSchema } from '~/schemas/chat'

import type { Route } from './+types/collection'

/** GET /api/chat: the caller's conversations, most recent first, with `unreadCount` and `lastMessage`, 100 a page (`?page=`). */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'chat')
    const { items, total, page, pageSize } = await listConversations(user, conversationPage(new URL(request.url).searchParams.get('page')))
    return apiData(items, { meta: { total, page, pageSize } })
  })
}

/**
 * POST /api/chat `{ participantIds, title?, loadId?, body? }`: one other person is the pair's one
 * conversation, more (or a title) a group, `loadId` the load's conversation (joined by the
 * caller). 201 when created, 200 when it existed; `body` is posted as its first message.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['GET', 'POST'])
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'create', 'chat')
    const input = await readBody(request, ConversationSchema)
    const { conversation, created } = await startConversation(user, input)
    return apiData(conversation, { status: created ? 201 : 200 })
  })
}
