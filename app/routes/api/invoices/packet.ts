import { invoicePacketResponse } from '~/models/invoices/invoice-packet.server'
import { handleApi, methodNotAllowed, requireApiPermission } from '~/requests/api.server'

import type { Route } from './+types/packet'

/**
 * GET /api/invoice/{id}/packet: one PDF with a cover page, the invoice, then each of its loads'
 * rate confirmations, BOLs and PODs; a document that cannot be read is listed on the cover.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'invoice')
    return invoicePacketResponse(request, user.organizationId, params.id)
  })
}

export function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ['GET', 'HEAD'])
}
