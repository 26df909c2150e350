/**
 * A load's odometer readings (ADR 125): the list both the driver's card on "My loads" and the
 * load's page show, and the driver's one small form for the next reading (a plain POST, intent
 * `odometer`, so it works without JavaScript). Refusals come back at their fields.
 */
import { Form, useNavigation } from 'react-router'

import { useRefusal } from '~/components/forms/refusal'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { inputClass } from '~/components/ui/input-class'
import { useTranslation } from '~/hooks/use-translation'
import { JURISDICTIONS, type OdometerReadingKind } from '~/schemas/ifta-options'
import { cn } from '~/utils/cn'
import { formatDateTime, formatNumber } from '~/utils/format'

export type ShownReading = { id: string; kind: OdometerReadingKind; jurisdiction: string; odometer: number; recordedAt: string }

/** The readings so far, oldest first: what each marks, the state, the odometer, when. */
export function OdometerReadingList({ readings, timeZone, className }: { readings: readonly ShownReading[]; timeZone: string; className?: string }) {
  const { t, i18n } = useTranslation()
  return (
    <ol className={cn('grid gap-1 text-sm', className)} data-testid="odometer-readings">
      {readings.map((reading) => (
        <li key={reading.id} className="flex flex-wrap items-baseline gap-x-2" data-testid="odometer-reading">
          <span className="font-semibold">{t(`odometer.line.${reading.kind}`, { state: reading.jurisdiction })}</span>
          <span className="tabular-nums">{t('odometer.miles', { odometer: formatNumber(i18n.language, reading.odometer) })}</span>
          <span className="ms-auto text-xs text-muted tabular-nums">{formatDateTime(i18n.language, reading.recordedAt, timeZone)}</span>
        </li>
      ))}
    </ol>
  )
}

/** What "My loads" hands each card on the road: the readings, the kinds the next may be, the state to offer. */
export type LoadOdometer = { readings: ShownReading[]; next: OdometerReadingKind[]; state: string | null; takeBack: boolean }

const FIELDS = ['kind', 'jurisdiction', 'odometer'] as const

/** The driver's section on a card: the readings so far and, until the end is recorded, the form for the next. */
export function OdometerSection({ loadId, odometer, timeZone, actionData }: { loadId: string; odometer: LoadOdometer; timeZone: string; actionData: unknown }) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'odometer' && navigation.formData.get('loadId') === loadId
  const refusal = useRefusal(actionData, ['odometer', 'odometerTakeBack'], loadId, FIELDS)
  const last = odometer.takeBack ? odometer.readings.at(-1) : undefined
  const id = (field: string) => `odometer-${field}-${loadId}`
  const errors = (field: (typeof FIELDS)[number]) => refusal?.field(field)
  const shown = (field: string) => (refusal?.values[field] as string | undefined) ?? undefined
  const described = (field: (typeof FIELDS)[number]) => (errors(field)?.length ? { 'aria-invalid': true, 'aria-describedby': `${id(field)}-error` } : {})
  const fieldError = (field: (typeof FIELDS)[number]) =>
    errors(field)?.length ? (
      <p id={`${id(field)}-error`} className="mt-1 text-sm text-error" data-testid={`odometer-error-${field}`}>
        {errors(field)!.join(' ')}
      </p>
    ) : null
  return (
    <section className="mt-4 grid gap-3 border-t border-dashed border-line pt-4" aria-labelledby={id('title')} data-testid="odometer">
      <h3 id={id('title')} className="text-sm font-semibold">
        {t('odometer.title')}
      </h3>
      {odometer.readings.length ? (
        <OdometerReadingList readings={odometer.readings} timeZone={timeZone} />
      ) : (
        <p className="text-sm text-muted">{t('odometer.none')}</p>
      )}
      {last ? (
        // A mistyped odometer would block every later reading of the unit: the latest can be taken back while the load is on the road.
        <Form method="post" className="-mt-1">
          <input type="hidden" name="loadId" value={loadId} />
          <input type="hidden" name="readingId" value={last.id} />
          <button
            type="submit"
            name="intent"
            value="odometerTakeBack"
            className="text-sm font-semibold text-primary-darker underline-offset-2 hover:underline dark:text-primary-light"
          >
            {t('odometer.takeBack', { reading: t(`odometer.line.${last.kind}`, { state: last.jurisdiction }) })}
          </button>
        </Form>
      ) : null}
      {refusal?.message && !FIELDS.some((field) => errors(field)?.length) ? (
        <p role="alert" className="text-sm font-semibold text-error" data-testid="odometer-refusal">
          {refusal.message}
        </p>
      ) : null}
      {odometer.next.length ? (
        // Keyed by the readings and the state offered: after a reading or a stop the form starts again with the next kind and state.
        <Form
          method="post"
          className="grid grid-cols-2 gap-3 sm:grid-cols-[9rem_6rem_1fr_auto] sm:items-start"
          key={`${odometer.readings.length}-${odometer.state}`}
        >
          <input type="hidden" name="loadId" value={loadId} />
          <div>
            <label htmlFor={id('kind')} className="mb-1.5 block text-sm font-semibold">
              {t('odometer.fields.kind')}
            </label>
            <select id={id('kind')} name="kind" className={inputClass} defaultValue={shown('kind') ?? odometer.next[0]} {...described('kind')}>
              {odometer.next.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`odometer.kind.${kind}`)}
                </option>
              ))}
            </select>
            {fieldError('kind')}
          </div>
          <div>
            <label htmlFor={id('jurisdiction')} className="mb-1.5 block text-sm font-semibold">
              {t('odometer.fields.jurisdiction')}
            </label>
            <select
              id={id('jurisdiction')}
              name="jurisdiction"
              required
              className={inputClass}
              defaultValue={shown('jurisdiction') ?? odometer.state ?? ''}
              {...described('jurisdiction')}
            >
              <option value="" disabled>
                {t('odometer.chooseState')}
              </option>
              {JURISDICTIONS.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
            {fieldError('jurisdiction')}
          </div>
          <div className="col-span-2 sm:col-span-1">
            <label htmlFor={id('odometer')} className="mb-1.5 block text-sm font-semibold">
              {t('odometer.fields.odometer')}
            </label>
            <input
              id={id('odometer')}
              name="odometer"
              type="number"
              inputMode="numeric"
              required
              min={0}
              step={1}
              className={cn(inputClass, 'tabular-nums')}
              defaultValue={shown('odometer')}
              {...described('odometer')}
            />
            {fieldError('odometer')}
          </div>
          <Button
            type="submit"
            name="intent"
            value="odometer"
            variant="secondary"
            disabled={busy}
            className="col-span-2 w-full sm:col-span-1 sm:mt-7 sm:w-auto"
          >
            {t('odometer.submit')}
          </Button>
        </Form>
      ) : (
        <p className="text-sm text-muted">{t('odometer.complete')}</p>
      )}
    </section>
  )
}

/**
 * The load page's card: the driver's readings, and once the load is delivered its trip's miles, or
 * that its distance record is incomplete (no start or no end reading, so no trip was made).
 */
export function LoadOdometerCard({
  readings,
  tripMiles,
  delivered,
  timeZone,
}: {
  readings: readonly ShownReading[]
  tripMiles: number | null
  delivered: boolean
  timeZone: string
}) {
  const { t, i18n } = useTranslation()
  return (
    <Card className="p-6" data-testid="load-odometer">
      <h2 className="mb-3 text-base font-bold">{t('odometer.view.title')}</h2>
      {readings.length ? <OdometerReadingList readings={readings} timeZone={timeZone} /> : <p className="text-sm text-muted">{t('odometer.view.none')}</p>}
      {tripMiles !== null ? (
        <p className="mt-3 text-sm font-semibold text-success-darker dark:text-success-light" data-testid="odometer-trip">
          {t('odometer.view.trip', { miles: formatNumber(i18n.language, tripMiles) })}
        </p>
      ) : delivered ? (
        <p className="mt-3 text-sm font-semibold text-warning-darker dark:text-warning-light" data-testid="odometer-incomplete">
          {t('odometer.view.incomplete')}
        </p>
      ) : null}
    </Card>
  )
}
