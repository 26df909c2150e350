import { invoicePdfResponse } from '~/models/invoices/invoice-pdf.server'
import { requirePermission } from '~/requests/session.server'
import { orNotFound } from '~/utils/errors.server'

import type { Route } from './+types/pdf'

/** The invoice page's "Download PDF": the invoice in its own language, for anyone who may read invoices. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'invoice')
  return orNotFound(invoicePdfResponse(request, user.organizationId, params.id))
}
