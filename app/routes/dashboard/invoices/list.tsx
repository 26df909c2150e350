import { href, useLocation } from 'react-router'

import { InvoiceStatusBadges } from '~/components/invoices/invoice-status'
import { ListHeader } from '~/components/lists/list-page'
import { ListRow, ListTable } from '~/components/lists/list-table'
import { ListToolbar } from '~/components/lists/list-toolbar'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { LinkArea } from '~/components/ui/link-area'
import { EmptyState, Pagination, SortHeader, useParamsHref } from '~/components/ui/list-controls'
import { useTranslation } from '~/hooks/use-translation'
import { invoiceTabTotals, listInvoices, serializeInvoiceRow } from '~/models/invoices/invoice.server'
import { listBrokerOptions } from '~/models/reference/broker.server'
import { redirectPastLastPage } from '~/requests/list-page.server'
import { requirePermission } from '~/requests/session.server'
import { InvoiceListQuerySchema } from '~/schemas/invoice'
import { INVOICE_FILTER_STATUSES, type InvoiceFilterStatus } from '~/schemas/invoice-options'
import { PAGE_SIZES } from '~/schemas/list-options'
import { parseListQuery } from '~/schemas/list-query'
import { formatDate, formatMoney, formatNumber } from '~/utils/format'
import { listReturnTo, withReturnTo } from '~/utils/list-return'
import { can } from '~/utils/permissions'

import type { Route } from './+types/list'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['invoices'] }

const LIST = href('/dashboard/invoice/list')

type Tab = { count: number; totalCents: number; balanceCents: number }

/**
 * Every invoice of the organization: tabs per status (overdue derived) with their count and sum,
 * filters for broker and issue dates, text, sort and paging; the URL is the state.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'invoice')
  const url = new URL(request.url)
  const query = parseListQuery(InvoiceListQuerySchema, url.searchParams)
  const [result, tabs, brokers] = await Promise.all([
    listInvoices(user.organizationId, query),
    invoiceTabTotals(user.organizationId, query),
    listBrokerOptions(user.organizationId),
  ])
  redirectPastLastPage(url, query, result.total)
  return {
    query,
    total: result.total,
    tabs,
    brokers: brokers.map((broker) => ({ value: broker.id, label: broker.name })),
    canCreate: can(user.role, 'create', 'invoice'),
    // What the table shows, not the API record.
    invoices: result.items.map((invoice) => {
      const row = serializeInvoiceRow(invoice, result.today)
      return {
        id: row.id,
        invoiceNumber: row.invoiceNumber,
        status: row.status,
        overdue: row.overdue,
        broker: row.broker.name,
        issueDate: row.issueDate,
        dueDate: row.dueDate,
        totalCents: row.totalCents,
        balanceCents: row.balanceCents,
      }
    }),
  }
}

/** All + one tab per status, each with its count and the sum of its totals (balances for overdue). */
function StatusTabs({ current, tabs }: { current: string | undefined; tabs: Record<string, Tab> }) {
  const { t, i18n } = useTranslation()
  const paramsHref = useParamsHref()
  const stored = Object.entries(tabs).filter(([status]) => status !== 'overdue')
  const all = stored.reduce((sum, [, tab]) => ({ count: sum.count + tab.count, totalCents: sum.totalCents + tab.totalCents, balanceCents: 0 }), {
    count: 0,
    totalCents: 0,
    balanceCents: 0,
  })
  const items: Array<{ value: InvoiceFilterStatus | undefined; label: string; tab: Tab }> = [
    { value: undefined, label: t('list.all'), tab: all },
    ...INVOICE_FILTER_STATUSES.map((value) => ({
      value,
      label: t(`invoices.status.${value}`),
      tab: tabs[value] ?? { count: 0, totalCents: 0, balanceCents: 0 },
    })),
  ]
  return (
    <LinkArea as="nav" aria-label={t('invoices.list.tabs')} className="overflow-x-auto border-b border-line px-2 sm:px-3" data-testid="invoice-status-tabs">
      <ul className="flex min-w-max gap-x-1 lg:min-w-0 lg:flex-wrap">
        {items.map(({ value, label, tab }) => {
          const active = current === value
          const sum = value === 'overdue' ? tab.balanceCents : tab.totalCents
          return (
            <li key={value ?? 'all'}>
              {/* A plain anchor (.fd-tab, app/app.css), followed in the app by the tabs' delegated handler, keeping the scroll. */}
              <a
                href={paramsHref({ status: value ?? null, page: null })}
                aria-current={active ? 'page' : undefined}
                className="fd-tab flex-col items-start justify-center gap-0 py-2"
              >
                <span className="flex items-center gap-2">
                  {label}
                  <span className="fd-count">{formatNumber(i18n.language, tab.count)}</span>
                </span>
                <span className="text-xs font-normal tabular-nums">{formatMoney(i18n.language, sum)}</span>
              </a>
            </li>
          )
        })}
      </ul>
    </LinkArea>
  )
}

export default function InvoiceList({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { pathname, search } = useLocation()
  const { query, invoices, total } = loaderData
  const dated = Boolean(query.from || query.to)
  const filtered = Boolean(query.q || query.status || query.brokerId || dated)
  const returnTo = listReturnTo(`${pathname}${search}`, LIST)
  const sortProps = { sort: query.sort, dir: query.dir }
  const money = (cents: number) => formatMoney(i18n.language, cents)

  return (
    <>
      <ListHeader
        title={t('invoices.list.title')}
        listLabel={t('nav.invoices')}
        list={LIST}
        newHref={loaderData.canCreate && href('/dashboard/invoice/new')}
        newLabel={t('invoices.list.new')}
      />
      <Card className="overflow-hidden">
        <StatusTabs current={query.status} tabs={loaderData.tabs} />
        <ListToolbar
          query={query}
          keep={{ status: query.status }}
          searchLabel={t('invoices.list.search')}
          searchPlaceholder={t('invoices.list.searchPlaceholder')}
          filters={[{ name: 'brokerId', label: t('invoices.fields.broker'), value: query.brokerId, options: loaderData.brokers }]}
          exportHref={`${href('/dashboard/invoice/export')}${search}`}
          dates={{ from: query.from, to: query.to, fromLabel: t('invoices.list.issuedFrom'), toLabel: t('invoices.list.issuedTo') }}
        />

        {invoices.length === 0 ? (
          filtered || query.page > 1 ? (
            <EmptyState title={t('invoices.list.noMatchTitle')} description={t('invoices.list.noMatch')} />
          ) : (
            <EmptyState
              title={t('invoices.list.emptyTitle')}
              description={t('invoices.list.empty')}
              action={loaderData.canCreate ? <ButtonLink to={href('/dashboard/invoice/new')}>{t('invoices.list.new')}</ButtonLink> : undefined}
            />
          )
        ) : (
          <ListTable
            testId="invoices"
            head={
              <>
                <SortHeader column="invoiceNumber" label={t('invoices.fields.invoiceNumber')} {...sortProps} />
                <SortHeader column="status" label={t('fields.status')} {...sortProps} />
                <th scope="col" className="px-3 py-3 text-start font-semibold">
                  {t('invoices.fields.broker')}
                </th>
                <SortHeader column="issueDate" label={t('invoices.fields.issueDate')} {...sortProps} />
                <SortHeader column="dueDate" label={t('invoices.fields.dueDate')} {...sortProps} />
                <SortHeader column="totalCents" label={t('invoices.fields.total')} {...sortProps} className="px-3 text-end" />
                <th scope="col" className="px-3 py-3 text-end font-semibold">
                  {t('invoices.fields.balance')}
                </th>
              </>
            }
          >
            {invoices.map((invoice) => (
              <ListRow key={invoice.id} changed={false} actions={null}>
                <th>
                  <a href={withReturnTo(href('/dashboard/invoice/:id', { id: invoice.id }), returnTo)}>{invoice.invoiceNumber}</a>
                </th>
                <td className="whitespace-nowrap">
                  <InvoiceStatusBadges status={invoice.status} overdue={invoice.overdue} />
                </td>
                <td className="min-w-32">
                  <bdi>{invoice.broker}</bdi>
                </td>
                <td className="whitespace-nowrap tabular-nums">{formatDate(i18n.language, invoice.issueDate)}</td>
                <td className="whitespace-nowrap tabular-nums">{formatDate(i18n.language, invoice.dueDate)}</td>
                <td className="fd-num">{money(invoice.totalCents)}</td>
                <td className="fd-num font-semibold">{money(invoice.balanceCents)}</td>
              </ListRow>
            ))}
          </ListTable>
        )}
        {total > 0 ? <Pagination total={total} page={query.page} pageSize={query.pageSize} pageSizes={PAGE_SIZES} /> : null}
      </Card>
    </>
  )
}
