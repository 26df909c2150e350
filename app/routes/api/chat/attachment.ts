import { attachmentHeaders, readChatAttachment } from '~/models/chat/chat.server'
import { handleApi, methodNotAllowed, requireApiPermission } from '~/requests/api.server'

import type { Route } from './+types/attachment'

/** GET /api/chat/{id}/attachments/{attachmentId}: the file, for the conversation's participants (else 404). */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'chat')
    const { attachment, body, sizeBytes } = await readChatAttachment(user, params.id, params.attachmentId)
    return new Response(request.method === 'HEAD' ? null : body, { headers: attachmentHeaders(attachment, sizeBytes) })
  })
}

export function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ['GET'])
}
