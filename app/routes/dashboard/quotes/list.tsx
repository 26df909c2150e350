import { href, useLocation } from 'react-router'

import { ListHeader } from '~/components/lists/list-page'
import { ListRow, ListTable } from '~/components/lists/list-table'
import { ListToolbar } from '~/components/lists/list-toolbar'
import { QuoteStatusBadge } from '~/components/quotes/quote-status'
import { Card } from '~/components/ui/card'
import { EmptyState, Pagination, SortHeader } from '~/components/ui/list-controls'
import { useTranslation } from '~/hooks/use-translation'
import { organizationTimeZone } from '~/models/organization/organization.server'
import { listQuotes, serializeQuote } from '~/models/quotes/quote.server'
import { redirectPastLastPage } from '~/requests/list-page.server'
import { requirePermission } from '~/requests/session.server'
import { PAGE_SIZES } from '~/schemas/list-options'
import { parseListQuery } from '~/schemas/list-query'
import { QuoteListQuerySchema } from '~/schemas/quote'
import { QUOTE_STATUSES } from '~/schemas/quote-options'
import { formatDate, formatDateTime, formatMoney } from '~/utils/format'
import { listReturnTo, withReturnTo } from '~/utils/list-return'

import type { Route } from './+types/list'

export const handle = { i18n: ['quotes', 'trailers'] }

const LIST = href('/dashboard/booking/list')

/** Every quote request of the organization: search, status filter, sort and paging; the URL is the state. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'quote')
  const url = new URL(request.url)
  const query = parseListQuery(QuoteListQuerySchema, url.searchParams)
  const [result, timeZone] = await Promise.all([listQuotes(user.organizationId, query), organizationTimeZone(user.organizationId)])
  redirectPastLastPage(url, query, result.total)
  return {
    query,
    timeZone,
    total: result.total,
    quotes: result.items.map((row) => {
      const quote = serializeQuote(row)
      return {
        id: quote.id,
        number: quote.number,
        status: quote.status,
        lane: `${quote.originCity}, ${quote.originState} → ${quote.destinationCity}, ${quote.destinationState}`,
        equipmentType: quote.equipmentType,
        requester: quote.company ? `${quote.name} · ${quote.company}` : quote.name,
        pickupDate: quote.pickupDate,
        createdAt: quote.createdAt,
        quotedCents: quote.quotedCents,
      }
    }),
  }
}

export default function QuoteList({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { pathname, search } = useLocation()
  const { query, quotes, total } = loaderData
  const filtered = Boolean(query.q || query.status)
  const returnTo = listReturnTo(`${pathname}${search}`, LIST)
  const sortProps = { sort: query.sort, dir: query.dir }
  const th = 'px-3 py-3 text-start font-semibold'

  return (
    <>
      <ListHeader title={t('quotes.list.title')} listLabel={t('quotes.title')} list={href('/dashboard/booking')} newHref={false} newLabel="" />
      <Card className="overflow-hidden">
        <ListToolbar
          query={query}
          searchLabel={t('quotes.list.search')}
          searchPlaceholder={t('quotes.list.searchPlaceholder')}
          filters={[
            {
              name: 'status',
              label: t('fields.status'),
              value: query.status,
              options: QUOTE_STATUSES.map((value) => ({ value, label: t(`quotes.status.${value}`) })),
            },
          ]}
        />
        {quotes.length === 0 ? (
          filtered || query.page > 1 ? (
            <EmptyState title={t('quotes.list.noMatchTitle')} description={t('quotes.list.noMatch')} />
          ) : (
            <EmptyState title={t('quotes.list.emptyTitle')} description={t('quotes.list.empty')} />
          )
        ) : (
          <ListTable
            testId="quotes"
            head={
              <>
                <SortHeader column="number" label={t('quotes.fields.number')} {...sortProps} />
                <SortHeader column="status" label={t('fields.status')} {...sortProps} />
                <th scope="col" className={th}>
                  {t('quotes.fields.lane')}
                </th>
                <th scope="col" className={th}>
                  {t('quotes.fields.requester')}
                </th>
                <SortHeader column="pickupDate" label={t('quotes.fields.pickupDate')} {...sortProps} />
                <SortHeader column="createdAt" label={t('quotes.fields.received')} {...sortProps} />
                <SortHeader column="quotedCents" label={t('quotes.fields.quoted')} {...sortProps} className="px-3 text-end" />
              </>
            }
          >
            {quotes.map((quote) => (
              <ListRow key={quote.id} changed={false} actions={null}>
                <th>
                  <a href={withReturnTo(href('/dashboard/booking/:id', { id: quote.id }), returnTo)}>{quote.number}</a>
                </th>
                <td className="whitespace-nowrap">
                  <QuoteStatusBadge status={quote.status} />
                </td>
                <td className="min-w-48">
                  <bdi>{quote.lane}</bdi>
                  <span className="block text-xs text-muted">{t(`trailers.type.${quote.equipmentType}`)}</span>
                </td>
                <td className="min-w-32">
                  <bdi>{quote.requester}</bdi>
                </td>
                <td className="whitespace-nowrap tabular-nums">{formatDate(i18n.language, quote.pickupDate)}</td>
                <td className="whitespace-nowrap tabular-nums">{formatDateTime(i18n.language, quote.createdAt, loaderData.timeZone)}</td>
                <td className="fd-num">{quote.quotedCents === null ? '—' : formatMoney(i18n.language, quote.quotedCents)}</td>
              </ListRow>
            ))}
          </ListTable>
        )}
        {total > 0 ? <Pagination total={total} page={query.page} pageSize={query.pageSize} pageSizes={PAGE_SIZES} /> : null}
      </Card>
    </>
  )
}
