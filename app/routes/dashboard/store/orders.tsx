import { href } from 'react-router'

import { PageHeader } from '~/components/layout/page-header'
import { ListEmpty } from '~/components/lists/list-page'
import { ListRow, ListTable } from '~/components/lists/list-table'
import { ListToolbar } from '~/components/lists/list-toolbar'
import { enumSelect } from '~/components/lists/record-list'
import { Badge } from '~/components/ui/badge'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Pagination, SortHeader } from '~/components/ui/list-controls'
import { useTimeZone } from '~/hooks/use-time-zone'
import { useTranslation } from '~/hooks/use-translation'
import { cartItemCount } from '~/models/store/cart.server'
import { listOrders } from '~/models/store/store-order.server'
import { orderScope } from '~/policies/cart'
import { redirectPastLastPage } from '~/requests/list-page.server'
import { requirePermission } from '~/requests/session.server'
import { OrderListQuerySchema } from '~/schemas/checkout'
import { CHARGE_TO, ORDER_STATUSES } from '~/schemas/checkout-options'
import { PAGE_SIZES } from '~/schemas/list-options'
import { parseListQuery } from '~/schemas/list-query'
import { formatMoney, formatZonedDate } from '~/utils/format'
import { can } from '~/utils/permissions'

import type { Route } from './+types/orders'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['checkout'] }

/** The store's orders: search by number, filter by who pays and status, sort and paging; the URL is the state. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'storeOrder')
  const url = new URL(request.url)
  const query = parseListQuery(OrderListQuerySchema, url.searchParams)
  const canCreate = can(user.role, 'create', 'storeOrder')
  const [result, inCart] = await Promise.all([listOrders(user.organizationId, query, orderScope(user)), canCreate ? cartItemCount(user.id) : 0])
  redirectPastLastPage(url, query, result.total)
  return {
    query,
    total: result.total,
    canCreate,
    inCart,
    rows: result.items.map((order) => ({
      id: order.id,
      orderNumber: order.orderNumber,
      createdAt: order.createdAt.toISOString(),
      chargeTo: order.chargeTo,
      payer: order.driver ? `${order.driver.firstName} ${order.driver.lastName}` : (order.truck?.unitNumber ?? null),
      items: order.items.reduce((sum, item) => sum + item.quantity, 0),
      totalCents: order.totalCents,
      status: order.status,
    })),
  }
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const timeZone = useTimeZone()
  const { query, rows } = loaderData
  const filters = [
    enumSelect(t, 'chargeTo', t('checkout.chargeTo'), query.chargeTo, CHARGE_TO, 'checkout.chargeToShort'),
    enumSelect(t, 'status', t('checkout.orders.status'), query.status, ORDER_STATUSES, 'checkout.status'),
  ]
  const sort = (column: string, label: string, numeric = false) => (
    <SortHeader column={column} label={label} sort={query.sort} dir={query.dir} className={numeric ? 'px-3 text-end' : undefined} />
  )
  return (
    <>
      <PageHeader
        title={t('checkout.orders.title')}
        crumbs={[{ label: t('nav.store'), to: href('/dashboard/e-commerce/shop') }, { label: t('checkout.orders.title') }]}
        action={
          loaderData.canCreate ? (
            <ButtonLink to={href('/dashboard/e-commerce/checkout')}>{t('checkout.cartCount', { count: loaderData.inCart })}</ButtonLink>
          ) : undefined
        }
      />
      <Card className="overflow-hidden">
        <ListToolbar query={query} searchLabel={t('checkout.orders.search')} searchPlaceholder={t('checkout.orders.searchPlaceholder')} filters={filters} />
        {rows.length === 0 ? (
          <ListEmpty
            narrowed={Boolean(query.q || query.chargeTo || query.status) || query.page > 1}
            clearTo={href('/dashboard/e-commerce/orders')}
            noMatch={{ title: t('checkout.orders.noMatchTitle'), description: t('checkout.orders.noMatch') }}
            empty={{ title: t('checkout.orders.emptyTitle'), description: t('checkout.orders.empty') }}
          />
        ) : (
          <ListTable
            testId="orders"
            head={
              <>
                {sort('orderNumber', t('checkout.orders.number'))}
                {sort('createdAt', t('checkout.orders.date'))}
                {sort('chargeTo', t('checkout.chargeTo'))}
                <th scope="col" className="px-3 text-end">
                  <span className="font-semibold">{t('checkout.orders.items')}</span>
                </th>
                {sort('totalCents', t('checkout.total'), true)}
                {sort('status', t('checkout.orders.status'))}
              </>
            }
          >
            {rows.map((order) => (
              <ListRow key={order.id} changed={false} actions={null}>
                <th>
                  <a href={href('/dashboard/e-commerce/orders/:id', { id: order.id })}>{order.orderNumber}</a>
                </th>
                <td className="fd-nw">{formatZonedDate(i18n.language, order.createdAt, timeZone)}</td>
                <td>
                  {t(`checkout.chargeToShort.${order.chargeTo}`)}
                  {order.payer ? <span className="fd-sub">{order.payer}</span> : null}
                </td>
                <td className="fd-num">{order.items}</td>
                <td className="fd-num">{formatMoney(i18n.language, order.totalCents)}</td>
                <td>
                  <Badge tone={order.status === 'placed' ? 'success' : 'default'}>{t(`checkout.status.${order.status}`)}</Badge>
                </td>
              </ListRow>
            ))}
          </ListTable>
        )}
        {loaderData.total > 0 ? <Pagination total={loaderData.total} page={query.page} pageSize={query.pageSize} pageSizes={PAGE_SIZES} /> : null}
      </Card>
    </>
  )
}
