import { lazy, Suspense } from 'react'
import { href, Link } from 'react-router'

import { Figure, Panel, useWeekLabel, WeekTable } from '~/components/charts/figure'
import { PageHeader } from '~/components/layout/page-header'
import { useHydrated } from '~/hooks/use-hydrated'
import { useTranslation } from '~/hooks/use-translation'
import { receivables } from '~/models/analytics.server'
import { requirePermission } from '~/requests/session.server'
import { formatDate, formatMoney, formatNumber } from '~/utils/format'

import type { Route } from './+types/banking'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['analytics', 'invoices'] }

const MoneyBarChart = lazy(() => import('~/components/charts/money-bar-chart'))

/** What brokers owe and pay: receivables by age, payments received per week, cash expected per week. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'banking')
  return receivables(user.organizationId)
}

export default function Banking({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const hydrated = useHydrated()
  const weekLabel = useWeekLabel()
  const { aging, open, paymentsPerWeek, cashPerWeek, latestPayments } = loaderData
  const money = (cents: number) => formatMoney(i18n.language, cents)
  const paidTotal = paymentsPerWeek.reduce((sum, row) => sum + row.cents, 0)
  const expectedTotal = cashPerWeek.reduce((sum, row) => sum + row.cents, 0)
  const th = 'py-2 font-semibold text-muted'
  const chart = (testId: string, series: string, rows: Array<{ week: string; cents: number }>) =>
    hydrated ? (
      <Suspense fallback={<div className="h-64 animate-pulse rounded-lg bg-black/5 dark:bg-white/5" />}>
        <MoneyBarChart testId={testId} series={series} data={rows.map((row) => ({ key: row.week, label: weekLabel(row.week), cents: row.cents }))} />
      </Suspense>
    ) : null
  return (
    <>
      <PageHeader
        title={t('analytics.banking.title')}
        crumbs={[{ label: t('nav.dashboard'), to: href('/dashboard/app') }, { label: t('analytics.banking.title') }]}
      />

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="banking-figures">
        <Figure
          label={t('analytics.banking.open')}
          value={money(open.cents)}
          hint={t('analytics.banking.openInvoices', { n: formatNumber(i18n.language, open.invoices) })}
          testId="banking-open"
        />
        <Figure label={t('analytics.banking.overdue')} value={money(loaderData.overdueCents)} testId="banking-overdue" />
        <Figure label={t('analytics.banking.received')} value={money(paidTotal)} hint={t('analytics.banking.last12Weeks')} />
        <Figure label={t('analytics.banking.expected')} value={money(expectedTotal)} hint={t('analytics.banking.next8Weeks')} />
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Panel
          title={t('analytics.banking.aging')}
          action={
            <Link
              to={`${href('/dashboard/invoice/list')}?status=overdue`}
              className="text-sm font-semibold text-primary-dark hover:underline dark:text-primary-light"
            >
              {t('analytics.banking.seeOverdue')}
            </Link>
          }
        >
          <table className="w-full text-sm" data-testid="receivables-aging">
            <caption className="sr-only">{t('analytics.banking.aging')}</caption>
            <thead>
              <tr>
                <th scope="col" className={`${th} text-start`}>
                  {t('analytics.banking.age')}
                </th>
                <th scope="col" className={`${th} text-end`}>
                  {t('analytics.banking.invoices')}
                </th>
                <th scope="col" className={`${th} text-end`}>
                  {t('analytics.amount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {aging.map((row) => (
                <tr key={row.bucket} className="border-t border-dashed border-line" data-bucket={row.bucket}>
                  <th scope="row" className="py-2 text-start font-medium">
                    {t(`analytics.banking.buckets.${row.bucket}`)}
                  </th>
                  <td className="py-2 text-end tabular-nums">{formatNumber(i18n.language, row.invoices)}</td>
                  <td className="py-2 text-end font-semibold tabular-nums">{money(row.cents)}</td>
                </tr>
              ))}
              <tr className="border-t border-line">
                <th scope="row" className="py-2 text-start font-bold">
                  {t('analytics.banking.total')}
                </th>
                <td className="py-2 text-end font-bold tabular-nums">{formatNumber(i18n.language, open.invoices)}</td>
                <td className="py-2 text-end font-bold tabular-nums">{money(open.cents)}</td>
              </tr>
            </tbody>
          </table>
        </Panel>

        <Panel title={t('analytics.banking.cashExpected')}>
          {chart('cash-chart', t('analytics.banking.expected'), cashPerWeek)}
          <WeekTable
            testId="cash-per-week"
            caption={t('analytics.banking.cashExpected')}
            amountLabel={t('analytics.amount')}
            rows={cashPerWeek}
            before={
              <tr className="border-t border-dashed border-line">
                <td className="py-1.5 text-warning-darker dark:text-warning-light">{t('analytics.banking.overdueNow')}</td>
                <td className="py-1.5 text-end font-semibold tabular-nums">{money(loaderData.overdueCents)}</td>
              </tr>
            }
          />
          {loaderData.laterCents ? <p className="mt-2 text-xs text-muted">{t('analytics.banking.later', { amount: money(loaderData.laterCents) })}</p> : null}
        </Panel>

        <Panel title={t('analytics.banking.paymentsPerWeek')}>
          {chart('payments-chart', t('analytics.banking.received'), paymentsPerWeek)}
          <WeekTable
            testId="payments-per-week"
            caption={t('analytics.banking.paymentsPerWeek')}
            amountLabel={t('analytics.amount')}
            rows={[...paymentsPerWeek].reverse()}
          />
        </Panel>

        <Panel title={t('analytics.banking.latest')}>
          {latestPayments.length ? (
            <ul className="grid gap-2 text-sm" data-testid="latest-payments">
              {latestPayments.map((payment) => (
                <li key={payment.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-line p-2.5">
                  <span className="font-bold tabular-nums">{money(payment.amountCents)}</span>
                  <span className="text-muted tabular-nums">{formatDate(i18n.language, payment.paidAt)}</span>
                  <span>{t(`invoices.method.${payment.method}`)}</span>
                  <Link to={href('/dashboard/invoice/:id', { id: payment.invoiceId })} className="ms-auto font-semibold hover:underline">
                    {payment.invoiceNumber}
                  </Link>
                  <bdi className="w-full text-xs text-muted">{payment.broker}</bdi>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted">{t('analytics.banking.noPayments')}</p>
          )}
        </Panel>
      </div>
    </>
  )
}
