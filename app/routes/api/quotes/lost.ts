import { markQuoteLost, serializeQuote } from '~/models/quotes/quote.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readBody } from '~/requests/api.server'
import { QuoteLostSchema } from '~/schemas/quote'

import type { Route } from './+types/lost'

/** POST /api/quotes/{id}/lost `{ reason, version? }`; a request already decided or converted → 409. */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'update', 'quote')
    const input = await readBody(request, QuoteLostSchema)
    return apiData(serializeQuote(await markQuoteLost(actor, params.id, input)))
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}
