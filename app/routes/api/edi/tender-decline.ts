import { serializeTender } from '~/models/edi/tender.server'
import { declineTender } from '~/models/edi/tender-respond.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readActionBody } from '~/requests/api.server'
import { EdiTenderDeclineSchema } from '~/schemas/edi'

import type { Route } from './+types/tender-decline'

/** POST /api/edi/tenders/{id}/decline `{ reason, version? }`: queues the 990 `D` with the reason (ADR 149). */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'update', 'edi')
    const { version, reason } = await readActionBody(request, EdiTenderDeclineSchema)
    return apiData(serializeTender(await declineTender(actor, params.id, version, reason)))
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}
