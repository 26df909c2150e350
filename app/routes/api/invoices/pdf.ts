import { invoicePdfResponse } from '~/models/invoices/invoice-pdf.server'
import { handleApi, methodNotAllowed, requireApiPermission } from '~/requests/api.server'

import type { Route } from './+types/pdf'

/** GET /api/invoice/{id}/pdf: the invoice as a PDF attachment in its own language (the emailed copy). */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'invoice')
    return invoicePdfResponse(request, user.organizationId, params.id)
  })
}

export function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ['GET', 'HEAD'])
}
