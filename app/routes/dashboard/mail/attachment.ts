import { readMailAttachment } from '~/models/mail/mailbox.server'
import { requirePermission } from '~/requests/session.server'
import { orNotFound } from '~/utils/errors.server'
import { storedFileHeaders } from '~/utils/file-name'

import type { Route } from './+types/attachment'

/**
 * A mail attachment's file for the signed-in page (the API's twin is /api/mail/{id}/attachments/{id}):
 * a reader of its message's mailbox only, else 404. Always an attachment with the type read from
 * its bytes and `nosniff`, so a file never renders as a page.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'mail')
  const { attachment, body, sizeBytes } = await orNotFound(readMailAttachment(user, params.attachmentId))
  return new Response(body, {
    headers: storedFileHeaders(attachment, sizeBytes),
  })
}
