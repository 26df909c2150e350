import { invoiceBody, sendInvoice } from '~/models/invoices/invoice.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readActionBody } from '~/requests/api.server'
import { InvoiceActionSchema } from '~/schemas/invoice'

import type { Route } from './+types/send'

/** POST /api/invoice/{id}/send (optional body `{ version? }`): a draft becomes `sent` (kept from now on; it takes payments). */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'update', 'invoice')
    const { version } = await readActionBody(request, InvoiceActionSchema)
    const invoice = await sendInvoice(actor, params.id, version)
    return apiData(await invoiceBody(invoice))
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}
