import { Form, href, Link, redirect, type ShouldRevalidateFunctionArgs, useNavigation } from 'react-router'

import { refusalAbout, RefusalNotice, useRefusal } from '~/components/forms/refusal'
import { PageHeader } from '~/components/layout/page-header'
import { StopEventButton } from '~/components/loads/stop-event'
import { Badge } from '~/components/ui/badge'
import { BidiText } from '~/components/ui/bidi-text'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Icon } from '~/components/ui/icons'
import { inputClass } from '~/components/ui/input-class'
import { EmptyState } from '~/components/ui/list-controls'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { loadTimeZone } from '~/models/load.server'
import { listDriverLoads } from '~/models/load-driver.server'
import { deliveredAt, nextStopEvent, seesOwnLoadsOnly, uploadableKinds } from '~/policies/load'
import { requireActor } from '~/requests/actor.server'
import { stopEventAction, uploadDocumentAction } from '~/requests/load-actions.server'
import { requirePermission } from '~/requests/session.server'
import { LOAD_DOCUMENT_ACCEPT, LOAD_DOCUMENT_KINDS, LOAD_DOCUMENT_MAX_BYTES, type LoadDocumentKind } from '~/schemas/load-document-options'
import { DRIVER_RECENT_DAYS, LOAD_STATUS_META, type LoadStatus } from '~/schemas/load-options'
import { cn } from '~/utils/cn'
import { formatDateTime, formatNumber, isolate } from '~/utils/format'
import { uploadLimit } from '~/utils/upload-limit'

import type { Route } from './+types/mine'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['loads'] }

/** A driver's document upload posts here: streamed to storage, never collected by the edge (app/utils/upload-limit.ts). */
export const upload = uploadLimit(LOAD_DOCUMENT_MAX_BYTES, { streamed: true })

const HERE = href('/dashboard/loads/mine')

/**
 * A driver's "My loads": their loads on the road and booked for them, each with its stops, the one
 * next stop to record and a POD/BOL upload; then what they delivered lately. Built for a phone in
 * a cab: one column, big buttons, plain forms. Other roles work from the loads list.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'load')
  if (!seesOwnLoadsOnly(user.role)) throw redirect(href('/dashboard/loads/list'))
  const [{ current, recent }, timeZone] = await Promise.all([
    listDriverLoads({ organizationId: user.organizationId, driverId: user.id }),
    loadTimeZone(user.organizationId),
  ])
  return {
    timeZone,
    kinds: uploadableKinds(user.role),
    loads: current.map((load) => ({
      id: load.id,
      version: load.version,
      loadNumber: load.loadNumber,
      status: load.status as LoadStatus,
      broker: load.broker.name,
      truck: load.truck?.unitNumber ?? null,
      trailer: load.trailer?.unitNumber ?? null,
      commodity: load.commodity,
      hazmat: load.hazmat,
      next: nextStopEvent(load.status, load.stops),
      stops: load.stops.map((stop) => ({
        id: stop.id,
        type: stop.type,
        facilityName: stop.facilityName,
        line1: stop.line1,
        place: [stop.city, stop.state].filter(Boolean).join(', '),
        windowStart: stop.windowStart?.toISOString() ?? null,
        windowEnd: stop.windowEnd?.toISOString() ?? null,
        appointmentRef: stop.appointmentRef,
        actualArrival: stop.actualArrival?.toISOString() ?? null,
        actualDeparture: stop.actualDeparture?.toISOString() ?? null,
      })),
      papers: Object.fromEntries(LOAD_DOCUMENT_KINDS.map((kind) => [kind, load.documents.filter((document) => document.kind === kind).length])) as Record<
        LoadDocumentKind,
        number
      >,
    })),
    recent: recent.map((load) => ({
      id: load.id,
      loadNumber: load.loadNumber,
      status: load.status as LoadStatus,
      place: [load.deliveryCity, load.deliveryState].filter(Boolean).join(', '),
      // Delivered at its last departure; a load delivered before stop times were recorded shows its last change.
      at: (deliveredAt(load.stops) ?? load.updatedAt).toISOString(),
    })),
  }
}

/** A stop button (arrival or departure) or an upload (multipart, `?load=` names the load). */
export async function action({ request, context }: Route.ActionArgs) {
  const t = getInstance(context).t
  if ((request.headers.get('Content-Type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
    const { user, actor } = await requireActor(request, 'create', 'loadDocument')
    return uploadDocumentAction(request, user, actor, new URL(request.url).searchParams.get('load') ?? '', t, HERE)
  }
  const { user, actor } = await requireActor(request, 'update', 'loadStop')
  // Any other intent is refused by the stop action's protocol (a refusal, not an error page).
  return stopEventAction(await request.formData(), user, actor, t, HERE)
}

/** After a refused tap (409: someone recorded first), the cards show the load as it is now. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate
}

type MyLoad = Route.ComponentProps['loaderData']['loads'][number]

export default function MyLoads({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { loads, recent, timeZone } = loaderData
  const aboutLoad = refusalAbout(actionData)
  const onRoad = loads.filter((load) => load.status !== 'booked')
  const booked = loads.filter((load) => load.status === 'booked')

  return (
    <>
      <PageHeader title={t('loads.list.myTitle')} crumbs={[{ label: t('nav.dashboard'), to: href('/dashboard/app') }, { label: t('loads.list.myTitle') }]} />
      {loads.length === 0 && recent.length === 0 ? (
        <Card>
          <EmptyState title={t('loads.list.myEmptyTitle')} description={t('loads.list.myEmpty')} />
        </Card>
      ) : null}
      <div className="mx-auto grid max-w-3xl gap-8">
        {[
          { key: 'onRoad', title: t('loads.mine.onRoad'), rows: onRoad },
          { key: 'booked', title: t('loads.mine.booked'), rows: booked },
        ].map((group) =>
          group.rows.length ? (
            <section key={group.key} aria-labelledby={`my-${group.key}`} className="grid gap-4">
              <h2 id={`my-${group.key}`} className="text-lg font-bold">
                {group.title}
              </h2>
              {group.rows.map((load) => (
                <LoadCard key={load.id} load={load} kinds={loaderData.kinds} timeZone={timeZone} actionData={aboutLoad === load.id ? actionData : null} />
              ))}
            </section>
          ) : null,
        )}
        {recent.length ? (
          <section aria-labelledby="my-recent" className="grid gap-3">
            <h2 id="my-recent" className="text-lg font-bold">
              {t('loads.mine.recent', { days: formatNumber(i18n.language, DRIVER_RECENT_DAYS) })}
            </h2>
            <Card className="divide-y divide-dashed divide-line" data-testid="my-recent">
              {recent.map((load) => (
                <Link
                  key={load.id}
                  to={href('/dashboard/loads/:id', { id: load.id })}
                  className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 text-sm hover:bg-black/5 dark:hover:bg-white/5"
                >
                  <span className="font-semibold tabular-nums">{load.loadNumber}</span>
                  <Badge tone={LOAD_STATUS_META[load.status].tone}>{t(`loads.status.${load.status}`)}</Badge>
                  {/* On a phone the place has its own line (beside the rest it was cut to a letter). */}
                  <bdi className="order-last min-w-0 basis-full truncate text-muted sm:order-none sm:basis-0 sm:flex-1" data-testid="my-recent-place">
                    {load.place}
                  </bdi>
                  <span className="ms-auto text-xs text-muted tabular-nums sm:ms-0">{formatDateTime(i18n.language, load.at, timeZone)}</span>
                </Link>
              ))}
            </Card>
          </section>
        ) : null}
      </div>
    </>
  )
}

function LoadCard({
  load,
  kinds,
  timeZone,
  actionData,
}: {
  load: MyLoad
  kinds: readonly LoadDocumentKind[]
  timeZone: string
  /** The action's refusal when it concerns this load. */
  actionData: unknown
}) {
  const { t, i18n } = useTranslation()
  const navigation = useNavigation()
  const uploading = navigation.state !== 'idle' && navigation.formAction?.endsWith(`load=${load.id}`)
  const when = (value: string) => formatDateTime(i18n.language, value, timeZone)
  const refusal = useRefusal(actionData, [null, 'stopEvent'], load.id, [])
  const upload = useRefusal(actionData, 'upload', load.id)
  const fileErrors = upload?.field('file') ?? upload?.field('kind')
  const equipment = [
    load.truck ? t('loads.mine.truck', { unit: isolate(load.truck) }) : null,
    load.trailer ? t('loads.mine.trailer', { unit: isolate(load.trailer) }) : null,
  ]
  return (
    <Card className="p-4 sm:p-6" data-testid="my-load">
      <div className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-2">
        <Link to={href('/dashboard/loads/:id', { id: load.id })} className="text-lg font-bold text-primary-darker hover:underline dark:text-primary-light">
          {load.loadNumber}
        </Link>
        <Badge tone={LOAD_STATUS_META[load.status].tone}>{t(`loads.status.${load.status}`)}</Badge>
        {load.hazmat ? <Badge tone="error">{t('loads.view.hazmat')}</Badge> : null}
        <p className="w-full text-sm text-muted">
          <bdi>{load.broker}</bdi>
          {load.commodity ? (
            <>
              {' · '}
              <bdi>{load.commodity}</bdi>
            </>
          ) : null}
          {equipment.some(Boolean) ? <BidiText text={` · ${equipment.filter(Boolean).join(' · ')}`} /> : null}
        </p>
      </div>

      <RefusalNotice refusal={refusal} testId="stop-refusal" className="mb-4">
        {refusal?.conflict ? <p>{t('loads.mine.reloaded')}</p> : null}
      </RefusalNotice>

      <ol className="grid gap-3" aria-label={t('loads.view.stops', { count: load.stops.length })}>
        {load.stops.map((stop, index) => {
          const next = load.next?.stopId === stop.id ? load.next : null
          const done = Boolean(stop.actualDeparture)
          return (
            <li
              key={stop.id}
              className={cn('flex gap-3 rounded-lg border p-3', next ? 'border-primary bg-primary-lighter/40 dark:bg-primary/10' : 'border-line')}
              aria-current={next ? 'step' : undefined}
              data-testid="my-stop"
            >
              <span
                className={cn(
                  'grid size-8 shrink-0 place-items-center rounded-full text-sm font-bold',
                  done ? 'bg-success-lighter text-success-darker dark:bg-success/20 dark:text-success-light' : 'bg-black/5 text-muted dark:bg-white/10',
                )}
                aria-hidden="true"
              >
                {done ? <Icon name="check" size={16} /> : formatNumber(i18n.language, index + 1)}
              </span>
              <div className="min-w-0 flex-1 text-sm">
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
                  {stop.line1 ? (
                    <>
                      <bdi>{stop.line1}</bdi>,{' '}
                    </>
                  ) : null}
                  <bdi>{stop.place}</bdi>
                </address>
                {stop.windowStart ? (
                  <p className="tabular-nums">
                    {t('loads.view.window')}: {when(stop.windowStart)}
                    {stop.windowEnd ? ` – ${when(stop.windowEnd)}` : null}
                  </p>
                ) : null}
                {stop.appointmentRef ? (
                  <p>
                    {t('loads.view.appointment')}: <bdi>{stop.appointmentRef}</bdi>
                  </p>
                ) : null}
                {stop.actualArrival ? (
                  <p className="text-success-darker tabular-nums dark:text-success-light" data-testid="my-stop-times">
                    {t('loads.view.arrived')} {when(stop.actualArrival)}
                    {stop.actualDeparture ? ` · ${t('loads.view.departed')} ${when(stop.actualDeparture)}` : null}
                  </p>
                ) : null}
                {next ? (
                  <StopEventButton
                    className="mt-3"
                    loadId={load.id}
                    stopId={stop.id}
                    event={next.event}
                    place={stop.facilityName ?? stop.place}
                    version={load.version}
                  />
                ) : null}
              </div>
            </li>
          )
        })}
      </ol>
      {load.status === 'booked' ? <p className="mt-3 text-sm text-muted">{t('loads.mine.waiting')}</p> : null}

      {/* Papers are taken on the road (BOL at pickup, POD at delivery); a booked load has none yet. */}
      {load.status === 'booked' ? null : (
        <Form
          method="post"
          action={`?load=${load.id}`}
          encType="multipart/form-data"
          className="mt-4 grid gap-3 border-t border-dashed border-line pt-4"
          data-testid="my-upload"
        >
          <p className="text-sm">
            <span className="font-semibold">{t('loads.mine.papers')}</span>{' '}
            <span className="text-muted">
              {LOAD_DOCUMENT_KINDS.map((kind) => `${t(`loads.documents.kind.${kind}`)}: ${formatNumber(i18n.language, load.papers[kind])}`).join(' · ')}
            </span>
          </p>
          {upload ? (
            <p role="alert" className="text-sm font-semibold text-error" data-testid="document-refusal">
              {upload.message} {fileErrors?.join(' ')}
            </p>
          ) : null}
          <div className="grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-end">
            <div>
              <label htmlFor={`kind-${load.id}`} className="mb-1.5 block text-sm font-semibold">
                {t('loads.documents.kindLabel')}
              </label>
              <select id={`kind-${load.id}`} name="kind" className={inputClass} defaultValue={kinds.includes('pod') ? 'pod' : kinds[0]}>
                {kinds.map((kind) => (
                  <option key={kind} value={kind}>
                    {t(`loads.documents.kind.${kind}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="min-w-0">
              <label htmlFor={`file-${load.id}`} className="mb-1.5 block text-sm font-semibold">
                {t('loads.documents.fileLabel')}
              </label>
              <input
                id={`file-${load.id}`}
                name="file"
                type="file"
                required
                accept={LOAD_DOCUMENT_ACCEPT}
                className="block w-full text-sm file:me-3 file:rounded-lg file:border file:border-line file:bg-surface file:px-3 file:py-2 file:text-sm file:font-semibold"
              />
            </div>
            <Button type="submit" variant="secondary" disabled={uploading} className="w-full sm:w-auto">
              <Icon name="plus" size={18} />
              {t('loads.documents.submit')}
            </Button>
          </div>
        </Form>
      )}
    </Card>
  )
}
