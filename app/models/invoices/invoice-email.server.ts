/**
 * The emailed copy of a sent invoice: the job queue's `invoice_email` task (app/models/tasks/invoice-email.server.ts).
 * It writes the PDF, mails it to the broker's billing email (SMTP, or the outbox without one) and
 * records the outcome on the invoice: `sent`, or the error and `queued` while retries remain,
 * `failed` after the last. The invoice's version is not touched: the email state is not something
 * a user edits, so it never makes an accountant's next click a conflict.
 */
import type { JobHelpers } from 'graphile-worker'

import { getFixedT } from '~/i18n.server'
import { isoDate } from '~/models/records/records.server'
import { paymentLinkOpens } from '~/policies/remittance'
import type { InvoiceStatus } from '~/schemas/invoice-options'
import { prisma } from '~/utils/db.server'
import { formatDate, formatMoney } from '~/utils/format'
import { sendEmail } from '~/utils/mail.server'
import { renderInvoicePdf } from '~/utils/pdf-layout.server'

import { invoiceInclude, invoiceParties, type InvoiceWithRelations, serializeInvoice } from './invoice.server'
import { invoicePacket } from './invoice-packet.server'
import { invoicePdfContent } from './invoice-pdf.server'
import { remitView } from './remit-to.server'
import { paymentLink } from './remittance.server'

/**
 * The message: subject and text in the invoice's language with the link to its payment page (ADR 062), the PDF attached;
 * its billing packet instead (invoice, rate confirmations, BOLs, PODs) when the broker asks for it (`Broker.sendPacket`).
 */
export async function invoiceEmail(invoice: InvoiceWithRelations, to: string) {
  const t = getFixedT(invoice.language)
  const dto = serializeInvoice(invoice, isoDate(invoice.issueDate)!)
  const [content, parties] = await Promise.all([invoicePdfContent(invoice), invoiceParties(invoice)])
  // Whom to pay, as the PDF and the payment page say it, with the notice of assignment when it is the factor (ADR 094).
  const remit = remitView(t, parties)
  const params = {
    number: invoice.invoiceNumber,
    from: content.from.name,
    broker: invoice.broker.name,
    total: formatMoney(invoice.language, dto.balanceCents),
    due: formatDate(invoice.language, dto.dueDate),
  }
  const { sendPacket } = await prisma.broker.findUniqueOrThrow({ where: { id: invoice.brokerId }, select: { sendPacket: true } })
  const attachment = sendPacket
    ? await invoicePacket(invoice.organizationId, invoice.id).then(({ filename, bytes }) => ({ filename, content: Buffer.from(bytes) }))
    : { filename: `${invoice.invoiceNumber}.pdf`, content: await renderInvoicePdf(content) }
  return {
    to,
    subject: t('emails.invoice.subject', params),
    text: [
      t('emails.invoice.body', params),
      ...(remit.lines ? [`${t('emails.invoice.remitTo')}\n${remit.lines.join('\n')}`] : []),
      ...(remit.notice ? [remit.notice] : []),
      // The payment page's link when it would open (ADR 090, ADR 107): a paid one's would not.
      ...(paymentLinkOpens({ status: invoice.status as InvoiceStatus }) ? [t('emails.invoice.payLink', { url: paymentLink(invoice) })] : []),
    ].join('\n\n'),
    attachments: [{ ...attachment, contentType: 'application/pdf' }],
  }
}

/** The `invoice_email` task's work (app/models/tasks/invoice-email.server.ts): send, and record the outcome. */
export async function sendInvoiceEmail({ invoiceId, organizationId }: { invoiceId: string; organizationId: string }, helpers: JobHelpers) {
  const invoice = await prisma.invoice.findFirst({ where: { id: invoiceId, organizationId }, include: invoiceInclude })
  // Deleted, voided or never sent since it was queued: nothing to send, and nothing to retry.
  if (!invoice || invoice.status === 'draft' || invoice.status === 'void' || !invoice.emailTo) return
  const attempts = helpers.job.attempts
  try {
    await sendEmail(await invoiceEmail(invoice, invoice.emailTo))
  } catch (error) {
    const last = attempts >= helpers.job.max_attempts
    await prisma.invoice.updateMany({
      where: { id: invoiceId },
      data: { emailStatus: last ? 'failed' : 'queued', emailAttempts: attempts, emailError: String((error as Error)?.message ?? error).slice(0, 500) },
    })
    throw error
  }
  await prisma.invoice.updateMany({ where: { id: invoiceId }, data: { emailStatus: 'sent', emailedAt: new Date(), emailAttempts: attempts, emailError: null } })
}
