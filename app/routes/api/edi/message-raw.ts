import { getMessageRaw, rawFileName } from '~/models/edi/message.server'
import { handleApi, methodNotAllowed, requireApiPermission } from '~/requests/api.server'

import type { Route } from './+types/message-raw'

/** GET /api/edi/messages/{id}/raw: the interchange as it came or went (application/edi-x12). */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'edi')
    const message = await getMessageRaw(user.organizationId, params.id)
    return new Response(message.raw, {
      headers: {
        'Content-Type': 'application/edi-x12; charset=utf-8',
        'Content-Disposition': `attachment; filename="${rawFileName(message)}"`,
        'Cache-Control': 'private, no-store',
      },
    })
  })
}

export function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ['GET', 'HEAD'])
}
