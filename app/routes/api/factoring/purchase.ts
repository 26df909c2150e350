import { purchaseSchedule, serializeSchedule } from '~/models/factoring/factoring.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readActionBody } from '~/requests/api.server'
import { PurchaseSchema } from '~/schemas/factoring'

import type { Route } from './+types/purchase'

/** POST /api/factoring/schedules/{id}/purchase `{ purchasedAt, lines?: [{ invoiceNumber, advanceCents, feeCents, reserveCents }], version? }`: the factor's payment of each invoice (advance, fee, reserve as factoring payments) closes their balances; a refused line is named by its path (`lines.2`), and nothing is written. */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'update', 'factoring')
    const { lines, ...input } = await readActionBody(request, PurchaseSchema)
    const labelled = lines?.map((line, index) => ({ ...line, label: `lines.${index}` }))
    return apiData(serializeSchedule(await purchaseSchedule(actor, params.id, { ...input, lines: labelled })))
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}
