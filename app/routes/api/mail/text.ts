import { mailTextResponse, readMailText } from '~/models/mail/mailbox.server'
import { handleApi, methodNotAllowed, requireApiPermission } from '~/requests/api.server'

import type { Route } from './+types/text'

/** GET /api/mail/{id}/text: a long inbound message's whole text (`textUrl`), text/plain, streamed (ADR 082). */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'mail')
    return mailTextResponse(await readMailText(user, params.id), request.method === 'HEAD')
  })
}

export function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ['GET', 'HEAD'])
}
