import { markRead } from '~/models/chat/chat.server'
import { apiData, handleApi, methodNotAllowed, readActionBody, requireApiPermission } from '~/requests/api.server'
import { ChatReadBodySchema } from '~/schemas/chat'

import type { Route } from './+types/read'

/** POST /api/chat/{id}/read (no body, or `{}`): the caller's `unreadCount` in it becomes 0. Viewers too (it is their own mark). */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'chat')
    await readActionBody(request, ChatReadBodySchema)
    return apiData(await markRead(user, params.id))
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}
