import { href, useLocation } from 'react-router'

import { ListHeader } from '~/components/lists/list-page'
import { ListRow, ListTable } from '~/components/lists/list-table'
import { ListToolbar } from '~/components/lists/list-toolbar'
import { SettlementStatusBadge } from '~/components/settlements/settlement-status'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { EmptyState, Pagination, SortHeader } from '~/components/ui/list-controls'
import { useTranslation } from '~/hooks/use-translation'
import { listSettlements, serializeSettlementRow, settlementDrivers } from '~/models/settlements/settlement.server'
import { settlementScope } from '~/policies/settlement'
import { redirectPastLastPage } from '~/requests/list-page.server'
import { requirePermission } from '~/requests/session.server'
import { PAGE_SIZES } from '~/schemas/list-options'
import { parseListQuery } from '~/schemas/list-query'
import { SettlementListQuerySchema } from '~/schemas/settlement'
import { SETTLEMENT_STATUSES } from '~/schemas/settlement-options'
import { formatDate, formatMoney } from '~/utils/format'
import { listReturnTo, withReturnTo } from '~/utils/list-return'
import { can } from '~/utils/permissions'

import type { Route } from './+types/list'

export const handle = { i18n: ['settlements'] }

const LIST = href('/dashboard/settlements/list')

/** Every settlement (a driver: their own): filters for status, driver and period, search by number, sort and paging; the URL is the state. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'settlement')
  const url = new URL(request.url)
  const query = parseListQuery(SettlementListQuerySchema, url.searchParams)
  const scope = settlementScope(user)
  const [result, drivers] = await Promise.all([listSettlements(scope, query), scope.driverId ? Promise.resolve([]) : settlementDrivers(user.organizationId)])
  redirectPastLastPage(url, query, result.total)
  return {
    query,
    total: result.total,
    drivers: drivers.map((driver) => ({ value: driver.id, label: driver.name })),
    canCreate: can(user.role, 'create', 'settlement'),
    settlements: result.items.map((row) => {
      const settlement = serializeSettlementRow(row)
      return {
        id: settlement.id,
        number: settlement.number,
        status: settlement.status,
        driver: settlement.driver.name,
        periodStart: settlement.periodStart,
        periodEnd: settlement.periodEnd,
        netCents: settlement.netCents,
      }
    }),
  }
}

export default function SettlementList({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { pathname, search } = useLocation()
  const { query, settlements, total, drivers } = loaderData
  const dated = Boolean(query.from || query.to)
  const filtered = Boolean(query.q || query.status || query.driverId || dated)
  const returnTo = listReturnTo(`${pathname}${search}`, LIST)
  const sortProps = { sort: query.sort, dir: query.dir }
  const newHref = loaderData.canCreate ? href('/dashboard/settlements/new') : false

  return (
    <>
      <ListHeader title={t('settlements.list.title')} listLabel={t('nav.settlements')} list={LIST} newHref={newHref} newLabel={t('settlements.list.new')} />
      <Card className="overflow-hidden">
        <ListToolbar
          query={query}
          searchLabel={t('settlements.list.search')}
          searchPlaceholder={t('settlements.list.searchPlaceholder')}
          filters={[
            {
              name: 'status',
              label: t('fields.status'),
              value: query.status,
              options: SETTLEMENT_STATUSES.map((value) => ({ value, label: t(`settlements.status.${value}`) })),
            },
            ...(drivers.length ? [{ name: 'driverId', label: t('settlements.fields.driver'), value: query.driverId, options: drivers }] : []),
          ]}
          dates={{ from: query.from, to: query.to, fromLabel: t('settlements.list.from'), toLabel: t('settlements.list.to') }}
        />

        {settlements.length === 0 ? (
          filtered || query.page > 1 ? (
            <EmptyState title={t('settlements.list.noMatchTitle')} description={t('settlements.list.noMatch')} />
          ) : (
            <EmptyState
              title={t('settlements.list.emptyTitle')}
              description={t('settlements.list.empty')}
              action={newHref ? <ButtonLink to={newHref}>{t('settlements.list.new')}</ButtonLink> : undefined}
            />
          )
        ) : (
          <ListTable
            testId="settlements"
            head={
              <>
                <SortHeader column="number" label={t('settlements.fields.number')} {...sortProps} />
                <SortHeader column="status" label={t('fields.status')} {...sortProps} />
                <th scope="col" className="px-3 py-3 text-start font-semibold">
                  {t('settlements.fields.driver')}
                </th>
                <SortHeader column="periodEnd" label={t('settlements.fields.period')} {...sortProps} />
                <SortHeader column="netCents" label={t('settlements.fields.net')} {...sortProps} className="px-3 text-end" />
              </>
            }
          >
            {settlements.map((settlement) => (
              <ListRow key={settlement.id} changed={false} actions={null}>
                <th>
                  <a href={withReturnTo(href('/dashboard/settlements/:id', { id: settlement.id }), returnTo)}>{settlement.number}</a>
                </th>
                <td className="whitespace-nowrap">
                  <SettlementStatusBadge status={settlement.status} />
                </td>
                <td className="min-w-32">
                  <bdi>{settlement.driver}</bdi>
                </td>
                <td className="whitespace-nowrap tabular-nums">
                  {formatDate(i18n.language, settlement.periodStart)} – {formatDate(i18n.language, settlement.periodEnd)}
                </td>
                <td className="fd-num font-semibold">{formatMoney(i18n.language, settlement.netCents)}</td>
              </ListRow>
            ))}
          </ListTable>
        )}
        {total > 0 ? <Pagination total={total} page={query.page} pageSize={query.pageSize} pageSizes={PAGE_SIZES} /> : null}
      </Card>
    </>
  )
}
