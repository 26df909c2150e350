/**
 * A work order as a PDF (ADR 132), the shop's copy and the unit's maintenance record (49 CFR 396.3):
 * the unit, kind, status and dates, the work to do, the drivers' defects it repairs, the schedules
 * it carries out, and its parts and labor with the total, in the organization's language (ADR 128).
 */
import { languageInfo } from '~/i18n'
import { getFixedT } from '~/i18n.server'
import { pdfDownload } from '~/models/invoices/invoice-pdf.server'
import { organizationLanguage, organizationParty, organizationTimeZone } from '~/models/organization/organization.server'
import { formatDateTime, formatMoney, formatNumber } from '~/utils/format'
import { renderReportPdf } from '~/utils/pdf-layout.server'

import { getWorkOrder } from './work-order.server'

/** The order's PDF (`WO-000042.pdf`); another organization's order is not found. */
export async function workOrderPdfResponse(request: Request, organizationId: string, id: string) {
  const order = await getWorkOrder(organizationId, id)
  const [language, party, timeZone] = await Promise.all([
    organizationLanguage(organizationId),
    organizationParty(organizationId),
    organizationTimeZone(organizationId),
  ])
  const t = getFixedT(language)
  const money = (cents: number) => formatMoney(language, cents)
  const when = (value: Date) => formatDateTime(language, value, timeZone)
  const unit = order.truck ?? order.trailer
  const bytes = await renderReportPdf({
    language,
    dir: languageInfo(language).dir,
    landscape: false,
    title: `${t('workOrders.view.order')} ${order.number}`,
    changedAt: order.updatedAt,
    sheets: [
      {
        from: party.from,
        title: t('workOrders.view.order'),
        number: order.number,
        status: t(`workOrders.status.${order.status}`),
        facts: [
          { label: t(order.truck ? 'workOrders.fields.truck' : 'workOrders.fields.trailer'), value: unit?.unitNumber ?? '' },
          { label: t('workOrders.fields.kind'), value: t(`workOrders.kind.${order.kind}`) },
          { label: t('workOrders.fields.createdAt'), value: when(order.createdAt) },
          ...(order.completedAt ? [{ label: t('workOrders.fields.completedAt'), value: when(order.completedAt) }] : []),
          ...(order.odometer !== null ? [{ label: t('workOrders.fields.odometer'), value: formatNumber(language, order.odometer) }] : []),
        ],
        blocks: [
          { kind: 'list', heading: t('workOrders.fields.description'), lines: [order.description] },
          ...(order.defects.length
            ? [
                {
                  kind: 'list' as const,
                  heading: t('workOrders.fields.defects'),
                  lines: order.defects.map((defect) =>
                    [t(`inspections.item.${defect.item}`), defect.note, defect.certifiedAt ? t('workOrders.view.repaired') : t('workOrders.view.toRepair')]
                      .filter(Boolean)
                      .join(' · '),
                  ),
                },
              ]
            : []),
          ...(order.schedules.length
            ? [{ kind: 'list' as const, heading: t('workOrders.fields.schedules'), lines: order.schedules.map((link) => link.schedule.task) }]
            : []),
          {
            kind: 'table',
            heading: t('workOrders.fields.lines'),
            empty: t('workOrders.view.noLines'),
            columns: [
              { label: t('workOrders.fields.lineDescription'), share: 4 },
              { label: t('workOrders.fields.quantity'), share: 1, align: 'end' },
              { label: t('workOrders.fields.unitCost'), share: 1.4, align: 'end' },
              { label: t('workOrders.fields.lineTotal'), share: 1.4, align: 'end' },
            ],
            rows: order.lines.map((line) => ({
              cells: [
                `${t(`workOrders.lineKind.${line.kind}`)}: ${line.description}${line.product ? ` (${line.product.sku})` : ''}`,
                formatNumber(language, line.quantityMilli / 1000),
                money(line.unitCostCents),
                money(line.totalCents),
              ],
            })),
          },
          { kind: 'totals', rows: [{ label: t('workOrders.fields.total'), value: money(order.totalCents), strong: true }] },
        ],
      },
    ],
  })
  return pdfDownload(request.method, `${order.number}.pdf`, bytes)
}
