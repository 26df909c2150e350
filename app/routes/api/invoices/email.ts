import { emailInvoiceAgain, invoiceBody } from '~/models/invoices/invoice.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readActionBody } from '~/requests/api.server'
import { InvoiceActionSchema } from '~/schemas/invoice'

import type { Route } from './+types/email'

/**
 * POST /api/invoice/{id}/email (optional body `{ version? }`): a sent invoice's email queued again (after a failure or
 * a new billing address); `email.status` is `queued` (or `no_address`) in the answer.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'update', 'invoice')
    const { version } = await readActionBody(request, InvoiceActionSchema)
    const invoice = await emailInvoiceAgain(actor, params.id, version)
    return apiData(await invoiceBody(invoice))
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}
