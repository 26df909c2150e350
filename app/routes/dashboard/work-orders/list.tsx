import { useMemo } from 'react'
import { href, useLocation } from 'react-router'

import { ListEmpty, ListHeader } from '~/components/lists/list-page'
import { ListRow, ListTable } from '~/components/lists/list-table'
import { type FilterSelect, ListToolbar } from '~/components/lists/list-toolbar'
import { enumSelect } from '~/components/lists/record-list'
import { Badge } from '~/components/ui/badge'
import { Card } from '~/components/ui/card'
import { Pagination, SortHeader } from '~/components/ui/list-controls'
import { useTranslation } from '~/hooks/use-translation'
import { listLoadTruckOptions } from '~/models/loads/load-pickers.server'
import { listWorkOrderTable } from '~/models/maintenance/work-order.server'
import { organizationTimeZone } from '~/models/organization/organization.server'
import { readListPage } from '~/requests/list-page.server'
import { PAGE_SIZES } from '~/schemas/list-options'
import { WorkOrderListQuerySchema } from '~/schemas/work-order'
import { WORK_ORDER_KINDS, WORK_ORDER_STATUS_TONE, WORK_ORDER_STATUSES } from '~/schemas/work-order-options'
import { formatMoney, formatZonedDate } from '~/utils/format'
import { unpackRows } from '~/utils/packed-rows'
import { can } from '~/utils/permissions'

import type { Route } from './+types/list'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['workOrders'] }

/** The organization's work orders, newest first, by unit, status and kind, each with its total. */
export async function loader({ request }: Route.LoaderArgs) {
  return readListPage(request, {
    entity: 'workOrder',
    customFields: null,
    schema: WorkOrderListQuerySchema,
    read: (organizationId, query) => listWorkOrderTable(organizationId, query),
    also: async (user) => {
      const [trucks, timeZone] = await Promise.all([listLoadTruckOptions(user.organizationId), organizationTimeZone(user.organizationId)])
      return { trucks, timeZone, creates: can(user.role, 'create', 'workOrder') }
    },
    row: (order) => ({
      id: order.id,
      version: order.version,
      number: order.number,
      unit: order.truck?.unitNumber ?? order.trailer?.unitNumber ?? '—',
      kind: order.kind,
      status: order.status,
      description: order.description,
      totalCents: order.totalCents,
      createdAt: order.createdAt.toISOString(),
      completedAt: order.completedAt?.toISOString() ?? null,
    }),
  })
}

export default function WorkOrderList({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { pathname } = useLocation()
  const { query, also } = loaderData
  const rows = useMemo(() => unpackRows(loaderData.rows), [loaderData.rows])
  const filters: FilterSelect[] = [
    ...(also.trucks
      ? [
          {
            name: 'truckId',
            label: t('workOrders.fields.truck'),
            value: query.truckId,
            options: also.trucks.map((truck) => ({ value: truck.id, label: truck.unitNumber })),
          },
        ]
      : []),
    enumSelect(t, 'status', t('workOrders.fields.status'), query.status, WORK_ORDER_STATUSES, 'workOrders.status'),
    enumSelect(t, 'kind', t('workOrders.fields.kind'), query.kind, WORK_ORDER_KINDS, 'workOrders.kind'),
  ]
  const sort = (column: string, label: string, numeric = false) => (
    <SortHeader column={column} label={label} sort={query.sort} dir={query.dir} className={numeric ? 'px-3 text-end' : undefined} />
  )
  const plain = (label: string) => (
    <th scope="col">
      <span className="font-semibold">{label}</span>
    </th>
  )
  const day = (value: string) => formatZonedDate(i18n.language, value, also.timeZone)
  return (
    <>
      <ListHeader
        title={t('workOrders.list.title')}
        listLabel={t('nav.workOrders')}
        list={href('/dashboard/work-orders')}
        newHref={also.creates && href('/dashboard/work-orders/new')}
        newLabel={t('workOrders.list.new')}
      />
      <Card className="overflow-hidden">
        <ListToolbar query={query} filters={filters} />
        {rows.length === 0 ? (
          <ListEmpty
            narrowed={filters.some((filter) => filter.value) || query.page > 1}
            clearTo={pathname}
            noMatch={{ title: t('workOrders.list.noMatchTitle'), description: t('workOrders.list.noMatch') }}
            empty={{ title: t('workOrders.list.emptyTitle'), description: t('workOrders.list.empty') }}
          />
        ) : (
          <ListTable
            testId="work-orders"
            head={
              <>
                {sort('number', t('workOrders.fields.number'))}
                {plain(t('workOrders.fields.unit'))}
                {plain(t('workOrders.fields.kind'))}
                {plain(t('workOrders.fields.description'))}
                {plain(t('workOrders.fields.status'))}
                {sort('createdAt', t('workOrders.fields.createdAt'))}
                {sort('totalCents', t('workOrders.fields.total'), true)}
              </>
            }
          >
            {rows.map((row) => (
              <ListRow key={row.id} changed={row.id === loaderData.changed} actions={null}>
                <th className="fd-nw">
                  <a href={href('/dashboard/work-orders/:id', { id: row.id })}>{row.number}</a>
                </th>
                <td className="fd-nw">{row.unit}</td>
                <td className="fd-nw">{t(`workOrders.kind.${row.kind}`)}</td>
                <td className="max-w-80 truncate" dir="auto" title={row.description}>
                  {row.description}
                </td>
                <td data-testid="work-order-status">
                  <Badge tone={WORK_ORDER_STATUS_TONE[row.status]}>{t(`workOrders.status.${row.status}`)}</Badge>
                </td>
                <td className="fd-nw">{day(row.completedAt ?? row.createdAt)}</td>
                <td className="fd-num fd-nw">{formatMoney(i18n.language, row.totalCents)}</td>
              </ListRow>
            ))}
          </ListTable>
        )}
        {loaderData.total > 0 ? <Pagination total={loaderData.total} page={query.page} pageSize={query.pageSize} pageSizes={PAGE_SIZES} /> : null}
      </Card>
    </>
  )
}
