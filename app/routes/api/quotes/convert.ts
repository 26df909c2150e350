import { serializeLoad } from '~/models/loads/load-serialize.server'
import { convertQuote } from '~/models/quotes/quote.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readBody } from '~/requests/api.server'
import { QuoteConvertSchema } from '~/schemas/quote'

import type { Route } from './+types/convert'

/**
 * POST /api/quotes/{id}/convert `{ brokerId, version? }` → 201 with the load: booked, no driver,
 * the request's stops, equipment, weight and price. A request already converted → 409 `in_use`.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(request, async (call) => {
    // Converting also makes a load: convertQuote refuses a role without it (the quote policy).
    const { actor } = await requireApiActor(call, 'update', 'quote')
    const input = await readBody(request, QuoteConvertSchema)
    return apiData(serializeLoad(await convertQuote(actor, params.id, input)), { status: 201 })
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}
