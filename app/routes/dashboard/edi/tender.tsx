import { href } from 'react-router'

import { PageHeader } from '~/components/layout/page-header'
import { Badge } from '~/components/ui/badge'
import { DetailCard, SummaryItem, SummaryList } from '~/components/ui/details'
import { useTranslation } from '~/hooks/use-translation'
import { getTender, serializeTender } from '~/models/edi/tender.server'
import { organizationTimeZone } from '~/models/organization/organization.server'
import { requirePermission } from '~/requests/session.server'
import { EDI_TENDER_STATUS_TONE } from '~/schemas/edi-tones'
import { orNotFound } from '~/utils/errors.server'
import { formatDateTime, formatMoney, formatNumber } from '~/utils/format'

import type { Route } from './+types/tender'
/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['edi'] }

/** One tender as its last 204 said it: stops with their windows, references, weight, equipment and rate. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'edi')
  const tender = await orNotFound(getTender(user.organizationId, params.id))
  return { tender: serializeTender(tender), partner: tender.partner.name, timeZone: await organizationTimeZone(user.organizationId) }
}

export default function EdiTenderView({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { tender, partner, timeZone } = loaderData
  const when = (value: string | null) => (value ? formatDateTime(i18n.language, value, timeZone) : '—')
  const title = t('edi.tenders.viewTitle', { shipment: tender.shipmentId })
  const references = (list: { qualifier: string; value: string }[]) => (list.length ? list.map((ref) => `${ref.qualifier} ${ref.value}`).join(', ') : '—')
  return (
    <>
      <PageHeader
        title={title}
        crumbs={[
          { label: t('nav.dashboard'), to: href('/dashboard/app') },
          { label: t('nav.ediTenders'), to: href('/dashboard/edi/tenders') },
          { label: title },
        ]}
      />
      <div className="grid gap-6">
        <DetailCard title={t('edi.tenders.summary')} testId="edi-tender-summary">
          <SummaryList>
            <SummaryItem label={t('edi.fields.partner')}>{partner}</SummaryItem>
            <SummaryItem label={t('edi.fields.status')} testId="edi-tender-status">
              <Badge tone={EDI_TENDER_STATUS_TONE[tender.status]}>{t(`edi.tenderStatus.${tender.status}`)}</Badge>
            </SummaryItem>
            <SummaryItem label={t('edi.fields.purpose')}>{t(`edi.purpose.${tender.purpose}`)}</SummaryItem>
            <SummaryItem label={t('edi.fields.respondBy')}>{when(tender.respondBy)}</SummaryItem>
            <SummaryItem label={t('edi.fields.weight')}>
              {tender.weightLb === null ? '—' : t('edi.tenders.pounds', { weight: formatNumber(i18n.language, tender.weightLb) })}
            </SummaryItem>
            <SummaryItem label={t('edi.fields.equipment')}>{tender.equipmentType ?? '—'}</SummaryItem>
            <SummaryItem label={t('edi.fields.rate')}>{tender.rateCents === null ? '—' : formatMoney(i18n.language, tender.rateCents)}</SummaryItem>
            <SummaryItem label={t('edi.fields.references')} wide>
              {references(tender.references)}
            </SummaryItem>
          </SummaryList>
        </DetailCard>
        <DetailCard title={t('edi.tenders.stops')} testId="edi-tender-stops">
          <ol className="grid gap-4">
            {tender.stops.map((stop) => (
              <li key={stop.sequence} className="grid gap-1 text-sm">
                <p className="font-semibold">
                  {t('edi.tenders.stop', { sequence: stop.sequence, kind: t(`edi.stopKind.${stop.kind}`) })}
                  {stop.name ? ` · ${stop.name}` : ''}
                </p>
                <p dir="auto">{[stop.address, [stop.city, stop.state].filter(Boolean).join(', '), stop.postalCode].filter(Boolean).join(' · ') || '—'}</p>
                <p>{t('edi.tenders.window', { start: when(stop.windowStart), end: when(stop.windowEnd) })}</p>
                {stop.weightLb !== null ? <p>{t('edi.tenders.pounds', { weight: formatNumber(i18n.language, stop.weightLb) })}</p> : null}
                {stop.references.length ? <p>{references(stop.references)}</p> : null}
              </li>
            ))}
          </ol>
        </DetailCard>
      </div>
    </>
  )
}
