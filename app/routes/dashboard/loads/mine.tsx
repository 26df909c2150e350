import { href, Link, redirect, type ShouldRevalidateFunctionArgs } from 'react-router'

import { LoadChatButton } from '~/components/chat/load-chat-button'
import { refusalAbout } from '~/components/forms/refusal'
import { PageHeader } from '~/components/layout/page-header'
import { MyLoadCard } from '~/components/loads/my-load-card'
import { OdometerSection } from '~/components/loads/odometer-readings'
import { Badge } from '~/components/ui/badge'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { EmptyState } from '~/components/ui/list-controls'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { deleteOdometerReading, type OdometerReadingRow, readingsOfLoads, recordOdometerReading } from '~/models/fuel-tax/odometer-reading.server'
import { loadTimeZone } from '~/models/loads/load.server'
import { listDriverLoads } from '~/models/loads/load-driver.server'
import { deliveredAt, nextStopEvent, seesOwnLoadsOnly, uploadableKinds } from '~/policies/load'
import { nextReadingKinds, takesReadings } from '~/policies/odometer-reading'
import { requireActor } from '~/requests/actor.server'
import { intent, intentAction } from '~/requests/forms.server'
import { stopEventAction, uploadDocumentAction } from '~/requests/load-actions.server'
import { requirePermission } from '~/requests/session.server'
import { JURISDICTIONS } from '~/schemas/ifta-options'
import { LOAD_DOCUMENT_KINDS, LOAD_DOCUMENT_MAX_BYTES, type LoadDocumentKind } from '~/schemas/load-document-options'
import { DRIVER_RECENT_DAYS, LOAD_STATUS_META } from '~/schemas/load-options'
import { OdometerReadingSchema, TakeBackReadingSchema } from '~/schemas/odometer-reading'
import { formatDateTime, formatNumber } from '~/utils/format'
import { redirectWithToast } from '~/utils/toast.server'
import { uploadLimit } from '~/utils/upload-limit'

import type { Route } from './+types/mine'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['loads', 'chat', 'odometer', 'inspections', 'qualifications'] }

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
  const scope = { organizationId: user.organizationId, driverId: user.id }
  const [{ current, recent }, timeZone] = await Promise.all([listDriverLoads(scope), loadTimeZone(user.organizationId)])
  const readings = await readingsOfLoads(
    scope,
    current.filter(takesReadings).map((load) => load.id),
  )
  return {
    timeZone,
    kinds: uploadableKinds(user.role),
    loads: current.map((load) => ({
      id: load.id,
      version: load.version,
      loadNumber: load.loadNumber,
      status: load.status,
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
      odometer: readings.has(load.id) ? loadOdometer(readings.get(load.id)!, load.stops) : null,
      papers: Object.fromEntries(LOAD_DOCUMENT_KINDS.map((kind) => [kind, load.documents.filter((document) => document.kind === kind).length])) as Record<
        LoadDocumentKind,
        number
      >,
    })),
    recent: recent.map((load) => ({
      id: load.id,
      loadNumber: load.loadNumber,
      status: load.status,
      place: [load.deliveryCity, load.deliveryState].filter(Boolean).join(', '),
      // Delivered at its last departure; a load delivered before stop times were recorded shows its last change.
      at: (deliveredAt(load.stops) ?? load.updatedAt).toISOString(),
    })),
  }
}

/**
 * The readings of a card on the road, the kinds the next one may be, and the state to offer for it:
 * the first pickup's for the start, then the state of the next stop not yet left (the last stop's
 * once all are), when it is a jurisdiction.
 */
function loadOdometer(readings: OdometerReadingRow[], stops: Array<{ type: string; state: string | null; actualDeparture: Date | null }>) {
  const next = nextReadingKinds(readings.map((reading) => reading.kind))
  const stop =
    next[0] === 'start' ? stops.find((candidate) => candidate.type === 'pickup') : (stops.find((candidate) => !candidate.actualDeparture) ?? stops.at(-1))
  const state = stop?.state?.trim().toUpperCase() ?? ''
  return {
    readings: readings.map((reading) => ({
      id: reading.id,
      kind: reading.kind,
      jurisdiction: reading.jurisdiction,
      odometer: reading.odometer,
      recordedAt: reading.recordedAt.toISOString(),
    })),
    next,
    state: (JURISDICTIONS as readonly string[]).includes(state) ? state : null,
    takeBack: readings.length > 0,
  }
}

/** A stop button (arrival or departure), an odometer reading, or an upload (multipart, `?load=` names the load). */
export async function action({ request, context }: Route.ActionArgs) {
  const t = getInstance(context).t
  if ((request.headers.get('Content-Type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
    const { user, actor } = await requireActor(request, 'create', 'loadDocument')
    return uploadDocumentAction(request, user, actor, new URL(request.url).searchParams.get('load') ?? '', t, HERE)
  }
  const form = await request.formData()
  if (form.get('intent') === 'odometerTakeBack') {
    const { actor } = await requireActor(request, 'delete', 'odometerReading')
    return intentAction(
      form,
      t,
      {
        odometerTakeBack: intent({
          schema: TakeBackReadingSchema,
          run: (input) => deleteOdometerReading(actor, input.readingId),
          done: (reading) =>
            redirectWithToast(HERE, {
              type: 'success',
              title: t('odometer.toast.takenBack', {
                reading: t(`odometer.line.${reading.kind}`, { state: reading.jurisdiction }),
                odometer: formatNumber(getInstance(context).language, reading.odometer),
              }),
            }),
        }),
      },
      { about: String(form.get('loadId') ?? '') },
    )
  }
  if (form.get('intent') === 'odometer') {
    const { actor } = await requireActor(request, 'create', 'odometerReading')
    return intentAction(
      form,
      t,
      {
        odometer: intent({
          schema: OdometerReadingSchema,
          run: (input) => recordOdometerReading(actor, input),
          done: (reading) =>
            redirectWithToast(HERE, {
              type: 'success',
              title: t('odometer.toast.recorded', {
                reading: t(`odometer.line.${reading.kind}`, { state: reading.jurisdiction }),
                odometer: formatNumber(getInstance(context).language, reading.odometer),
              }),
            }),
        }),
      },
      { about: String(form.get('loadId') ?? '') },
    )
  }
  const { user, actor } = await requireActor(request, 'update', 'loadStop')
  // Any other intent is refused by the stop action's protocol (a refusal, not an error page).
  return stopEventAction(form, user, actor, t, HERE)
}

/** After a refused tap (409: someone recorded first), the cards show the load as it is now. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate
}

export default function MyLoads({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { loads, recent, timeZone } = loaderData
  const aboutLoad = refusalAbout(actionData)
  const onRoad = loads.filter((load) => load.status !== 'booked')
  const booked = loads.filter((load) => load.status === 'booked')

  return (
    <>
      <PageHeader
        title={t('loads.list.myTitle')}
        crumbs={[{ label: t('nav.dashboard'), to: href('/dashboard/app') }, { label: t('loads.list.myTitle') }]}
        action={
          // The day's vehicle inspection report (ADR 130), filed from the cab.
          <div className="flex flex-wrap gap-2">
            <ButtonLink to={href('/dashboard/inspections/new')} variant="secondary" data-testid="file-inspection">
              {t('inspections.mine.file')}
            </ButtonLink>
            {/* The driver's own qualification file (ADR 139): read it, send a renewed medical card. */}
            <ButtonLink to={href('/dashboard/user/qualifications')} variant="secondary" data-testid="my-qualifications">
              {t('qualifications.myLink')}
            </ButtonLink>
          </div>
        }
      />
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
                <div key={load.id} className="grid gap-2">
                  <MyLoadCard load={load} kinds={loaderData.kinds} timeZone={timeZone} actionData={aboutLoad === load.id ? actionData : null}>
                    {load.odometer ? (
                      <OdometerSection loadId={load.id} odometer={load.odometer} timeZone={timeZone} actionData={aboutLoad === load.id ? actionData : null} />
                    ) : null}
                  </MyLoadCard>
                  <LoadChatButton loadId={load.id} loadNumber={load.loadNumber} />
                </div>
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
