import { invoiceBody, recordPayment } from '~/models/invoices/invoice.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readBody } from '~/requests/api.server'
import { PaymentSchema } from '~/schemas/invoice'

import type { Route } from './+types/payments'

/**
 * POST /api/invoice/{id}/payments `{ amountCents, paidAt, method, reference, version? }` → 201 with
 * the invoice: positive and at most the balance (400 otherwise); it becomes partially paid or paid.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'update', 'invoice')
    const input = await readBody(request, PaymentSchema)
    const invoice = await recordPayment(actor, params.id, input)
    return apiData(await invoiceBody(invoice), { status: 201 })
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}
