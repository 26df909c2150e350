import { invoicePacketResponse } from '~/models/invoices/invoice-packet.server'
import { requirePermission } from '~/requests/session.server'
import { orNotFound } from '~/utils/errors.server'

import type { Route } from './+types/packet'

/** The invoice page's "Download packet": the invoice with its loads' rate confirmations, BOLs and PODs in one PDF. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'invoice')
  return orNotFound(invoicePacketResponse(request, user.organizationId, params.id))
}
