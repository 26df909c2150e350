import { href } from 'react-router'

import { Card } from '~/components/ui/card'
import { Icon } from '~/components/ui/icons'
import { useTranslation } from '~/hooks/use-translation'
import { formatDate, formatNumber } from '~/utils/format'

export type UnitTripSheets = {
  trips: Array<{ id: string; startedAt: string; endedAt: string; miles: number }>
  /** The quarters offered as one PDF each, newest first. */
  quarters: string[]
}

/** A unit's trip sheets on its page: its latest trips, each a PDF, and a quarter's sheets as one PDF. */
export function TripSheetsCard({ truckId, sheets }: { truckId: string; sheets: UnitTripSheets }) {
  const { t, i18n } = useTranslation()
  const date = (value: string) => formatDate(i18n.language, value)
  const quarterHref = (quarter: string) => `${href('/dashboard/trucks/:id/trip-sheets', { id: truckId })}?quarter=${quarter}`
  return (
    <Card className="p-6" data-testid="truck-trip-sheets">
      <h2 className="mb-1 text-base font-bold">{t('iftaPdf.sheets.title')}</h2>
      <p className="mb-3 text-sm text-muted">{t('iftaPdf.sheets.hint')}</p>
      {sheets.trips.length ? (
        <ul className="divide-y divide-line text-sm">
          {sheets.trips.map((trip) => {
            const dates = t('iftaPdf.range', { from: date(trip.startedAt), to: date(trip.endedAt) })
            return (
              <li key={trip.id} className="flex items-center justify-between gap-4 py-2">
                <span>{dates}</span>
                <span className="flex items-center gap-4">
                  <span className="fd-num">{t('iftaPdf.sheets.miles', { miles: formatNumber(i18n.language, trip.miles) })}</span>
                  <a
                    href={href('/dashboard/trucks/:id/trip-sheets/:tripId', { id: truckId, tripId: trip.id })}
                    aria-label={t('iftaPdf.sheets.tripPdf', { dates })}
                    className="inline-flex items-center gap-1 font-semibold text-primary-dark hover:underline dark:text-primary-light"
                  >
                    <Icon name="download" size={16} />
                    PDF
                  </a>
                </span>
              </li>
            )
          })}
        </ul>
      ) : (
        <p className="text-sm text-muted">{t('iftaPdf.sheets.empty')}</p>
      )}
      <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 border-t border-line pt-3 text-sm">
        <span className="text-muted">{t('iftaPdf.sheets.quarter')}</span>
        {sheets.quarters.map((quarter) => (
          <a
            key={quarter}
            href={quarterHref(quarter)}
            className="font-semibold text-primary-dark hover:underline dark:text-primary-light"
            aria-label={t('iftaPdf.sheets.quarterPdf', { quarter })}
          >
            {quarter}
          </a>
        ))}
      </p>
    </Card>
  )
}
