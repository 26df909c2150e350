/**
 * The broker page's "Invoices" and "Loads" sections: what the broker owes (open balance, average
 * days to pay, credit used against its limit) and its latest invoices and loads, each with a link
 * to the full list filtered to this broker. The loader hands them only what they show.
 */
import type { ReactNode } from 'react'
import { href } from 'react-router'

import { InvoiceStatusBadges } from '~/components/invoices/invoice-status'
import { ListRow, ListTable } from '~/components/lists/list-table'
import { Badge } from '~/components/ui/badge'
import { Card } from '~/components/ui/card'
import { Icon } from '~/components/ui/icons'
import { EmptyState } from '~/components/ui/list-controls'
import { useTranslation } from '~/hooks/use-translation'
import type { InvoiceStatus } from '~/schemas/invoice-options'
import { LOAD_STATUS_META, type LoadStatus } from '~/schemas/load-options'
import { cn } from '~/utils/cn'
import { formatDate, formatMoney, formatNumber } from '~/utils/format'

export type BrokerInvoicesData = {
  openBalanceCents: number
  averageDaysToPay: number | null
  creditLimitCents: number | null
  overLimit: boolean
  total: number
  invoices: Array<{
    id: string
    invoiceNumber: string
    status: InvoiceStatus
    overdue: boolean
    issueDate: string
    dueDate: string
    totalCents: number
    balanceCents: number
  }>
}

export type BrokerLoadsData = {
  total: number
  loads: Array<{ id: string; loadNumber: string; status: LoadStatus; pickupDate: string | null; totalCents: number }>
}

const linkClass = 'text-sm font-semibold text-primary-darker hover:underline dark:text-primary-light'
const th = 'px-3 py-3 text-start font-semibold whitespace-nowrap'

function Section({ id, title, all, children }: { id: string; title: string; all: ReactNode; children: ReactNode }) {
  return (
    <Card className="overflow-hidden lg:col-span-2" aria-labelledby={`${id}-title`} role="region" data-testid={id}>
      <div className="flex flex-wrap items-center justify-between gap-3 px-6 pt-6">
        <h2 id={`${id}-title`} className="text-base font-bold">
          {title}
        </h2>
        {all}
      </div>
      {children}
    </Card>
  )
}

function Figure({ label, testId, className, children }: { label: string; testId: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn('min-w-0 rounded-lg border border-dashed border-line p-4', className)} data-testid={testId}>
      <dt className="text-sm font-semibold text-muted">{label}</dt>
      <dd className="mt-1">{children}</dd>
    </div>
  )
}

/** Credit used (the open balance) against the limit: the numbers, and a bar that turns to a warning past it. */
function CreditUsed({ used, limit, over }: { used: number; limit: number | null; over: boolean }) {
  const { t, i18n } = useTranslation()
  const money = (cents: number) => formatMoney(i18n.language, cents)
  if (limit === null)
    return (
      <>
        <p className="text-xl font-bold tabular-nums">{money(used)}</p>
        <p className="text-sm text-muted">{t('brokers.list.noLimit')}</p>
      </>
    )
  const percent = limit > 0 ? Math.min(100, (used / limit) * 100) : used > 0 ? 100 : 0
  return (
    <>
      <p className={cn('text-xl font-bold tabular-nums', over && 'text-warning-darker dark:text-warning-light')}>{money(used)}</p>
      <div className="mt-2 h-2 overflow-hidden rounded-full bg-black/10 dark:bg-white/10" aria-hidden="true">
        <div className={cn('h-full rounded-full', over ? 'bg-warning' : 'bg-primary')} style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1.5 text-sm text-muted tabular-nums">{t('brokers.view.creditLimitOf', { limit: money(limit) })}</p>
      {over ? (
        <p className="mt-1 flex items-center gap-1.5 text-sm font-semibold text-warning-darker dark:text-warning-light" data-testid="broker-over-limit">
          <Icon name="alert" size={16} className="shrink-0" />
          {t('brokers.view.overLimit', { amount: money(used - limit) })}
        </p>
      ) : null}
    </>
  )
}

export function BrokerInvoices({ brokerId, data }: { brokerId: string; data: BrokerInvoicesData }) {
  const { t, i18n } = useTranslation()
  const money = (cents: number) => formatMoney(i18n.language, cents)
  const all = `${href('/dashboard/invoice/list')}?brokerId=${encodeURIComponent(brokerId)}`
  return (
    <Section
      id="broker-invoices"
      title={t('brokers.view.invoices')}
      all={
        data.total > 0 ? (
          <a href={all} className={linkClass}>
            {t('brokers.view.allInvoices')}
          </a>
        ) : null
      }
    >
      <dl className="grid grid-cols-2 gap-3 px-6 pt-4 pb-2 sm:grid-cols-3">
        <Figure label={t('brokers.view.openBalance')} testId="broker-open-balance">
          <span className="text-xl font-bold tabular-nums">{money(data.openBalanceCents)}</span>
        </Figure>
        <Figure label={t('brokers.view.averageDaysToPay')} testId="broker-days-to-pay">
          <span className="text-xl font-bold tabular-nums">{data.averageDaysToPay === null ? '—' : formatNumber(i18n.language, data.averageDaysToPay)}</span>
        </Figure>
        <Figure label={t('brokers.view.creditUsed')} testId="broker-credit-used" className="col-span-2 sm:col-span-1">
          <CreditUsed used={data.openBalanceCents} limit={data.creditLimitCents} over={data.overLimit} />
        </Figure>
      </dl>
      {data.invoices.length === 0 ? (
        <EmptyState title={t('brokers.view.invoicesEmptyTitle')} description={t('brokers.view.invoicesEmpty')} />
      ) : (
        <div className="mt-2 border-t border-line">
          <ListTable
            testId="broker-invoice-rows"
            head={
              <>
                <th scope="col" className={th}>
                  {t('invoices.fields.invoiceNumber')}
                </th>
                <th scope="col" className={th}>
                  {t('fields.status')}
                </th>
                <th scope="col" className={th}>
                  {t('invoices.fields.issueDate')}
                </th>
                <th scope="col" className={th}>
                  {t('invoices.fields.dueDate')}
                </th>
                <th scope="col" className={cn(th, 'text-end')}>
                  {t('invoices.fields.total')}
                </th>
                <th scope="col" className={cn(th, 'text-end')}>
                  {t('invoices.fields.balance')}
                </th>
              </>
            }
          >
            {data.invoices.map((invoice) => (
              <ListRow key={invoice.id} changed={false} actions={null}>
                <th>
                  <a href={href('/dashboard/invoice/:id', { id: invoice.id })}>{invoice.invoiceNumber}</a>
                </th>
                <td className="whitespace-nowrap">
                  <InvoiceStatusBadges status={invoice.status} overdue={invoice.overdue} />
                </td>
                <td className="whitespace-nowrap tabular-nums">{formatDate(i18n.language, invoice.issueDate)}</td>
                <td className="whitespace-nowrap tabular-nums">{formatDate(i18n.language, invoice.dueDate)}</td>
                <td className="fd-num">{money(invoice.totalCents)}</td>
                <td className="fd-num font-semibold">{money(invoice.balanceCents)}</td>
              </ListRow>
            ))}
          </ListTable>
        </div>
      )}
    </Section>
  )
}

export function BrokerLoads({ brokerId, data }: { brokerId: string; data: BrokerLoadsData }) {
  const { t, i18n } = useTranslation()
  const all = `${href('/dashboard/loads/list')}?brokerId=${encodeURIComponent(brokerId)}`
  return (
    <Section
      id="broker-loads"
      title={t('brokers.view.loads')}
      all={
        data.total > 0 ? (
          <a href={all} className={linkClass}>
            {t('brokers.view.allLoads')}
          </a>
        ) : null
      }
    >
      {data.loads.length === 0 ? (
        <EmptyState title={t('brokers.view.loadsEmptyTitle')} description={t('brokers.view.loadsEmpty')} />
      ) : (
        <div className="mt-4 border-t border-line">
          <ListTable
            testId="broker-load-rows"
            head={
              <>
                <th scope="col" className={th}>
                  {t('loads.fields.loadNumber')}
                </th>
                <th scope="col" className={th}>
                  {t('fields.status')}
                </th>
                <th scope="col" className={th}>
                  {t('loads.list.firstPickup')}
                </th>
                <th scope="col" className={cn(th, 'text-end')}>
                  {t('loads.fields.total')}
                </th>
              </>
            }
          >
            {data.loads.map((load) => (
              <ListRow key={load.id} changed={false} actions={null}>
                <th>
                  <a href={href('/dashboard/loads/:id', { id: load.id })}>{load.loadNumber}</a>
                </th>
                <td className="whitespace-nowrap">
                  <Badge tone={LOAD_STATUS_META[load.status].tone}>{t(`loads.status.${load.status}`)}</Badge>
                </td>
                <td className="whitespace-nowrap tabular-nums">{load.pickupDate ? formatDate(i18n.language, load.pickupDate) : '—'}</td>
                <td className="fd-num">{formatMoney(i18n.language, load.totalCents)}</td>
              </ListRow>
            ))}
          </ListTable>
        </div>
      )}
    </Section>
  )
}
