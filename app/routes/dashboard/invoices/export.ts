import { getInstance } from '~/middleware/i18next'
import { exportInvoices, INVOICE_CSV_COLUMNS } from '~/models/invoices/invoice-reports.server'
import { requirePermission } from '~/requests/session.server'
import { InvoiceListQuerySchema } from '~/schemas/invoice'
import { parseListQuery } from '~/schemas/list-query'
import { csvFilename, csvResponse } from '~/utils/csv.server'

import type { Route } from './+types/export'

/** The list's Export button: every invoice its tab, search and filters match, headers and dollars for people. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'invoice')
  const query = parseListQuery(InvoiceListQuerySchema, new URL(request.url).searchParams)
  const { t } = getInstance(context)
  return csvResponse(exportInvoices(user.organizationId, query), INVOICE_CSV_COLUMNS, {
    headers: (key) => t(key),
    filename: csvFilename('invoices'),
    bom: true,
  })
}
