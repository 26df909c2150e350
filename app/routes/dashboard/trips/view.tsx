import { href } from 'react-router'

import { Card } from '~/components/ui/card'
import { DetailCard, DetailItem, RecordHeader } from '~/components/ui/details'
import { Icon } from '~/components/ui/icons'
import { useTranslation } from '~/hooks/use-translation'
import { getTrip, tripMiles } from '~/models/fuel-tax/trip.server'
import { isoDate } from '~/models/records/records.server'
import { requirePermission } from '~/requests/session.server'
import { orNotFound } from '~/utils/errors.server'
import { formatDate, formatNumber } from '~/utils/format'
import { listReturnTo, withReturnTo } from '~/utils/list-return'
import { can } from '~/utils/permissions'

import type { Route } from './+types/view'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['trips', 'ifta'] }

/** One trip of the distance record: its unit, dates, odometer and miles by state, and its sheet (PDF); editors get an Edit link. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'trip')
  const trip = await orNotFound(getTrip(user.organizationId, params.id))
  return {
    trip: {
      id: trip.id,
      unit: trip.truck.unitNumber,
      truckId: trip.truckId,
      loadId: trip.loadId,
      startedAt: isoDate(trip.startedAt)!,
      endedAt: isoDate(trip.endedAt)!,
      startOdometer: trip.startOdometer,
      endOdometer: trip.endOdometer,
      miles: tripMiles(trip),
      jurisdictions: trip.jurisdictions,
      notes: trip.notes,
    },
    // The sheet's route asks for the right to read trips, not trucks: an accountant opens it from here (ADR 154).
    sheetHref: href('/dashboard/trucks/:id/trip-sheets/:tripId', { id: trip.truckId, tripId: trip.id }),
    returnTo: listReturnTo(new URL(request.url).searchParams.get('returnTo'), href('/dashboard/trips/list')),
    canUpdate: can(user.role, 'update', 'trip'),
    canReadLoads: can(user.role, 'read', 'load'),
  }
}

export default function TripView({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { trip, returnTo } = loaderData
  const language = i18n.language
  const values = { unit: trip.unit, date: formatDate(language, trip.endedAt) }
  const number = (value: number) => formatNumber(language, value)
  return (
    <>
      <RecordHeader
        title={t('trips.view.title', values)}
        listLabel={t('nav.trips')}
        returnTo={returnTo}
        name={t('trips.view.label', values)}
        editHref={loaderData.canUpdate ? withReturnTo(href('/dashboard/trips/:id/edit', { id: trip.id }), returnTo) : undefined}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <DetailCard title={t('trips.editor.trip')} testId="trip-facts">
          <DetailItem label={t('fields.unitNumber')}>
            <a className="font-semibold text-primary-darker hover:underline dark:text-primary-light" href={href('/dashboard/trucks/:id', { id: trip.truckId })}>
              {trip.unit}
            </a>
          </DetailItem>
          <DetailItem label={t('trips.fields.startedAt')}>{formatDate(language, trip.startedAt)}</DetailItem>
          <DetailItem label={t('trips.fields.endedAt')}>{formatDate(language, trip.endedAt)}</DetailItem>
          <DetailItem label={t('trips.fields.startOdometer')}>{number(trip.startOdometer)}</DetailItem>
          <DetailItem label={t('trips.fields.endOdometer')}>{number(trip.endOdometer)}</DetailItem>
          <DetailItem label={t('trips.fields.load')}>
            {trip.loadId && loaderData.canReadLoads ? (
              <a className="font-semibold text-primary-darker hover:underline dark:text-primary-light" href={href('/dashboard/loads/:id', { id: trip.loadId })}>
                {t('trips.view.openLoad')}
              </a>
            ) : null}
          </DetailItem>
          <DetailItem label={t('trips.view.sheet')}>
            <a
              className="inline-flex items-center gap-1 font-semibold text-primary-darker hover:underline dark:text-primary-light"
              href={loaderData.sheetHref}
              data-testid="trip-sheet"
            >
              <Icon name="download" size={16} />
              {t('trips.view.sheetPdf')}
            </a>
          </DetailItem>
          <DetailItem label={t('fields.notes')}>{trip.notes ? <p className="whitespace-pre-line">{trip.notes}</p> : null}</DetailItem>
        </DetailCard>
        <Card className="overflow-x-auto p-6">
          <h2 className="mb-3 text-base font-bold">{t('trips.fields.jurisdictions')}</h2>
          <table className="fd-table w-full text-sm" data-testid="trip-jurisdictions">
            <thead>
              <tr>
                <th scope="col">{t('ifta.fields.jurisdiction')}</th>
                <th scope="col" className="text-end">
                  {t('trips.fields.miles')}
                </th>
                <th scope="col" className="text-end">
                  {t('trips.editor.taxableMiles')}
                </th>
              </tr>
            </thead>
            <tbody>
              {trip.jurisdictions.map((line) => (
                <tr key={line.jurisdiction}>
                  <th scope="row">{line.jurisdiction}</th>
                  <td className="fd-num">{number(line.miles)}</td>
                  <td className="fd-num">{number(line.taxableMiles)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t('trips.view.total')}</th>
                <td className="fd-num font-semibold">{number(trip.miles)}</td>
                <td className="fd-num font-semibold">{number(trip.jurisdictions.reduce((sum, line) => sum + line.taxableMiles, 0))}</td>
              </tr>
            </tfoot>
          </table>
        </Card>
      </div>
    </>
  )
}
