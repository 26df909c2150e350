/**
 * One load on a driver's "My loads" (app/routes/dashboard/loads/mine.tsx): its stops with the next
 * one to record, and the POD/BOL upload, as the loader shapes them.
 */
import type { ReactNode } from 'react'
import { Form, href, Link, useNavigation } from 'react-router'

import { RefusalNotice, useRefusal } from '~/components/forms/refusal'
import { StopEventButton } from '~/components/loads/stop-event'
import { Badge } from '~/components/ui/badge'
import { BidiText } from '~/components/ui/bidi-text'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Icon } from '~/components/ui/icons'
import { fileInputClass, inputClass } from '~/components/ui/input-class'
import { useTranslation } from '~/hooks/use-translation'
import { LOAD_DOCUMENT_ACCEPT, LOAD_DOCUMENT_KINDS, type LoadDocumentKind } from '~/schemas/load-document-options'
import { LOAD_STATUS_META, type LoadStatus, type StopEvent } from '~/schemas/load-options'
import { cn } from '~/utils/cn'
import { formatDateTime, formatNumber, isolate } from '~/utils/format'

/** A driver's load as the page shows it (one of the loader's `loads`). */
export type MyLoad = {
  id: string
  version: number
  loadNumber: string
  status: LoadStatus
  broker: string
  truck: string | null
  trailer: string | null
  commodity: string | null
  hazmat: boolean
  next: { stopId: string; event: StopEvent } | null
  stops: Array<{
    id: string
    type: string
    facilityName: string | null
    line1: string | null
    place: string
    windowStart: string | null
    windowEnd: string | null
    appointmentRef: string | null
    actualArrival: string | null
    actualDeparture: string | null
  }>
  papers: Record<LoadDocumentKind, number>
}

export function MyLoadCard({
  load,
  kinds,
  timeZone,
  actionData,
  children,
}: {
  load: MyLoad
  kinds: readonly LoadDocumentKind[]
  timeZone: string
  /** The action's refusal when it concerns this load. */
  actionData: unknown
  /** More of the load's road work at the card's end (its odometer readings). */
  children?: ReactNode
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
              <input id={`file-${load.id}`} name="file" type="file" required accept={LOAD_DOCUMENT_ACCEPT} className={fileInputClass} />
            </div>
            <Button type="submit" variant="secondary" disabled={uploading} className="w-full sm:w-auto">
              <Icon name="plus" size={18} />
              {t('loads.documents.submit')}
            </Button>
          </div>
        </Form>
      )}
      {children}
    </Card>
  )
}
