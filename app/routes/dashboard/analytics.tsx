import { lazy, Suspense } from 'react'
import { href, Link } from 'react-router'

import { Figure, Panel, useWeekLabel, WeekTable } from '~/components/charts/figure'
import { PageHeader } from '~/components/layout/page-header'
import { Badge } from '~/components/ui/badge'
import { EmptyState } from '~/components/ui/list-controls'
import { useHydrated } from '~/hooks/use-hydrated'
import { useTranslation } from '~/hooks/use-translation'
import { languageInfo } from '~/i18n'
import { fleetAnalytics, fuelEconomy } from '~/models/analytics.server'
import { requirePermission } from '~/requests/session.server'
import { LOAD_COUNT_CAP, LOAD_STATUS_META, LOAD_STATUSES } from '~/schemas/load-options'
import { formatDate, formatDecimalText, formatMoney, formatNumber } from '~/utils/format'
import { formatDecimal, SCALE } from '~/utils/money'

import type { Route } from './+types/analytics'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['analytics', 'loads'] }

const MoneyBarChart = lazy(() => import('~/components/charts/money-bar-chart'))

/** What the fleet earned in the last twelve weeks: per week, per mile, per truck, per broker; and the loads per status. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'analytics')
  const [fleet, fuel] = await Promise.all([fleetAnalytics(user.organizationId), fuelEconomy(user.organizationId)])
  return { ...fleet, fuel }
}

export default function Analytics({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const hydrated = useHydrated()
  const weekLabel = useWeekLabel()
  const { revenue, revenuePerWeek, loadsByStatus, trucks, brokers, fuel } = loaderData
  const money = (cents: number) => formatMoney(i18n.language, cents)
  const number = (value: number) => formatNumber(i18n.language, value)
  const perMile = (cents: number | null) => (cents === null ? '—' : t('analytics.perMile', { amount: money(cents) }))
  const count = (value: number) => (value > LOAD_COUNT_CAP ? `${number(LOAD_COUNT_CAP)}+` : number(value))
  const th = 'py-2 font-semibold text-muted'
  const monthLabel = (month: string) =>
    new Intl.DateTimeFormat(languageInfo(i18n.language).intl, { year: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`))

  return (
    <>
      <PageHeader title={t('analytics.title')} crumbs={[{ label: t('nav.dashboard'), to: href('/dashboard/app') }, { label: t('analytics.title') }]} />
      <p className="-mt-4 mb-6 text-sm text-muted">{t('analytics.window', { from: formatDate(i18n.language, loaderData.from) })}</p>

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="analytics-figures">
        <Figure label={t('analytics.revenue')} value={money(revenue.cents)} testId="analytics-revenue" />
        <Figure label={t('analytics.loadsDelivered')} value={number(revenue.loads)} />
        <Figure label={t('analytics.miles')} value={number(revenue.miles)} />
        <Figure label={t('analytics.revenuePerMile')} value={perMile(revenue.centsPerMile)} testId="analytics-rpm" />
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <Panel title={t('analytics.revenuePerWeek')} className="lg:col-span-2">
          {revenue.loads === 0 ? (
            <EmptyState title={t('analytics.emptyTitle')} description={t('analytics.empty')} />
          ) : (
            <>
              {hydrated ? (
                <Suspense fallback={<div className="h-64 animate-pulse rounded-lg bg-black/5 dark:bg-white/5" />}>
                  <MoneyBarChart
                    testId="revenue-chart"
                    series={t('analytics.revenue')}
                    data={revenuePerWeek.map((row) => ({ key: row.week, label: weekLabel(row.week), cents: row.cents }))}
                  />
                </Suspense>
              ) : null}
              <div className="max-h-80 overflow-y-auto">
                <WeekTable
                  testId="revenue-per-week"
                  caption={t('analytics.revenuePerWeek')}
                  amountLabel={t('analytics.revenue')}
                  rows={[...revenuePerWeek].reverse()}
                />
              </div>
            </>
          )}
        </Panel>

        <Panel title={t('analytics.loadsByStatus')}>
          <table className="w-full text-sm" data-testid="loads-by-status">
            <caption className="sr-only">{t('analytics.loadsByStatus')}</caption>
            <tbody>
              {LOAD_STATUSES.map((status) => (
                <tr key={status} className="border-t border-dashed border-line first:border-t-0">
                  <th scope="row" className="py-2 text-start font-medium">
                    <Link to={`${href('/dashboard/loads/list')}?status=${status}`} className="hover:underline">
                      <Badge tone={LOAD_STATUS_META[status].tone}>{t(`loads.status.${status}`)}</Badge>
                    </Link>
                  </th>
                  <td className="py-2 text-end font-semibold tabular-nums">{count(loadsByStatus[status] ?? 0)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Panel>

        <Panel title={t('analytics.topTrucks')} className="lg:col-span-2">
          {trucks.length ? (
            <div className="overflow-x-auto">
              <table className="w-full min-w-[28rem] text-sm" data-testid="revenue-per-truck">
                <caption className="sr-only">{t('analytics.topTrucks')}</caption>
                <thead>
                  <tr>
                    <th scope="col" className={`${th} text-start`}>
                      {t('analytics.truck')}
                    </th>
                    <th scope="col" className={`${th} text-end`}>
                      {t('analytics.loads')}
                    </th>
                    <th scope="col" className={`${th} text-end`}>
                      {t('analytics.miles')}
                    </th>
                    <th scope="col" className={`${th} text-end`}>
                      {t('analytics.revenue')}
                    </th>
                    <th scope="col" className={`${th} text-end`}>
                      {t('analytics.revenuePerMile')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {trucks.map((row) => (
                    <tr key={row.id} className="border-t border-dashed border-line">
                      <td className="py-2">
                        <Link to={href('/dashboard/trucks/:id', { id: row.id })} className="font-semibold hover:underline">
                          <bdi>{row.unitNumber}</bdi>
                        </Link>
                      </td>
                      <td className="py-2 text-end tabular-nums">{number(row.loads)}</td>
                      <td className="py-2 text-end tabular-nums">{number(row.miles)}</td>
                      <td className="py-2 text-end font-semibold tabular-nums">{money(row.cents)}</td>
                      <td className="py-2 text-end tabular-nums">{perMile(row.centsPerMile)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="text-sm text-muted">{t('analytics.noTrucks')}</p>
          )}
        </Panel>

        <Panel title={t('analytics.topBrokers')}>
          {brokers.length ? (
            <table className="w-full text-sm" data-testid="top-brokers">
              <caption className="sr-only">{t('analytics.topBrokers')}</caption>
              <tbody>
                {brokers.map((row) => (
                  <tr key={row.id} className="border-t border-dashed border-line first:border-t-0">
                    <th scope="row" className="py-2 text-start font-medium">
                      <Link to={href('/dashboard/brokers/:id', { id: row.id })} className="hover:underline">
                        <bdi>{row.name}</bdi>
                      </Link>
                      <span className="block text-xs font-normal text-muted">{t('analytics.loadsCount', { n: number(row.loads) })}</span>
                    </th>
                    <td className="py-2 text-end font-semibold tabular-nums">{money(row.cents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="text-sm text-muted">{t('analytics.noBrokers')}</p>
          )}
        </Panel>
        <Panel title={t('analytics.fuelTitle')} className="lg:col-span-3">
          {fuel.rows.length ? (
            <div className="overflow-x-auto">
              <table className="w-full min-w-[36rem] text-sm" data-testid="fuel-economy">
                <caption className="sr-only">{t('analytics.fuelTitle')}</caption>
                <thead>
                  <tr>
                    <th scope="col" className={`${th} text-start`}>
                      {t('analytics.fuelMonth')}
                    </th>
                    <th scope="col" className={`${th} text-start`}>
                      {t('analytics.truck')}
                    </th>
                    <th scope="col" className={`${th} text-end`}>
                      {t('analytics.miles')}
                    </th>
                    <th scope="col" className={`${th} text-end`}>
                      {t('analytics.fuelGallons')}
                    </th>
                    <th scope="col" className={`${th} text-end`}>
                      {t('analytics.fuelCost')}
                    </th>
                    <th scope="col" className={`${th} text-end`}>
                      {t('analytics.fuelMpg')}
                    </th>
                    <th scope="col" className={`${th} text-end`}>
                      {t('analytics.fuelCostPerMile')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {fuel.rows.map((row) => (
                    <tr key={`${row.month}-${row.truckId}`} className="border-t border-dashed border-line">
                      <td className="py-2 whitespace-nowrap tabular-nums">{monthLabel(row.month)}</td>
                      <td className="py-2">
                        <bdi className="font-semibold">{row.unitNumber}</bdi>
                      </td>
                      <td className="py-2 text-end tabular-nums">{number(row.miles)}</td>
                      <td className="py-2 text-end tabular-nums">
                        {formatDecimalText(i18n.language, formatDecimal(row.gallonsMilli, SCALE.milli), SCALE.milli)}
                      </td>
                      <td className="py-2 text-end tabular-nums">{money(row.cents)}</td>
                      <td className="py-2 text-end tabular-nums">
                        {row.mpgHundredths === null ? '—' : formatDecimalText(i18n.language, formatDecimal(row.mpgHundredths, SCALE.cents), SCALE.cents)}
                      </td>
                      <td className="py-2 text-end font-semibold tabular-nums">{perMile(row.centsPerMile)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="text-sm text-muted">{t('analytics.noFuel')}</p>
          )}
        </Panel>
      </div>
    </>
  )
}
