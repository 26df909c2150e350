import { deleteInvoice, getInvoice, invoiceBody, updateInvoice } from '~/models/invoices/invoice.server'
import { listRemittances } from '~/models/invoices/remittance.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, parseOrThrow, readBody, requireApiPermission } from '~/requests/api.server'
import { type InvoiceRecord, InvoiceUpdateSchema } from '~/schemas/invoice'
import { OptionalVersionSchema } from '~/schemas/version'

import type { Route } from './+types/item'

export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'invoice')
    const invoice = await getInvoice(user.organizationId, params.id)
    // The brokers' "we have paid" from the payment page (ADR 062): in the read of one invoice only.
    const [body, remittanceAdvices] = await Promise.all([invoiceBody(invoice), listRemittances(user.organizationId, invoice.id)])
    const withAdvices: InvoiceRecord = { ...body, remittanceAdvices }
    return apiData(withAdvices)
  })
}

/**
 * PUT rewrites a draft whole (loads added are billed, loads left out given back); DELETE removes a
 * draft (`?version=` optional). Sent, paid and void invoices are kept: 409 `in_use`, void instead.
 */
export async function action({ request, params }: Route.ActionArgs) {
  return handleApi(request, async (call) => {
    switch (request.method) {
      case 'PUT': {
        const { actor } = await requireApiActor(call, 'update', 'invoice')
        const input = await readBody(request, InvoiceUpdateSchema)
        const invoice = await updateInvoice(actor, params.id, input)
        return apiData(await invoiceBody(invoice))
      }
      case 'DELETE': {
        const { actor } = await requireApiActor(call, 'delete', 'invoice')
        const raw = new URL(request.url).searchParams.get('version')
        const { version } = parseOrThrow(OptionalVersionSchema, { version: raw ?? undefined })
        const invoice = await deleteInvoice(actor, params.id, version)
        return apiData({ id: invoice.id, deleted: true })
      }
      default:
        return methodNotAllowed(request, ['GET', 'HEAD', 'PUT', 'DELETE'])
    }
  })
}
