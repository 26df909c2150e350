import { href, Link, useLocation } from 'react-router'
import { z } from 'zod'
import { CustomFieldValues } from '~/components/forms/custom-field-values'
import { RefusalNotice, useRefusal } from '~/components/forms/refusal'
import { PageHeader } from '~/components/layout/page-header'
import { LoadDocuments } from '~/components/loads/documents'
import { CancelConfirm, StatusActions } from '~/components/loads/status-actions'
import { StopEventButton } from '~/components/loads/stop-event'
import { Badge } from '~/components/ui/badge'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Icon } from '~/components/ui/icons'
import { getInstance } from '~/middleware/i18next'
import { customFieldsForDisplay } from '~/models/custom-fields.server'
import { canDeleteDocuments, deleteLoadDocument, uploadableKinds } from '~/models/load-document.server'
import { getLoad, loadTimeZone, loadViewer, moveLoad, nextStopEvent, personName } from '~/models/load.server'
import { LoadStatusMoveSchema } from '~/schemas/load'
import { requiredId } from '~/schemas/text'
import { canMove, LOAD_STATUS_META, ratePerMileCents, type LoadStatus } from '~/schemas/load-options'
import { requireActor } from '~/requests/actor.server'
import { intent, intentAction } from '~/requests/forms.server'
import { stopEventAction, uploadDocumentAction } from '~/requests/load-actions.server'
import { orNotFound } from '~/utils/errors.server'
import { formatDateTime, formatMoney, formatNumber } from '~/utils/format'
import { listReturnTo, withReturnTo } from '~/utils/list-return'
import { can } from '~/utils/permissions'
import { requirePermission } from '~/requests/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { useTranslation } from '~/utils/use-translation'
import { withParams } from '~/utils/with-params'
import { DetailItem } from '~/components/ui/details'
import type { Route } from './+types/view'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['loads', 'trailers', 'customFields'] }

const LIST = href('/dashboard/loads/list')

/** One load, read-only, with its status moves for the roles that may change loads. A driver sees only their own. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'load')
  const load = await orNotFound(getLoad(loadViewer(user), params.id))
  const url = new URL(request.url)
  const canUpdate = can(user.role, 'update', 'load')
  const status = load.status as LoadStatus
  const chargesCents = load.charges.reduce((sum, charge) => sum + charge.amountCents, 0)
  const [timeZone, customFields] = await Promise.all([
    loadTimeZone(user.organizationId),
    customFieldsForDisplay(user.organizationId, 'loads', load.customFields),
  ])
  return {
    load: {
      id: load.id,
      version: load.version,
      loadNumber: load.loadNumber,
      status,
      broker: { id: load.broker.id, name: load.broker.name },
      company: load.company?.name ?? null,
      brokerReference: load.brokerReference,
      poNumbers: load.poNumbers,
      bolNumber: load.bolNumber,
      equipmentType: load.equipmentType,
      commodity: load.commodity,
      weightLb: load.weightLb,
      pieces: load.pieces,
      temperatureF: load.temperatureF,
      hazmat: load.hazmat,
      linehaulCents: load.linehaulCents,
      chargesCents,
      totalCents: load.totalCents,
      ratePerMileCents: ratePerMileCents(load),
      loadedMiles: load.loadedMiles,
      emptyMiles: load.emptyMiles,
      driver: personName(load.driver),
      truck: load.truck,
      trailer: load.trailer,
      dispatcher: personName(load.dispatcher),
      notes: load.notes,
      stops: load.stops.map((stop) => ({
        id: stop.id,
        type: stop.type,
        facilityName: stop.facilityName,
        city: stop.city,
        address: [stop.line1, [stop.city, stop.state, stop.postalCode].filter(Boolean).join(', '), stop.country === 'US' ? null : stop.country].filter(
          (line): line is string => Boolean(line),
        ),
        windowStart: stop.windowStart?.toISOString() ?? null,
        windowEnd: stop.windowEnd?.toISOString() ?? null,
        appointmentRef: stop.appointmentRef,
        actualArrival: stop.actualArrival?.toISOString() ?? null,
        actualDeparture: stop.actualDeparture?.toISOString() ?? null,
        notes: stop.notes,
      })),
      charges: load.charges.map((charge) => ({ id: charge.id, type: charge.type, description: charge.description, amountCents: charge.amountCents })),
      documents: load.documents.map((document) => ({
        id: document.id,
        kind: document.kind,
        fileName: document.fileName,
        sizeBytes: document.sizeBytes,
        uploadedAt: document.uploadedAt.toISOString(),
        uploadedBy: personName(document.uploadedBy),
      })),
    },
    nextStop: can(user.role, 'update', 'loadStop') ? nextStopEvent(load.status, load.stops) : null,
    documentKinds: uploadableKinds(user.role),
    canDeleteDocuments: canDeleteDocuments(user.role),
    timeZone,
    customFields,
    returnTo: listReturnTo(url.searchParams.get('returnTo'), LIST),
    confirmCancel: canUpdate && url.searchParams.get('confirm') === 'cancel' && canMove(status, 'canceled'),
    canUpdate,
    canEdit: canUpdate && status !== 'invoiced' && status !== 'canceled',
    canDelete: can(user.role, 'delete', 'load'),
    links: { broker: can(user.role, 'read', 'broker'), truck: can(user.role, 'read', 'truck'), trailer: can(user.role, 'read', 'trailer') },
  }
}

/**
 * The page's posts. A status button: one move of the status machine (the model checks it again),
 * then back to this page with a toast. A stop's arrival or departure, and a document upload
 * (drivers too, on their loads). A refusal (illegal move, dispatch checks, stale version, a file
 * of the wrong type) is shown on the page with its reasons, never as an error page.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const t = getInstance(context).t
  const url = new URL(request.url)
  url.searchParams.delete('confirm')
  const back = `${url.pathname}${url.search}`
  // A document upload: multipart, streamed to storage by the model.
  if ((request.headers.get('Content-Type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
    const { user, actor } = await requireActor(request, 'read', 'load')
    return uploadDocumentAction(request, user, actor, params.id, t, back)
  }
  await requirePermission(request, 'read', 'load')
  const form = await request.formData()
  if (form.get('intent') === 'stopEvent') {
    const { user, actor } = await requireActor(request, 'update', 'loadStop')
    form.set('loadId', params.id)
    return stopEventAction(form, user, actor, t, back)
  }
  const { user, actor } = await requireActor(request, 'update', 'load')
  return intentAction(
    form,
    t,
    {
      deleteDocument: intent({
        schema: DocumentIdSchema,
        run: ({ documentId }) => deleteLoadDocument(user, actor, params.id, documentId),
        done: (document) => redirectWithToast(back, { type: 'success', title: t('loads.documents.toast.deleted', { name: document.fileName }) }),
        gone: true,
      }),
      status: intent({
        schema: LoadStatusMoveSchema,
        run: (move) => moveLoad(actor, params.id, move),
        done: (load) =>
          redirectWithToast(back, {
            type: load.status === 'canceled' ? 'warning' : 'success',
            title: t('loads.toast.moved', { number: load.loadNumber, status: t(`loads.status.${load.status}`) }),
          }),
      }),
    },
    { about: params.id },
  )
}

const DocumentIdSchema = z.object({ documentId: requiredId() })

const linkClass = 'font-semibold text-primary-darker hover:underline dark:text-primary-light'

export default function LoadView({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { pathname, search } = useLocation()
  const { load, returnTo, timeZone, links } = loaderData
  const money = (cents: number) => formatMoney(i18n.language, cents)
  const number = (value: number) => formatNumber(i18n.language, value)
  const when = (value: string | null) => (value ? formatDateTime(i18n.language, value, timeZone) : null)
  // Status buttons, stop events and document deletes answer above the page; an upload at its form.
  const refusal = useRefusal(actionData, [null, 'status', 'stopEvent', 'deleteDocument'], undefined, [])
  const uploadRefusal = useRefusal(actionData, 'upload')
  const miles = (load.loadedMiles ?? 0) + (load.emptyMiles ?? 0)

  return (
    <>
      <PageHeader
        title={t('loads.view.title', { number: load.loadNumber })}
        crumbs={[{ label: t('nav.dashboard'), to: href('/dashboard/app') }, { label: t('nav.loads'), to: returnTo }, { label: load.loadNumber }]}
        action={
          loaderData.canEdit || loaderData.canDelete ? (
            <div className="flex flex-wrap gap-2">
              {loaderData.canDelete ? (
                <ButtonLink to={withReturnTo(href('/dashboard/loads/:id/delete', { id: load.id }), returnTo)} variant="ghost">
                  <Icon name="trash" size={18} />
                  {t('common.delete')}
                </ButtonLink>
              ) : null}
              {loaderData.canEdit ? (
                <ButtonLink to={withReturnTo(href('/dashboard/loads/:id/edit', { id: load.id }), returnTo)}>
                  <Icon name="edit" size={18} />
                  {t('common.edit')}
                </ButtonLink>
              ) : null}
            </div>
          ) : null
        }
      />

      <RefusalNotice refusal={refusal} reloadTo={`${pathname}${search}`} testId="status-refusal" className="mb-6" />

      {loaderData.confirmCancel ? <CancelConfirm version={load.version} loadNumber={load.loadNumber} keepHref={withParams(search, { confirm: null })} /> : null}

      <Card className="mb-6 flex flex-wrap items-center justify-between gap-4 p-4 sm:p-6" data-testid="load-status">
        <div className="flex flex-wrap items-center gap-3">
          <span className="text-sm font-semibold text-muted">{t('fields.status')}</span>
          <Badge tone={LOAD_STATUS_META[load.status].tone}>{t(`loads.status.${load.status}`)}</Badge>
        </div>
        {loaderData.canUpdate ? <StatusActions status={load.status} version={load.version} loadNumber={load.loadNumber} search={search} /> : null}
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="p-6">
          <h2 className="mb-3 text-base font-bold">{t('loads.view.details')}</h2>
          <dl data-testid="load-details">
            <DetailItem label={t('loads.fields.broker')}>
              {links.broker ? (
                <Link to={href('/dashboard/brokers/:id', { id: load.broker.id })} className={linkClass}>
                  <bdi>{load.broker.name}</bdi>
                </Link>
              ) : (
                <bdi>{load.broker.name}</bdi>
              )}
            </DetailItem>
            <DetailItem label={t('fields.company')}>{load.company ? <bdi>{load.company}</bdi> : null}</DetailItem>
            <DetailItem label={t('loads.fields.brokerReference')}>{load.brokerReference ? <bdi>{load.brokerReference}</bdi> : null}</DetailItem>
            <DetailItem label={t('loads.fields.poNumbers')}>{load.poNumbers ? <bdi>{load.poNumbers}</bdi> : null}</DetailItem>
            <DetailItem label={t('loads.fields.bolNumber')}>{load.bolNumber ? <bdi>{load.bolNumber}</bdi> : null}</DetailItem>
            <DetailItem label={t('loads.fields.equipmentType')}>{t(`trailers.type.${load.equipmentType}`)}</DetailItem>
            <DetailItem label={t('loads.fields.commodity')}>
              {load.commodity || load.hazmat ? (
                <span className="flex flex-wrap items-center gap-2">
                  {load.commodity ? <bdi>{load.commodity}</bdi> : null}
                  {load.hazmat ? <Badge tone="error">{t('loads.view.hazmat')}</Badge> : null}
                </span>
              ) : null}
            </DetailItem>
            <DetailItem label={t('loads.fields.weight')}>
              {load.weightLb !== null || load.pieces !== null ? (
                <span className="tabular-nums">
                  {[
                    load.weightLb !== null ? t('loads.view.pounds', { weight: number(load.weightLb) }) : null,
                    load.pieces !== null ? t('loads.view.pieces', { count: load.pieces, pieces: number(load.pieces) }) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              ) : null}
            </DetailItem>
            <DetailItem label={t('loads.fields.temperature')}>
              {load.temperatureF !== null ? (
                <span className="tabular-nums">{t('loads.view.fahrenheit', { temperature: number(load.temperatureF) })}</span>
              ) : null}
            </DetailItem>
          </dl>
        </Card>

        <Card className="p-6">
          <h2 className="mb-3 text-base font-bold">{t('loads.view.assignment')}</h2>
          <dl data-testid="load-assignment">
            <DetailItem label={t('loads.fields.driver')}>{load.driver ? <bdi>{load.driver}</bdi> : null}</DetailItem>
            <DetailItem label={t('loads.fields.truck')}>
              {load.truck ? (
                links.truck ? (
                  <Link to={href('/dashboard/trucks/:id', { id: load.truck.id })} className={linkClass}>
                    {load.truck.unitNumber}
                  </Link>
                ) : (
                  load.truck.unitNumber
                )
              ) : null}
            </DetailItem>
            <DetailItem label={t('loads.fields.trailer')}>
              {load.trailer ? (
                links.trailer ? (
                  <Link to={href('/dashboard/trailers/:id', { id: load.trailer.id })} className={linkClass}>
                    {load.trailer.unitNumber}
                  </Link>
                ) : (
                  load.trailer.unitNumber
                )
              ) : null}
            </DetailItem>
            <DetailItem label={t('loads.fields.dispatcher')}>{load.dispatcher ? <bdi>{load.dispatcher}</bdi> : null}</DetailItem>
          </dl>
          <h2 className="mt-6 mb-3 text-base font-bold">{t('loads.view.money')}</h2>
          <dl data-testid="load-money">
            <DetailItem label={t('loads.fields.linehaul')}>
              <span className="tabular-nums">{money(load.linehaulCents)}</span>
            </DetailItem>
            <DetailItem label={t('loads.fields.charges')}>
              <span className="tabular-nums">{money(load.chargesCents)}</span>
            </DetailItem>
            <DetailItem label={t('loads.fields.total')}>
              <span className="font-bold tabular-nums">{money(load.totalCents)}</span>
            </DetailItem>
            <DetailItem label={t('loads.fields.miles')}>
              {miles > 0 ? (
                <span className="tabular-nums">
                  {t('loads.view.milesSplit', { loaded: number(load.loadedMiles ?? 0), empty: number(load.emptyMiles ?? 0) })}
                </span>
              ) : null}
            </DetailItem>
            <DetailItem label={t('loads.fields.ratePerMile')}>
              {load.ratePerMileCents !== null ? <span className="tabular-nums">{money(load.ratePerMileCents)}</span> : null}
            </DetailItem>
          </dl>
        </Card>

        <Card className="p-6 lg:col-span-2">
          <h2 className="mb-3 text-base font-bold">{t('loads.view.stops', { count: load.stops.length })}</h2>
          <ol className="space-y-3" data-testid="load-stops">
            {load.stops.map((stop, index) => (
              <li key={stop.id} className="flex gap-3 border-t border-dashed border-line pt-3 first:border-t-0 first:pt-0">
                <span
                  className={
                    stop.type === 'pickup'
                      ? 'grid size-8 shrink-0 place-items-center rounded-full bg-info-lighter text-sm font-bold text-info-darker dark:bg-info/20 dark:text-info-light'
                      : 'grid size-8 shrink-0 place-items-center rounded-full bg-success-lighter text-sm font-bold text-success-darker dark:bg-success/20 dark:text-success-light'
                  }
                  aria-hidden="true"
                >
                  {index + 1}
                </span>
                <div className="grid min-w-0 flex-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
                  <div className="min-w-0">
                    <p className="font-semibold">
                      {t(`loads.stopType.${stop.type}`)}
                      {stop.facilityName ? (
                        <>
                          {' · '}
                          <bdi>{stop.facilityName}</bdi>
                        </>
                      ) : null}
                    </p>
                    <address className="text-muted not-italic">
                      {stop.address.map((line) => (
                        <div key={line}>
                          <bdi>{line}</bdi>
                        </div>
                      ))}
                    </address>
                    {stop.notes ? (
                      <p dir="auto" className="mt-1 whitespace-pre-line">
                        {stop.notes}
                      </p>
                    ) : null}
                  </div>
                  <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
                    <dt className="text-muted">{t('loads.view.window')}</dt>
                    <dd className="tabular-nums">
                      {stop.windowStart ? (
                        <>
                          {when(stop.windowStart)}
                          {stop.windowEnd ? ` – ${when(stop.windowEnd)}` : null}
                        </>
                      ) : (
                        <span className="text-muted">—</span>
                      )}
                    </dd>
                    {stop.appointmentRef ? (
                      <>
                        <dt className="text-muted">{t('loads.view.appointment')}</dt>
                        <dd>
                          <bdi>{stop.appointmentRef}</bdi>
                        </dd>
                      </>
                    ) : null}
                    <dt className="text-muted">{t('loads.view.arrived')}</dt>
                    <dd className="tabular-nums">{when(stop.actualArrival) ?? <span className="text-muted">—</span>}</dd>
                    <dt className="text-muted">{t('loads.view.departed')}</dt>
                    <dd className="tabular-nums">{when(stop.actualDeparture) ?? <span className="text-muted">—</span>}</dd>
                  </dl>
                  {loaderData.nextStop?.stopId === stop.id ? (
                    <StopEventButton
                      className="mt-2 sm:col-span-2"
                      loadId={load.id}
                      stopId={stop.id}
                      event={loaderData.nextStop.event}
                      place={stop.facilityName ?? stop.city}
                      version={load.version}
                    />
                  ) : null}
                </div>
              </li>
            ))}
          </ol>
        </Card>

        <Card className="p-6">
          <h2 className="mb-3 text-base font-bold">{t('loads.view.charges')}</h2>
          {load.charges.length ? (
            <table className="w-full text-sm" data-testid="load-charges">
              <thead className="text-muted">
                <tr>
                  <th scope="col" className="py-2 text-start font-semibold">
                    {t('loads.view.chargeType')}
                  </th>
                  <th scope="col" className="py-2 text-end font-semibold">
                    {t('loads.view.amount')}
                  </th>
                </tr>
              </thead>
              <tbody>
                <tr className="border-t border-dashed border-line">
                  <td className="py-2">{t('loads.fields.linehaul')}</td>
                  <td className="py-2 text-end tabular-nums">{money(load.linehaulCents)}</td>
                </tr>
                {load.charges.map((charge) => (
                  <tr key={charge.id} className="border-t border-dashed border-line">
                    <td className="py-2">
                      {t(`loads.chargeType.${charge.type}`)}
                      {charge.description ? <bdi className="block text-xs text-muted">{charge.description}</bdi> : null}
                    </td>
                    <td className="py-2 text-end tabular-nums">{money(charge.amountCents)}</td>
                  </tr>
                ))}
                <tr className="border-t border-line font-bold">
                  <td className="py-2">{t('loads.fields.total')}</td>
                  <td className="py-2 text-end tabular-nums">{money(load.totalCents)}</td>
                </tr>
              </tbody>
            </table>
          ) : (
            <p className="text-sm text-muted">{t('loads.view.noCharges')}</p>
          )}
        </Card>

        <Card className="p-6">
          <h2 className="mb-3 text-base font-bold">{t('fields.notes')}</h2>
          {load.notes ? (
            <p dir="auto" className="text-sm whitespace-pre-line" data-testid="load-notes">
              {load.notes}
            </p>
          ) : (
            <p className="text-sm text-muted">{t('loads.view.noNotes')}</p>
          )}
        </Card>

        <LoadDocuments
          loadId={load.id}
          documents={load.documents}
          kinds={loaderData.documentKinds}
          canDelete={loaderData.canDeleteDocuments}
          timeZone={timeZone}
          refusal={uploadRefusal}
        />

        <CustomFieldValues fields={loaderData.customFields} />
      </div>
    </>
  )
}
