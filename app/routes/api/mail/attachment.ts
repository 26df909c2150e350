import { readMailAttachment } from '~/models/mail/mailbox.server'
import { handleApi, methodNotAllowed, requireApiPermission } from '~/requests/api.server'
import { DomainError } from '~/utils/errors.server'
import { storedFileHeaders } from '~/utils/file-name'

import type { Route } from './+types/attachment'

/** GET /api/mail/{id}/attachments/{attachmentId}: the file, as an attachment with `nosniff`, for a reader of its message. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'mail')
    const { attachment, body, sizeBytes } = await readMailAttachment(user, params.attachmentId)
    if (attachment.messageId !== params.id) throw new DomainError('not_found', 'mail.errors.notFound')
    return new Response(request.method === 'HEAD' ? null : body, {
      headers: storedFileHeaders(attachment, sizeBytes),
    })
  })
}

export function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ['GET', 'HEAD'])
}
