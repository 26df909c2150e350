import { lazy, Suspense } from 'react'
import { data, href, Link } from 'react-router'

import { Figure, Panel } from '~/components/charts/figure'
import { PageHeader } from '~/components/layout/page-header'
import { useHydrated } from '~/hooks/use-hydrated'
import { useTranslation } from '~/hooks/use-translation'
import { storeDashboard } from '~/models/store/store-dashboard.server'
import { orderScope } from '~/policies/cart'
import { requirePermission } from '~/requests/session.server'
import { formatMoney, formatMonth, formatNumber } from '~/utils/format'

import type { Route } from './+types/dashboard'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['products', 'store'] }

const MoneyBarChart = lazy(() => import('~/components/charts/money-bar-chart'))

/** The store dashboard: sales this month, orders by who pays, best sellers, stock alerts (numbers in the HTML, charts on top). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'storeOrder')
  // The organization's sales are not a driver's to read: they read only their own orders.
  if (orderScope(user)) throw data({ reason: 'forbidden' }, { status: 403 })
  return storeDashboard(user.organizationId)
}

export default function StoreDashboardPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const hydrated = useHydrated()
  const { byChargeTo, topProducts, lowStock } = loaderData
  const money = (cents: number) => formatMoney(i18n.language, cents)
  const number = (value: number) => formatNumber(i18n.language, value)
  const th = 'py-2 font-semibold text-muted'
  const chart = (testId: string, series: string, rows: Array<{ key: string; label: string; cents: number }>) =>
    hydrated ? (
      <Suspense fallback={<div className="h-64 animate-pulse rounded-lg bg-black/5 dark:bg-white/5" />}>
        <MoneyBarChart testId={testId} series={series} data={rows} />
      </Suspense>
    ) : null
  return (
    <>
      <PageHeader
        title={t('store.dashboard.title')}
        crumbs={[
          { label: t('nav.dashboard'), to: href('/dashboard/app') },
          { label: t('nav.store'), to: href('/dashboard/e-commerce/shop') },
          { label: t('store.dashboard.crumb') },
        ]}
      />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="store-figures">
        <Figure
          label={t('store.dashboard.sales')}
          value={money(loaderData.salesCents)}
          hint={formatMonth(i18n.language, loaderData.month)}
          testId="store-sales"
        />
        <Figure
          label={t('store.dashboard.orders')}
          value={number(loaderData.orders)}
          hint={formatMonth(i18n.language, loaderData.month)}
          testId="store-orders"
        />
        <Figure label={t('store.dashboard.lowStock')} value={number(lowStock.length)} hint={t('store.dashboard.lowStockHint')} testId="store-low-count" />
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Panel title={t('store.dashboard.byChargeTo')} testId="store-by-charge" className="min-w-0">
          {chart(
            'store-charge-chart',
            t('store.dashboard.sales'),
            byChargeTo.map((row) => ({ key: row.chargeTo, label: t(`store.chargeTo.${row.chargeTo}`), cents: row.cents })),
          )}
          <table className="w-full text-sm" data-testid="store-charge-table">
            <caption className="sr-only">{t('store.dashboard.byChargeTo')}</caption>
            <thead>
              <tr>
                <th scope="col" className={`${th} text-start`}>
                  {t('store.dashboard.chargedTo')}
                </th>
                <th scope="col" className={`${th} text-end`}>
                  {t('store.dashboard.orders')}
                </th>
                <th scope="col" className={`${th} text-end`}>
                  {t('store.dashboard.amount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {byChargeTo.map((row) => (
                <tr key={row.chargeTo} className="border-t border-dashed border-line" data-charge-to={row.chargeTo}>
                  <th scope="row" className="py-2 text-start font-medium">
                    {t(`store.chargeTo.${row.chargeTo}`)}
                  </th>
                  <td className="py-2 text-end tabular-nums">{number(row.orders)}</td>
                  <td className="py-2 text-end font-semibold tabular-nums">{money(row.cents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Panel>

        <Panel title={t('store.dashboard.topProducts')} testId="store-top" className="min-w-0">
          {topProducts.length ? (
            <>
              {chart(
                'store-top-chart',
                t('store.dashboard.amount'),
                topProducts.map((row, index) => ({ key: row.productId ?? `gone-${index}`, label: row.name, cents: row.cents })),
              )}
              <table className="w-full text-sm" data-testid="store-top-table">
                <caption className="sr-only">{t('store.dashboard.topProducts')}</caption>
                <thead>
                  <tr>
                    <th scope="col" className={`${th} text-start`}>
                      {t('products.fields.name')}
                    </th>
                    <th scope="col" className={`${th} text-end`}>
                      {t('store.dashboard.quantity')}
                    </th>
                    <th scope="col" className={`${th} text-end`}>
                      {t('store.dashboard.amount')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {topProducts.map((row, index) => (
                    <tr key={row.productId ?? index} className="border-t border-dashed border-line">
                      <th scope="row" className="py-2 text-start font-medium">
                        {row.productId ? (
                          <Link to={href('/dashboard/e-commerce/product/:id', { id: row.productId })} className="hover:underline">
                            <bdi>{row.name}</bdi>
                          </Link>
                        ) : (
                          <bdi>{row.name}</bdi>
                        )}
                      </th>
                      <td className="py-2 text-end tabular-nums">{number(row.quantity)}</td>
                      <td className="py-2 text-end font-semibold tabular-nums">{money(row.cents)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          ) : (
            <p className="text-sm text-muted">{t('store.dashboard.noSales')}</p>
          )}
        </Panel>

        <Panel
          title={t('store.dashboard.stockAlerts')}
          testId="store-stock-alerts"
          className="min-w-0 lg:col-span-2"
          action={
            <Link
              to={`${href('/dashboard/e-commerce/list')}?stock=low&sort=stock`}
              className="text-sm font-semibold text-primary-dark hover:underline dark:text-primary-light"
            >
              {t('store.dashboard.seeLowStock')}
            </Link>
          }
        >
          {lowStock.length ? (
            <ul className="divide-y divide-dashed divide-line text-sm">
              {lowStock.map((product) => (
                <li key={product.id} className="flex items-center justify-between gap-3 py-2">
                  <Link to={href('/dashboard/e-commerce/product/:id', { id: product.id })} className="min-w-0 truncate font-medium hover:underline">
                    <bdi>{product.name}</bdi> <span className="font-mono text-xs text-muted">{product.sku}</span>
                  </Link>
                  <span className={product.stock <= 0 ? 'font-semibold text-error' : 'font-semibold text-warning-darker dark:text-warning-light'}>
                    {product.stock <= 0 ? t('products.stock.out') : t('store.dashboard.left', { n: number(product.stock) })}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted">{t('store.dashboard.noAlerts')}</p>
          )}
        </Panel>
      </div>
    </>
  )
}
