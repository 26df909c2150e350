import { detectLanguage } from '~/i18n.server'
import { listMessages, serializeMessage } from '~/models/edi/message.server'
import { apiData, handleApi, methodNotAllowed, requireApiPermission } from '~/requests/api.server'
import { EdiMessageQuerySchema } from '~/schemas/edi'
import { parseListQuery } from '~/schemas/list-query'

import type { Route } from './+types/messages'

/** GET /api/edi/messages?direction=&status=&type=&partnerId=&q=&page=&pageSize=: the message log, newest first. */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'edi')
    const query = parseListQuery(EdiMessageQuerySchema, new URL(request.url).searchParams)
    const result = await listMessages(user.organizationId, query)
    const language = detectLanguage(request)
    return apiData(
      result.items.map((message) => serializeMessage(message, language)),
      { meta: { total: result.total, page: result.page, pageSize: result.pageSize } },
    )
  })
}

export function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ['GET', 'HEAD'])
}
