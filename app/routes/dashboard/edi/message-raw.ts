import { getMessageRaw, rawFileName } from '~/models/edi/message.server'
import { requirePermission } from '~/requests/session.server'
import { orNotFound } from '~/utils/errors.server'

import type { Route } from './+types/message-raw'

/** The interchange as it came or went (the message log's download), for who may read EDI. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'edi')
  const message = await orNotFound(getMessageRaw(user.organizationId, params.id))
  return new Response(message.raw, {
    headers: {
      'Content-Type': 'application/edi-x12; charset=utf-8',
      'Content-Disposition': `attachment; filename="${rawFileName(message)}"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
