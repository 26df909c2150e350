/**
 * A settlement's pay statement as a PDF, in the driver's language (their profile's statement
 * language), laid out by the invoice's PDF layout (app/utils/pdf-layout.server.ts): a title and
 * number, facts, from and to blocks, the lines and the totals.
 */
import { languageInfo, normalizeLanguage } from '~/i18n'
import { getFixedT } from '~/i18n.server'
import { pdfDownload } from '~/models/invoices/invoice-pdf.server'
import { organizationParty } from '~/models/organization/organization.server'
import type { SettlementScope } from '~/policies/settlement'
import { formatDate, formatMoney } from '~/utils/format'
import { type InvoicePdf, renderInvoicePdf } from '~/utils/pdf-layout.server'

import { getSettlement, serializeSettlement, settlementDriver, type SettlementWithRelations } from './settlement.server'

/** What the statement prints, translated and formatted. */
export async function settlementPdfContent(settlement: SettlementWithRelations): Promise<InvoicePdf> {
  const driver = await settlementDriver(settlement.organizationId, settlement.driverId)
  const language = normalizeLanguage(driver.language) ?? 'en'
  const t = getFixedT(language)
  const money = (cents: number) => formatMoney(language, cents)
  const date = (value: string) => formatDate(language, value)
  const dto = serializeSettlement(settlement)
  const { from } = await organizationParty(settlement.organizationId)
  return {
    language,
    dir: languageInfo(language).dir,
    changedAt: settlement.updatedAt,
    title: t('settlements.pdf.title'),
    number: settlement.number,
    status: t(`settlements.status.${settlement.status}`),
    facts: [
      { label: t('settlements.fields.period'), value: `${date(dto.periodStart)} – ${date(dto.periodEnd)}` },
      ...(dto.paidAt ? [{ label: t('settlements.fields.paidAt'), value: date(dto.paidAt) }] : []),
    ],
    from: { heading: t('settlements.pdf.from'), name: from.name, lines: from.lines },
    billTo: { heading: t('settlements.pdf.payTo'), name: driver.name, lines: [driver.email] },
    remitTo: null,
    columns: { item: t('settlements.fields.description'), quantity: t('settlements.fields.type'), unitPrice: '', amount: t('settlements.fields.amount') },
    items: dto.items.map((item) => ({
      title: item.description,
      description: null,
      quantity: t(`settlements.itemType.${item.type}`),
      unitPrice: '',
      amount: item.type === 'load' || item.type === 'reimbursement' ? money(item.amountCents) : `−${money(item.amountCents)}`,
    })),
    totals: [
      { label: t('settlements.fields.gross'), value: money(dto.grossCents) },
      { label: t('settlements.fields.deductions'), value: `−${money(dto.deductionsCents)}` },
      { label: t('settlements.fields.net'), value: money(dto.netCents), strong: true },
    ],
    payments: dto.paidAt
      ? {
          heading: t('settlements.view.payment'),
          lines: [[date(dto.paidAt), t(`settlements.method.${dto.method}`), dto.reference ? `#${dto.reference}` : ''].filter(Boolean).join(' · ')],
        }
      : null,
    notes: null,
  }
}

/** The statement as a download (`STL-000042.pdf`), for the page's link and the API alike. */
export async function settlementPdfResponse(scope: SettlementScope, id: string, method = 'GET') {
  const settlement = await getSettlement(scope, id)
  const bytes = await renderInvoicePdf(await settlementPdfContent(settlement))
  return pdfDownload(method, `${settlement.number}.pdf`, bytes)
}
