/**
 * The quarterly return as a PDF (ADR 124): the figures of `iftaReturnBody` (the API's, the page's,
 * the CSV's), only formatted, in the organization's language (ADR 128, whoever reads it), laid out
 * by the one PDF writer. The
 * organization's name and registration numbers head it; the lines have the CSV's columns.
 */
import { languageInfo } from '~/i18n'
import { getFixedT } from '~/i18n.server'
import { pdfDownload } from '~/models/invoices/invoice-pdf.server'
import { organizationLanguage, organizationParty, organizationToday } from '~/models/organization/organization.server'
import { type Quarter, quarterName, quarterRange } from '~/policies/ifta'
import type { FuelType } from '~/schemas/ifta-options'
import { formatDate, formatDecimalText, formatMoney, formatNumber } from '~/utils/format'
import { renderReportPdf, type ReportPdf } from '~/utils/pdf-layout.server'

import { iftaReturnBody, lineTotalDueCents } from './ifta-return.server'

/** What the return's PDF prints, translated and formatted: a plain value, so the layout can be read alone. */
export async function iftaReturnPdfContent(organizationId: string, quarter: Quarter, fuelType: FuelType): Promise<ReportPdf> {
  const language = await organizationLanguage(organizationId)
  const t = getFixedT(language)
  const [body, party, today] = await Promise.all([
    iftaReturnBody(organizationId, quarter, fuelType, t),
    organizationParty(organizationId),
    organizationToday(organizationId),
  ])
  const money = (cents: number) => formatMoney(language, cents)
  const number = (value: number) => formatNumber(language, value)
  const decimal = (value: string | null, digits: number) => (value === null ? '—' : formatDecimalText(language, value, digits))
  const date = (value: string) => formatDate(language, value)
  const range = quarterRange(quarter)
  const end = { align: 'end' as const }
  return {
    language,
    dir: languageInfo(language).dir,
    // The figures are computed on the day: the same day and records give the same bytes.
    changedAt: new Date(`${today}T00:00:00Z`),
    title: `${t('iftaPdf.return.title')} ${body.quarter}`,
    sheets: [
      {
        from: party.from,
        title: t('iftaPdf.return.title'),
        number: `${body.quarter} · ${t(`ifta.fuelType.${body.fuelType}`)}`,
        status: body.filedAt
          ? t('ifta.return.filedOn', { date: date(body.filedAt) })
          : `${t('ifta.return.status.open')} · ${t('ifta.return.due', { date: date(body.dueDate) })}`,
        facts: [
          { label: t('iftaPdf.return.period'), value: t('iftaPdf.range', { from: date(range.from), to: date(range.to) }) },
          { label: t('iftaPdf.return.dueDate'), value: date(body.dueDate) },
          { label: t('iftaPdf.preparedOn'), value: date(today) },
        ],
        blocks: [
          {
            kind: 'table',
            heading: t('ifta.return.lines'),
            empty: t('ifta.return.empty'),
            // Money columns wide enough for -12 345,67 $US at 8.5 points in every language.
            columns: [
              { label: t('ifta.fields.jurisdiction'), share: 0.7 },
              { label: t('ifta.return.totalMiles'), share: 0.9, ...end },
              { label: t('ifta.return.taxableMiles'), share: 0.9, ...end },
              { label: t('ifta.return.taxableGallons'), share: 0.9, ...end },
              { label: t('ifta.return.taxPaidGallons'), share: 1.1, ...end },
              { label: t('ifta.return.netTaxableGallons'), share: 1.1, ...end },
              { label: t('ifta.return.rate'), share: 0.9, ...end },
              { label: t('ifta.return.tax'), share: 1.4, ...end },
              { label: t('ifta.return.surcharge'), share: 1.4, ...end },
              { label: t('ifta.return.interest'), share: 1.4, ...end },
              { label: t('ifta.return.totalDue'), share: 1.4, ...end },
            ],
            rows: body.lines.map((line) => ({
              cells: [
                line.jurisdiction,
                number(line.totalMiles),
                number(line.taxableMiles),
                number(line.taxableGallons),
                decimal(line.taxPaidGallons, 3),
                decimal(line.netTaxableGallons, 3),
                decimal(line.ratePerGallon, 4),
                money(line.taxCents),
                money(line.surchargeCents),
                money(line.interestCents),
                money(lineTotalDueCents(line)),
              ],
            })),
          },
          {
            kind: 'totals',
            rows: [
              { label: t('ifta.return.totalMiles'), value: number(body.totalMiles) },
              { label: t('ifta.return.taxableMiles'), value: number(body.taxableMiles) },
              { label: t('ifta.return.totalGallons'), value: decimal(body.totalGallons, 3) },
              { label: t('ifta.return.mpg'), value: decimal(body.mpg, 2) },
              { label: t('iftaPdf.return.taxDue'), value: money(body.taxDueCents) },
              { label: t('ifta.return.penalty'), value: money(body.penaltyCents) },
              { label: t('ifta.return.interest'), value: money(body.interestCents) },
              { label: t('ifta.return.totalDue'), value: money(body.totalDueCents), strong: true },
            ],
          },
          ...(body.warnings.length
            ? [{ kind: 'list' as const, heading: t('iftaPdf.return.warnings'), lines: body.warnings.map((warning) => warning.message) }]
            : []),
        ],
      },
    ],
    landscape: true,
  }
}

/** The return as a download (`ifta-2026-Q3-diesel.pdf`), for the page's link and the API alike. */
export async function iftaReturnPdfResponse(request: Request, organizationId: string, quarter: Quarter, fuelType: FuelType) {
  const bytes = await renderReportPdf(await iftaReturnPdfContent(organizationId, quarter, fuelType))
  return pdfDownload(request.method, `ifta-${quarterName(quarter)}-${fuelType}.pdf`, bytes)
}
