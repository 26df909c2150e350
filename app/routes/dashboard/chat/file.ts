import { attachmentHeaders, readChatAttachment } from '~/models/chat/chat.server'
import { requirePermission } from '~/requests/session.server'
import { orNotFound } from '~/utils/errors.server'

import type { Route } from './+types/file'

/** A chat attachment for the signed-in page (the API's twin: /api/chat/{id}/attachments/{id}); participants only, else 404. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'chat')
  const { attachment, body, sizeBytes } = await orNotFound(readChatAttachment(user, params.id, params.attachmentId))
  return new Response(body, { headers: attachmentHeaders(attachment, sizeBytes) })
}
