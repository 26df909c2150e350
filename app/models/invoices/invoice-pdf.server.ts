/**
 * An invoice's PDF in its own language (the language it was created in), for the download links
 * and the emailed copy. It prints the stored status, never "overdue": that depends on the day,
 * and the same invoice must give the same bytes.
 */
import { languageInfo } from '~/i18n'
import { getFixedT } from '~/i18n.server'
import { isoDate } from '~/models/records/records.server'
import { prisma } from '~/utils/db.server'
import { attachmentDisposition } from '~/utils/file-name'
import { addressLines, formatDate, formatMoney } from '~/utils/format'
import { type InvoicePdf, renderInvoicePdf } from '~/utils/pdf-layout.server'

import { getInvoice, invoiceParties, type InvoiceWithRelations, serializeInvoice } from './invoice.server'
import { remitView } from './remit-to.server'

/** What the PDF prints, translated and formatted: a plain value, so the layout can be tested alone. */
export async function invoicePdfContent(invoice: InvoiceWithRelations): Promise<InvoicePdf> {
  const language = invoice.language
  const t = getFixedT(language)
  const money = (cents: number) => formatMoney(language, cents)
  const date = (value: string) => formatDate(language, value)
  const dto = serializeInvoice(invoice, isoDate(invoice.issueDate)!)
  const [parties, broker] = await Promise.all([
    invoiceParties(invoice),
    prisma.broker.findUniqueOrThrow({
      where: { id: invoice.brokerId },
      select: { addressLine1: true, addressLine2: true, city: true, state: true, postalCode: true, country: true },
    }),
  ])
  const billingEmail = invoice.broker.billingEmail ?? invoice.broker.email
  const quantity = new Intl.NumberFormat(languageInfo(language).intl, { maximumFractionDigits: 3 })
  // Whom to pay, and for an invoice assigned to the factor the notice of assignment under it (ADR 094).
  const remit = remitView(t, parties)
  return {
    language,
    dir: languageInfo(language).dir,
    changedAt: invoice.updatedAt,
    title: t('invoices.pdf.title'),
    number: invoice.invoiceNumber,
    status: invoice.status === 'sent' ? null : t(`invoices.status.${invoice.status}`),
    facts: [
      { label: t('invoices.fields.issueDate'), value: date(dto.issueDate) },
      { label: t('invoices.fields.dueDate'), value: date(dto.dueDate) },
    ],
    from: {
      heading: t('invoices.view.from'),
      name: parties.from.name,
      lines: parties.from.lines,
    },
    billTo: {
      heading: t('invoices.view.billTo'),
      name: invoice.broker.name,
      lines: [...addressLines(broker), billingEmail].filter((line): line is string => Boolean(line)),
    },
    remitTo: remit.lines ? { heading: t('invoices.pdf.remitTo'), text: [...remit.lines, ...(remit.notice ? ['', remit.notice] : [])].join('\n') } : null,
    columns: {
      item: t('invoices.fields.item'),
      quantity: t('invoices.fields.quantity'),
      unitPrice: t('invoices.fields.unitPrice'),
      amount: t('invoices.fields.amount'),
    },
    items: dto.items.map((item) => ({
      title: item.title,
      description: item.description,
      quantity: quantity.format(item.quantity),
      unitPrice: money(item.unitPriceCents),
      amount: money(item.totalCents),
    })),
    totals: [
      { label: t('invoices.fields.subtotal'), value: money(dto.subtotalCents) },
      ...(dto.discountCents ? [{ label: t('invoices.fields.discount'), value: `−${money(dto.discountCents)}` }] : []),
      ...(dto.taxCents ? [{ label: t('invoices.fields.tax'), value: money(dto.taxCents) }] : []),
      { label: t('invoices.fields.total'), value: money(dto.totalCents), strong: true },
      ...(dto.amountPaidCents ? [{ label: t('invoices.fields.paid'), value: money(dto.amountPaidCents) }] : []),
      { label: t('invoices.fields.balance'), value: money(dto.balanceCents), strong: true },
    ],
    payments: dto.payments.length
      ? {
          heading: t('invoices.view.payments'),
          lines: dto.payments.map((payment) =>
            [date(payment.paidAt), money(payment.amountCents), t(`invoices.method.${payment.method}`), payment.reference ? `#${payment.reference}` : '']
              .filter(Boolean)
              .join(' · '),
          ),
        }
      : null,
    notes: invoice.notes,
  }
}

/** The file name and bytes of an invoice's PDF (`INV-000042.pdf`). */
export async function invoicePdf(organizationId: string, id: string) {
  const invoice = await getInvoice(organizationId, id)
  return { filename: `${invoice.invoiceNumber}.pdf`, bytes: await renderInvoicePdf(await invoicePdfContent(invoice)), invoice }
}

/** The PDF as a download, for the page's link and the API alike: an attachment, never cached. */
export async function invoicePdfResponse(request: Request, organizationId: string, id: string) {
  const { filename, bytes } = await invoicePdf(organizationId, id)
  return pdfDownload(request.method, filename, bytes)
}

/** A generated PDF (invoice, packet, statement) as a download: an attachment, never cached; no body for HEAD. */
export function pdfDownload(method: string, filename: string, bytes: Uint8Array) {
  return new Response(method === 'HEAD' ? null : new Uint8Array(bytes), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(bytes.length),
      'Content-Disposition': attachmentDisposition(filename),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  })
}
