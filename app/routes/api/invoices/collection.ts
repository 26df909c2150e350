import { detectLanguage } from '~/i18n.server'
import { createInvoice, invoiceBody, listInvoices, serializeInvoiceRow } from '~/models/invoices/invoice.server'
import { exportInvoices, INVOICE_CSV_COLUMNS } from '~/models/invoices/invoice-reports.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readBody, requireApiPermission } from '~/requests/api.server'
import { InvoiceListQuerySchema, InvoiceSchema } from '~/schemas/invoice'
import { parseListQuery } from '~/schemas/list-query'
import { csvFilename, csvResponse, wantsCsv } from '~/utils/csv.server'

import type { Route } from './+types/collection'

/**
 * GET /api/invoice: the list with search, filters (`status=overdue` too), sort and paging; rows
 * without items. `?format=csv` streams every matching row (all pages), keys as headers, cents.
 */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'invoice')
    const url = new URL(request.url)
    const query = parseListQuery(InvoiceListQuerySchema, url.searchParams)
    if (wantsCsv(url))
      return csvResponse(exportInvoices(user.organizationId, query), INVOICE_CSV_COLUMNS, { headers: 'key', filename: csvFilename('invoices') })
    const result = await listInvoices(user.organizationId, query)
    const meta = { total: result.total, page: result.page, pageSize: result.pageSize }
    return apiData(
      result.items.map((invoice) => serializeInvoiceRow(invoice, result.today)),
      { meta },
    )
  })
}

/**
 * POST /api/invoice → 201: a draft to a broker from its delivered loads (`loadIds`, which become
 * `invoiced`) and free `items`; the load lines are written in the request's language.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['GET', 'HEAD', 'POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'create', 'invoice')
    const input = await readBody(request, InvoiceSchema)
    const invoice = await createInvoice(actor, input, detectLanguage(request))
    return apiData(await invoiceBody(invoice), { status: 201 })
  })
}
