/**
 * The quoted price by email: the job queue's `quote_email` task (app/models/tasks/quote-email.server.ts).
 * Read when it runs: a request no longer quoted (won, lost or converted since) gets nothing. The
 * message is in the language the dispatcher worked in, answers go to the carrier's inbound address
 * (the shared inbox), and its link is on APP_URL (never the host a request came in on).
 */
import { href } from 'react-router'

import { getFixedT } from '~/i18n.server'
import { isoDate } from '~/models/records/records.server'
import { formatQuoteNumber } from '~/schemas/quote-options'
import { prisma } from '~/utils/db.server'
import { appUrl } from '~/utils/env.server'
import { formatDate, formatMoney } from '~/utils/format'
import { inboundEmail } from '~/utils/inbound-address.server'
import { sendEmail } from '~/utils/mail.server'

export async function quoteEmail(quoteId: string, organizationId: string, language: string) {
  const quote = await prisma.quoteRequest.findFirst({
    where: { id: quoteId, organizationId },
    include: { organization: { select: { name: true, inboundLocalPart: true, phone: true, siteContactPhone: true } } },
  })
  if (!quote || quote.status !== 'quoted' || quote.quotedCents === null) return null
  const t = getFixedT(language)
  const { organization } = quote
  const params = {
    number: formatQuoteNumber(quote.number),
    carrier: organization.name,
    name: quote.name,
    lane: `${quote.originCity}, ${quote.originState} → ${quote.destinationCity}, ${quote.destinationState}`,
    equipment: t(`trailers.type.${quote.equipmentType}`),
    pickupDate: formatDate(language, isoDate(quote.pickupDate)!),
    amount: formatMoney(language, quote.quotedCents),
    note: quote.quoteNote ?? '',
    phone: organization.siteContactPhone ?? organization.phone ?? '',
    link: appUrl(href('/pricing/:handle', { handle: organization.inboundLocalPart })),
  }
  return {
    to: quote.email,
    replyTo: inboundEmail(organization.inboundLocalPart),
    subject: t('quotes.email.subject', params),
    text: [t('quotes.email.body', params), params.note ? `\n${params.note}` : '', `\n${t('quotes.email.footer', params)}`].join('\n'),
  }
}

/** The task's work: send (a failure throws, and the queue tries again). */
export async function sendQuoteEmail({ quoteId, organizationId, language }: { quoteId: string; organizationId: string; language: string }) {
  const email = await quoteEmail(quoteId, organizationId, language)
  if (email) await sendEmail(email)
}
