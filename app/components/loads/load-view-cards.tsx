/**
 * The cards of a load's page (app/routes/dashboard/loads/view.tsx): its details, assignment and
 * money, stops with their planned and recorded times, charges and notes, as the loader shapes them.
 */
import { href, Link } from 'react-router'

import { StopEventButton } from '~/components/loads/stop-event'
import { Badge } from '~/components/ui/badge'
import { Card } from '~/components/ui/card'
import { DetailItem } from '~/components/ui/details'
import { useTranslation } from '~/hooks/use-translation'
import type { LoadPageView } from '~/models/loads/load-serialize.server'
import type { StopEvent } from '~/schemas/load-options'
import { formatDateTime, formatMoney, formatNumber } from '~/utils/format'

const linkClass = 'font-semibold text-primary-darker hover:underline dark:text-primary-light'

/** A load as its page shows it (the loader's `load`). */
export type LoadPageLoad = LoadPageView

function useFormats() {
  const { t, i18n } = useTranslation()
  return {
    t,
    money: (cents: number) => formatMoney(i18n.language, cents),
    number: (value: number) => formatNumber(i18n.language, value),
    language: i18n.language,
  }
}

/** What is carried: broker and references, equipment, commodity, weight, temperature. */
export function LoadDetailsCard({ load, linkBroker }: { load: LoadPageLoad; linkBroker: boolean }) {
  const { t, number } = useFormats()
  const links = { broker: linkBroker }
  return (
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
        <DetailItem label={t('fields.company')}>{load.company ? <bdi>{load.company.name}</bdi> : null}</DetailItem>
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
          {load.temperatureF !== null ? <span className="tabular-nums">{t('loads.view.fahrenheit', { temperature: number(load.temperatureF) })}</span> : null}
        </DetailItem>
      </dl>
    </Card>
  )
}

/** Who and what moves it, and what it pays (for a role that sees a load's money: its total is null otherwise). */
export function LoadAssignmentCard({ load, links }: { load: LoadPageLoad; links: { truck: boolean; trailer: boolean } }) {
  const { t, money, number } = useFormats()
  const miles = (load.loadedMiles ?? 0) + (load.emptyMiles ?? 0)
  const milesItem = (
    <DetailItem label={t('loads.fields.miles')}>
      {miles > 0 ? (
        <span className="tabular-nums">{t('loads.view.milesSplit', { loaded: number(load.loadedMiles ?? 0), empty: number(load.emptyMiles ?? 0) })}</span>
      ) : null}
    </DetailItem>
  )
  return (
    <Card className="p-6">
      <h2 className="mb-3 text-base font-bold">{t('loads.view.assignment')}</h2>
      <dl data-testid="load-assignment">
        <DetailItem label={t('loads.fields.driver')}>{load.driver ? <bdi>{load.driver.name}</bdi> : null}</DetailItem>
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
        <DetailItem label={t('loads.fields.dispatcher')}>{load.dispatcher ? <bdi>{load.dispatcher.name}</bdi> : null}</DetailItem>
        {load.totalCents === null ? milesItem : null}
      </dl>
      {load.totalCents !== null ? (
        <>
          <h2 className="mt-6 mb-3 text-base font-bold">{t('loads.view.money')}</h2>
          <dl data-testid="load-money">
            <DetailItem label={t('loads.fields.linehaul')}>
              <span className="tabular-nums">{money(load.linehaulCents ?? 0)}</span>
            </DetailItem>
            <DetailItem label={t('loads.fields.charges')}>
              <span className="tabular-nums">{money(load.chargesCents ?? 0)}</span>
            </DetailItem>
            <DetailItem label={t('loads.fields.total')}>
              <span className="font-bold tabular-nums">{money(load.totalCents)}</span>
            </DetailItem>
            {milesItem}
            <DetailItem label={t('loads.fields.ratePerMile')}>
              {load.ratePerMileCents !== null ? <span className="tabular-nums">{money(load.ratePerMileCents)}</span> : null}
            </DetailItem>
          </dl>
        </>
      ) : null}
    </Card>
  )
}

/** The stops in order, each with its window and its recorded arrival and departure; the next one to record has its button. */
export function LoadStopsCard({ load, timeZone, nextStop }: { load: LoadPageLoad; timeZone: string; nextStop: { stopId: string; event: StopEvent } | null }) {
  const { t, number, language } = useFormats()
  const when = (value: string | null) => (value ? formatDateTime(language, value, timeZone) : null)
  return (
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
              {number(index + 1)}
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
              {nextStop?.stopId === stop.id ? (
                <StopEventButton
                  className="mt-2 sm:col-span-2"
                  loadId={load.id}
                  stopId={stop.id}
                  event={nextStop.event}
                  place={stop.facilityName ?? stop.city}
                  version={load.version}
                />
              ) : null}
            </div>
          </li>
        ))}
      </ol>
    </Card>
  )
}

/** Linehaul, each charge, the total; nothing for a role that does not see a load's money. */
export function LoadChargesCard({ load }: { load: LoadPageLoad }) {
  const { t, money } = useFormats()
  if (load.totalCents === null) return null
  return (
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
              <td className="py-2 text-end tabular-nums">{money(load.linehaulCents ?? 0)}</td>
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
  )
}

export function LoadNotesCard({ notes }: { notes: string | null }) {
  const { t } = useFormats()
  return (
    <Card className="p-6">
      <h2 className="mb-3 text-base font-bold">{t('fields.notes')}</h2>
      {notes ? (
        <p dir="auto" className="text-sm whitespace-pre-line" data-testid="load-notes">
          {notes}
        </p>
      ) : (
        <p className="text-sm text-muted">{t('loads.view.noNotes')}</p>
      )}
    </Card>
  )
}
