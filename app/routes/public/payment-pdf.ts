import { data } from 'react-router'

import { invoicePdfResponse } from '~/models/invoices/invoice-pdf.server'
import { invoiceByPaymentToken } from '~/models/invoices/remittance.server'
import { TOKEN_PAGE_HEADERS } from '~/utils/token-page'

import type { Route } from './+types/payment-pdf'

/**
 * `/payment/pdf?invoice=<token>`: the invoice's PDF for whoever holds its payment link (ADR 062),
 * the same file as the office's download (app/models/invoices/invoice-pdf.server.ts). A bad token, or one whose
 * invoice the link no longer opens (a draft, void, paid: `paymentLinkOpens`), is a 404, as the page is.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const invoice = await invoiceByPaymentToken(new URL(request.url).searchParams.get('invoice'))
  if (!invoice) throw data(null, { status: 404, headers: TOKEN_PAGE_HEADERS })
  const response = await invoicePdfResponse(request, invoice.organizationId, invoice.id)
  for (const [name, value] of Object.entries(TOKEN_PAGE_HEADERS)) response.headers.set(name, value)
  return response
}
