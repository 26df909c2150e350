import { lazy, Suspense } from 'react'
import { href, Link } from 'react-router'

import { Figure, Panel, useWeekLabel } from '~/components/charts/figure'
import { PageHeader } from '~/components/layout/page-header'
import { QuoteStatusBadge } from '~/components/quotes/quote-status'
import { ButtonLink } from '~/components/ui/button'
import { EmptyState } from '~/components/ui/list-controls'
import { useHydrated } from '~/hooks/use-hydrated'
import { useTranslation } from '~/hooks/use-translation'
import { bookingDashboard, quoteAddressOf } from '~/models/quotes/quote.server'
import { requirePermission } from '~/requests/session.server'
import { QUOTE_STATUSES } from '~/schemas/quote-options'
import { formatDate, formatNumber } from '~/utils/format'

import type { Route } from './+types/index'

export const handle = { i18n: ['quotes', 'analytics'] }

const RequestsChart = lazy(() => import('~/components/quotes/requests-chart'))

/**
 * The booking dashboard (the specification's /dashboard/booking): quote requests per
 * week over twelve weeks, counts per status, the win rate and the median response time. The
 * numbers are in the server's HTML; the chart draws the same weeks with JavaScript.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'quote')
  const [dashboard, address] = await Promise.all([bookingDashboard(user.organizationId), quoteAddressOf(user.organizationId)])
  return { ...dashboard, address }
}

export default function BookingDashboard({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const hydrated = useHydrated()
  const weekLabel = useWeekLabel()
  const { perWeek, counts, total, winRate, medianResponseMinutes } = loaderData
  const number = (value: number) => formatNumber(i18n.language, value)
  const list = href('/dashboard/booking/list')
  const response =
    medianResponseMinutes === null
      ? t('quotes.dashboard.none')
      : medianResponseMinutes < 60
        ? t('quotes.dashboard.minutes', { count: number(medianResponseMinutes) })
        : t('quotes.dashboard.hours', { hours: number(Math.floor(medianResponseMinutes / 60)), minutes: number(medianResponseMinutes % 60) })
  const th = 'py-2 font-semibold text-muted'

  return (
    <>
      <PageHeader
        title={t('quotes.title')}
        crumbs={[{ label: t('nav.dashboard'), to: href('/dashboard/app') }, { label: t('quotes.title') }]}
        action={<ButtonLink to={list}>{t('quotes.dashboard.viewAll')}</ButtonLink>}
      />
      <p className="-mt-4 mb-6 text-sm text-muted">{t('quotes.dashboard.window', { from: formatDate(i18n.language, loaderData.from) })}</p>

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="booking-figures">
        <Figure label={t('quotes.dashboard.requests')} value={number(total)} testId="booking-total" />
        <Figure label={t('quotes.status.new')} value={number(counts.new)} testId="booking-new" />
        <Figure
          label={t('quotes.dashboard.winRate')}
          value={winRate === null ? t('quotes.dashboard.none') : `${number(winRate)}%`}
          hint={t('quotes.dashboard.winRateHint')}
          testId="booking-win-rate"
        />
        <Figure label={t('quotes.dashboard.medianResponse')} value={response} hint={t('quotes.dashboard.medianResponseHint')} testId="booking-response" />
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <Panel title={t('quotes.dashboard.perWeek')} className="lg:col-span-2">
          {total === 0 ? (
            <EmptyState title={t('quotes.dashboard.emptyTitle')} description={t('quotes.dashboard.empty')} />
          ) : (
            <>
              {hydrated ? (
                <Suspense fallback={<div className="h-64 animate-pulse rounded-lg bg-black/5 dark:bg-white/5" />}>
                  <RequestsChart
                    series={t('quotes.dashboard.requests')}
                    data={perWeek.map((row) => ({ key: row.week, label: weekLabel(row.week), count: row.count }))}
                  />
                </Suspense>
              ) : null}
              <div>
                <table className="mt-4 w-full text-sm" data-testid="requests-per-week">
                  <caption className="sr-only">{t('quotes.dashboard.perWeek')}</caption>
                  <thead>
                    <tr>
                      <th scope="col" className={`${th} text-start`}>
                        {t('quotes.dashboard.weekOf')}
                      </th>
                      <th scope="col" className={`${th} text-end`}>
                        {t('quotes.dashboard.requests')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {[...perWeek].reverse().map((row) => (
                      <tr key={row.week} className="border-t border-dashed border-line">
                        <td className="py-1.5 tabular-nums">{weekLabel(row.week)}</td>
                        <td className="py-1.5 text-end font-semibold tabular-nums">{number(row.count)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </Panel>

        <div className="space-y-6">
          <Panel title={t('quotes.dashboard.byStatus')}>
            <table className="w-full text-sm" data-testid="requests-by-status">
              <caption className="sr-only">{t('quotes.dashboard.byStatus')}</caption>
              <tbody>
                {QUOTE_STATUSES.map((status) => (
                  <tr key={status} className="border-t border-dashed border-line first:border-t-0">
                    <th scope="row" className="py-2 text-start font-medium">
                      <Link to={`${list}?status=${status}`} className="hover:underline">
                        <QuoteStatusBadge status={status} />
                      </Link>
                    </th>
                    <td className="py-2 text-end font-semibold tabular-nums" data-testid={`count-${status}`}>
                      {number(counts[status])}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Panel>
          <Panel title={t('quotes.dashboard.address')}>
            <p className="text-sm text-muted">{t('quotes.dashboard.addressHint')}</p>
            <p className="mt-3 text-sm break-all">
              <a href={loaderData.address} className="font-semibold text-primary hover:underline" dir="ltr" data-testid="quote-address">
                {loaderData.address}
              </a>
            </p>
          </Panel>
        </div>
      </div>
    </>
  )
}
