import { invoiceBody, voidInvoice } from '~/models/invoices/invoice.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readActionBody } from '~/requests/api.server'
import { InvoiceActionSchema } from '~/schemas/invoice'

import type { Route } from './+types/void'

/** POST /api/invoice/{id}/void (optional body `{ version? }`): kept for the record at no effect; its loads are billable again. Not while it has payments (409 `in_use`). */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'update', 'invoice')
    const { version } = await readActionBody(request, InvoiceActionSchema)
    const invoice = await voidInvoice(actor, params.id, version)
    return apiData(await invoiceBody(invoice))
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}
