import { assignToFactor, invoiceBody } from '~/models/invoices/invoice.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readBody } from '~/requests/api.server'
import { FactorAssignmentSchema } from '~/schemas/invoice'

import type { Route } from './+types/assignment'

/**
 * POST /api/invoice/{id}/assignment `{ assigned, version? }` (ADR 094): the carrier assigns the
 * invoice to its factor (`true`: the factor becomes its remit-to, with a notice of assignment) or
 * takes it back (`false`). Who runs factoring only (admins and accountants).
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'update', 'factoring')
    const input = await readBody(request, FactorAssignmentSchema)
    return apiData(await invoiceBody(await assignToFactor(actor, params.id, input)))
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}
