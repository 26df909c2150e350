import { detectLanguage } from '~/i18n.server'
import { quotePrice, serializeQuote } from '~/models/quotes/quote.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readBody } from '~/requests/api.server'
import { QuotePriceSchema } from '~/schemas/quote'

import type { Route } from './+types/price'

/** POST /api/quotes/{id}/quote `{ amountCents, note?, version? }`: the price, emailed to the requester through the queue; the request is quoted. */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'update', 'quote')
    const input = await readBody(request, QuotePriceSchema)
    return apiData(serializeQuote(await quotePrice(actor, params.id, input, detectLanguage(request))))
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}
