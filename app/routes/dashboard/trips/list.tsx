import { quarterAndUnitFilters } from '~/components/ifta/record-filters'
import { RecordList } from '~/components/lists/record-list'
import { useTranslation } from '~/hooks/use-translation'
import { fuelRecordFilterOptions } from '~/models/fuel-tax/ifta-return.server'
import { listTrips, tripMiles } from '~/models/fuel-tax/trip.server'
import { isoDate } from '~/models/records/records.server'
import { readListPage } from '~/requests/list-page.server'
import { TripListQuerySchema } from '~/schemas/trip'
import { formatDate, formatNumber } from '~/utils/format'

import type { Route } from './+types/list'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['trips', 'ifta'] }

/** The distance record: every unit's trips, by the quarter they ended in and by unit. */
export async function loader({ request }: Route.LoaderArgs) {
  return readListPage(request, {
    entity: 'trip',
    customFields: null,
    schema: TripListQuerySchema,
    read: listTrips,
    also: (user) => fuelRecordFilterOptions(user.organizationId),
    row: (trip) => ({
      id: trip.id,
      version: trip.version,
      unit: trip.truck.unitNumber,
      startedAt: isoDate(trip.startedAt)!,
      endedAt: isoDate(trip.endedAt)!,
      startOdometer: trip.startOdometer,
      endOdometer: trip.endOdometer,
      miles: tripMiles(trip),
      jurisdictions: trip.jurisdictions.map((line) => line.jurisdiction).join(' · '),
    }),
  })
}

export default function TripList({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const language = i18n.language
  const { query } = loaderData
  return (
    <RecordList
      name="trips"
      data={loaderData}
      rowName={(trip) => ({ unit: trip.unit, date: formatDate(language, trip.endedAt) })}
      filters={quarterAndUnitFilters(t, query, loaderData.also)}
      columns={[
        {
          label: t('trips.fields.dates'),
          sort: 'endedAt',
          className: 'fd-nw',
          cell: (trip) =>
            trip.startedAt === trip.endedAt
              ? formatDate(language, trip.endedAt)
              : t('trips.list.dates', { from: formatDate(language, trip.startedAt), to: formatDate(language, trip.endedAt) }),
        },
        { label: t('fields.unitNumber'), sort: 'truck', className: 'fd-nw', cell: (trip) => trip.unit },
        {
          label: t('trips.fields.odometer'),
          sort: 'startOdometer',
          numeric: true,
          className: 'fd-nw',
          cell: (trip) => t('trips.list.odometer', { from: formatNumber(language, trip.startOdometer), to: formatNumber(language, trip.endOdometer) }),
        },
        { label: t('trips.fields.miles'), numeric: true, cell: (trip) => formatNumber(language, trip.miles) },
        { label: t('trips.fields.jurisdictions'), cell: (trip) => <span dir="ltr">{trip.jurisdictions}</span> },
      ]}
    />
  )
}
