import { Form, href, Link, useLocation, useNavigation } from 'react-router'

import { RefusalNotice, useRefusal } from '~/components/forms/refusal'
import { PageHeader } from '~/components/layout/page-header'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { DetailCard, SummaryItem, SummaryList } from '~/components/ui/details'
import { inputClass } from '~/components/ui/input-class'
import { PlainField } from '~/components/ui/plain-field'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { getTender, serializeTender } from '~/models/edi/tender.server'
import { acceptTender, declineTender } from '~/models/edi/tender-respond.server'
import { organizationTimeZone } from '~/models/organization/organization.server'
import { tenderAnswersOffered } from '~/policies/edi-tender'
import { requireActor } from '~/requests/actor.server'
import { intent, intentAction } from '~/requests/forms.server'
import { requirePermission } from '~/requests/session.server'
import { EdiTenderAcceptSchema, EdiTenderDeclineSchema } from '~/schemas/edi'
import { EDI_TENDER_STATUS_TONE } from '~/schemas/edi-tones'
import { prisma } from '~/utils/db.server'
import { orNotFound } from '~/utils/errors.server'
import { formatDateTime, formatMoney, formatNumber } from '~/utils/format'
import { redirectWithToast } from '~/utils/toast.server'

import type { Route } from './+types/tender'
/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['edi'] }

/**
 * One tender as its last 204 said it: stops with their windows, references, weight, equipment and
 * rate; its load once accepted; a change the load could not take; and the answers the tender
 * policy offers this role now (ADR 149).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'edi')
  const tender = await orNotFound(getTender(user.organizationId, params.id))
  const load = tender.loadId
    ? await prisma.load.findFirst({ where: { id: tender.loadId, organizationId: user.organizationId }, select: { id: true, loadNumber: true, status: true } })
    : null
  return {
    tender: serializeTender(tender),
    partner: tender.partner.name,
    load,
    offered: tenderAnswersOffered(user.role, tender, new Date()),
    timeZone: await organizationTimeZone(user.organizationId),
  }
}

/** Accept or decline: plain forms with the version seen; refused, the reason on the page and nothing written. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const t = getInstance(context).t
  const { actor } = await requireActor(request, 'update', 'edi')
  const form = await request.formData()
  const url = new URL(request.url)
  const back = `${url.pathname}${url.search}`
  return intentAction(form, t, {
    accept: intent({
      schema: EdiTenderAcceptSchema,
      run: ({ version }) => acceptTender(actor, params.id, version),
      done: ({ tender, load }) =>
        redirectWithToast(back, { type: 'success', title: t('edi.tenderRespond.toast.accepted', { shipment: tender.shipmentId, load: load.loadNumber }) }),
    }),
    decline: intent({
      schema: EdiTenderDeclineSchema,
      run: ({ version, reason }) => declineTender(actor, params.id, version, reason),
      done: (tender) => redirectWithToast(back, { type: 'success', title: t('edi.tenderRespond.toast.declined', { shipment: tender.shipmentId }) }),
    }),
  })
}

export default function EdiTenderView({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { pathname, search } = useLocation()
  const busy = useNavigation().state !== 'idle'
  const { tender, partner, timeZone, load, offered } = loaderData
  const refusal = useRefusal(actionData, [null, 'accept'], undefined, [])
  const declining = useRefusal(actionData, 'decline', undefined, ['reason'])
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
        action={
          offered.accept ? (
            <Form method="post" data-testid="edi-tender-accept">
              <input type="hidden" name="intent" value="accept" />
              <input type="hidden" name="version" value={tender.version} />
              <Button type="submit" disabled={busy}>
                {t('edi.tenderRespond.accept')}
              </Button>
            </Form>
          ) : null
        }
      />
      <RefusalNotice refusal={refusal} reloadTo={`${pathname}${search}`} testId="edi-tender-refusal" className="mb-6" />
      {tender.conflict ? (
        <div role="alert" className="mb-6 rounded border border-error p-4 text-sm" data-testid="edi-tender-conflict">
          <p className="font-semibold">{t('edi.tenderRespond.conflictTitle')}</p>
          <p>{t(`edi.tenderRespond.conflicts.${tender.conflict === 'load_not_cancelable' ? 'load_not_cancelable' : 'load_not_editable'}`)}</p>
        </div>
      ) : null}
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
            {load ? (
              <SummaryItem label={t('edi.tenderRespond.fields.load')} testId="edi-tender-load">
                <Link to={href('/dashboard/loads/:id', { id: load.id })} className="underline">
                  {load.loadNumber}
                </Link>
              </SummaryItem>
            ) : null}
            {tender.declineReason ? (
              <SummaryItem label={t('edi.tenderRespond.fields.declineReason')} wide testId="edi-tender-decline-reason">
                <bdi>{tender.declineReason}</bdi>
              </SummaryItem>
            ) : null}
          </SummaryList>
        </DetailCard>
        {offered.decline ? (
          <Card className="p-6">
            <h2 className="mb-3 text-base font-bold">{t('edi.tenderRespond.declineTitle')}</h2>
            <Form method="post" className="grid gap-4" data-testid="edi-tender-decline" noValidate>
              <input type="hidden" name="intent" value="decline" />
              <input type="hidden" name="version" value={tender.version} />
              {declining ? <RefusalNotice refusal={declining} reloadTo={`${pathname}${search}`} testId="edi-tender-decline-refusal" /> : null}
              <PlainField id="reason" label={t('edi.tenderRespond.fields.declineReason')} errors={declining?.field('reason')}>
                <input id="reason" name="reason" required maxLength={200} dir="auto" className={inputClass} />
              </PlainField>
              <div>
                <Button type="submit" variant="secondary" disabled={busy}>
                  {t('edi.tenderRespond.decline')}
                </Button>
              </div>
            </Form>
          </Card>
        ) : null}
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
