import { deletePayment, invoiceBody } from '~/models/invoices/invoice.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, parseOrThrow } from '~/requests/api.server'
import { OptionalVersionSchema } from '~/schemas/version'

import type { Route } from './+types/payment'

/** DELETE /api/invoice/{id}/payments/{paymentId} (`?version=` of the invoice): a payment recorded by mistake; the invoice's status goes back. */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed(request, ['DELETE'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'update', 'invoice')
    const raw = new URL(request.url).searchParams.get('version')
    const { version } = parseOrThrow(OptionalVersionSchema, { version: raw ?? undefined })
    const invoice = await deletePayment(actor, params.id, params.paymentId, version)
    return apiData(await invoiceBody(invoice))
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['DELETE'])
}
