import { serializeTender } from '~/models/edi/tender.server'
import { acceptTender } from '~/models/edi/tender-respond.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readActionBody } from '~/requests/api.server'
import { EdiTenderAcceptSchema } from '~/schemas/edi'

import type { Route } from './+types/tender-accept'

/** POST /api/edi/tenders/{id}/accept (optional body `{ version? }`): books the load and queues the 990 `A` (ADR 149). */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'update', 'edi')
    const { version } = await readActionBody(request, EdiTenderAcceptSchema)
    const { tender } = await acceptTender(actor, params.id, version)
    return apiData(serializeTender(tender))
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}
