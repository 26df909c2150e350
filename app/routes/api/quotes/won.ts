import { markQuoteWon, serializeQuote } from '~/models/quotes/quote.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readActionBody } from '~/requests/api.server'
import { QuoteActionSchema } from '~/schemas/quote'

import type { Route } from './+types/won'

/** POST /api/quotes/{id}/won (optional body `{ version? }`); a request already won or lost → 409 `invalid_transition`. */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'update', 'quote')
    const { version } = await readActionBody(request, QuoteActionSchema)
    return apiData(serializeQuote(await markQuoteWon(actor, params.id, version)))
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}
