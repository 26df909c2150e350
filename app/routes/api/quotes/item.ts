import { getQuote, serializeQuote } from '~/models/quotes/quote.server'
import { apiData, handleApi, methodNotAllowed, requireApiPermission } from '~/requests/api.server'

import type { Route } from './+types/item'

/** GET /api/quotes/{id}: one request of the organization (another's → 404). */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'quote')
    return apiData(serializeQuote(await getQuote(user.organizationId, params.id)))
  })
}

export function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ['GET', 'HEAD'])
}
