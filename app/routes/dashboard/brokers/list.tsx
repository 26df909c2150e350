import { useTranslation } from '~/utils/use-translation'
import { useLocation, href } from 'react-router'
import { ListRow, ListTable, RowActions } from '~/components/lists/list-table'
import { ColumnsMenu, columnsParam, CustomFieldCells, CustomFieldHeaders } from '~/components/lists/custom-field-columns'
import { ListEmpty, ListHeader } from '~/components/lists/list-page'
import { ListToolbar } from '~/components/lists/list-toolbar'
import { Badge } from '~/components/ui/badge'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Pagination, SortHeader } from '~/components/ui/list-controls'
import { listBrokers } from '~/models/broker.server'
import { BrokerListQuerySchema } from '~/schemas/broker'
import { BROKER_STATUS_META, BROKER_STATUSES, PAYMENT_TERMS } from '~/schemas/broker-options'
import { PAGE_SIZES } from '~/schemas/list-options'
import { customFieldColumns, shownCustomFields } from '~/models/custom-fields.server'
import { parseListQuery } from '~/schemas/list-query'
import { formatMoney } from '~/utils/format'
import { redirectPastLastPage } from '~/utils/list-page.server'
import { listReturnTo, withReturnTo } from '~/utils/list-return'
import { listPermissions } from '~/utils/permissions'
import { requirePermission } from '~/utils/session.server'
import type { Route } from './+types/list'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['brokers', 'customFields'] }

const LIST = href('/dashboard/brokers/list')

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'broker')
  const url = new URL(request.url)
  const query = parseListQuery(BrokerListQuerySchema, url.searchParams)
  const [result, columns] = await Promise.all([listBrokers(user.organizationId, query), customFieldColumns(user.organizationId, 'brokers', url.searchParams)])
  redirectPastLastPage(url, query, result.total)
  return {
    query,
    columns,
    total: result.total,
    changed: url.searchParams.get('changed'),
    // What the table shows, not the API's whole record.
    brokers: result.items.map((broker) => ({
      id: broker.id,
      name: broker.name,
      mcNumber: broker.mcNumber,
      contactName: broker.contactName,
      email: broker.email,
      phone: broker.phone,
      city: broker.city,
      state: broker.state,
      paymentTerms: broker.paymentTerms,
      creditLimitCents: broker.creditLimitCents,
      status: broker.status,
      customFields: shownCustomFields(columns, broker.customFields),
      version: broker.version,
    })),
    ...listPermissions(user.role, 'broker'),
  }
}

const muted = <span className="text-muted">—</span>

/** An address that may wrap after its @ before it wraps anywhere else. */
function EmailBreak({ address }: { address: string }) {
  const at = address.lastIndexOf('@')
  if (at < 1) return <>{address}</>
  return (
    <>
      {address.slice(0, at + 1)}
      <wbr />
      {address.slice(at + 1)}
    </>
  )
}

export default function BrokerList({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { pathname, search } = useLocation()
  const { query, brokers, total, changed } = loaderData
  const filtered = Boolean(query.q || query.status || query.paymentTerms)
  const returnTo = listReturnTo(`${pathname}${search}`, LIST)
  const sortProps = { sort: query.sort, dir: query.dir }

  return (
    <>
      <ListHeader
        title={t('brokers.list.title')}
        listLabel={t('nav.brokers')}
        list={LIST}
        newHref={loaderData.canCreate && withReturnTo(href('/dashboard/brokers/new'), returnTo)}
        newLabel={t('brokers.list.new')}
      />
      <Card className="overflow-hidden">
        <ListToolbar
          query={query}
          keep={{ cols: columnsParam(loaderData.columns) }}
          exportHref={`${href('/dashboard/brokers/export')}${search}`}
          searchLabel={t('brokers.list.search')}
          searchPlaceholder={t('brokers.list.searchPlaceholder')}
          filters={[
            {
              name: 'status',
              label: t('brokers.fields.status'),
              value: query.status,
              options: BROKER_STATUSES.map((value) => ({ value, label: t(`brokers.status.${value}`) })),
            },
            {
              name: 'paymentTerms',
              label: t('brokers.fields.paymentTerms'),
              value: query.paymentTerms,
              options: PAYMENT_TERMS.map((value) => ({ value, label: t(`brokers.paymentTerms.${value}`) })),
            },
          ]}
        />
        <ColumnsMenu columns={loaderData.columns} />

        {brokers.length === 0 ? (
          <ListEmpty
            narrowed={filtered || query.page > 1}
            clearTo={pathname}
            noMatch={{ title: t('brokers.list.noMatchTitle'), description: t('brokers.list.noMatch') }}
            empty={{
              title: t('brokers.list.emptyTitle'),
              description: t('brokers.list.empty'),
              action: loaderData.canCreate ? <ButtonLink to={href('/dashboard/brokers/new')}>{t('brokers.list.new')}</ButtonLink> : undefined,
            }}
          />
        ) : (
          <ListTable
            testId="brokers"
            head={
              <>
                <SortHeader column="name" label={t('brokers.fields.name')} {...sortProps} />
                <SortHeader column="contactName" label={t('brokers.list.contact')} {...sortProps} />
                <SortHeader column="city" label={t('brokers.list.location')} {...sortProps} />
                <SortHeader column="paymentTerms" label={t('brokers.list.terms')} {...sortProps} />
                <SortHeader column="creditLimitCents" label={t('brokers.fields.creditLimit')} {...sortProps} className="px-3 py-3 text-end" />
                <SortHeader column="status" label={t('brokers.fields.status')} {...sortProps} />
                <CustomFieldHeaders columns={loaderData.columns} />
              </>
            }
          >
            {brokers.map((broker) => {
              const isChanged = broker.id === changed
              const location = [broker.city, broker.state].filter(Boolean).join(', ')
              return (
                <ListRow
                  key={broker.id}
                  changed={isChanged}
                  actions={
                    <RowActions
                      returnTo={returnTo}
                      edit={
                        loaderData.canUpdate && {
                          path: href('/dashboard/brokers/:id/edit', { id: broker.id }),
                          label: t('brokers.list.editBroker', { name: broker.name }),
                        }
                      }
                      remove={
                        loaderData.canDelete && {
                          path: href('/dashboard/brokers/:id/delete', { id: broker.id }),
                          version: broker.version,
                          label: t('brokers.list.deleteBroker', { name: broker.name }),
                          title: t('brokers.delete.title', { name: broker.name }),
                          description: t('brokers.delete.description'),
                        }
                      }
                    />
                  }
                >
                  <td className="min-w-40">
                    <a
                      href={withReturnTo(href('/dashboard/brokers/:id', { id: broker.id }), returnTo)}
                      className="font-semibold [overflow-wrap:anywhere] hover:underline"
                    >
                      {broker.name}
                    </a>
                    {isChanged ? <span className="sr-only"> ({t('brokers.changes.changedRow')})</span> : null}
                    {broker.mcNumber ? (
                      <div className="text-xs text-muted tabular-nums">
                        <bdi>{`MC-${broker.mcNumber}`}</bdi>
                      </div>
                    ) : null}
                  </td>
                  <td className="min-w-44">
                    {broker.contactName || broker.email || broker.phone ? (
                      <>
                        {broker.contactName ? <div>{broker.contactName}</div> : null}
                        {broker.email ? (
                          <div className="text-xs text-muted [overflow-wrap:anywhere]">
                            <EmailBreak address={broker.email} />
                          </div>
                        ) : null}
                        {!broker.email && broker.phone ? (
                          <div className="text-xs whitespace-nowrap text-muted">
                            <bdi>{broker.phone}</bdi>
                          </div>
                        ) : null}
                      </>
                    ) : (
                      muted
                    )}
                  </td>
                  <td>{location || muted}</td>
                  <td>{t(`brokers.paymentTerms.${broker.paymentTerms}`)}</td>
                  <td className="text-end whitespace-nowrap tabular-nums">
                    {broker.creditLimitCents !== null ? (
                      formatMoney(i18n.language, broker.creditLimitCents)
                    ) : (
                      <span className="text-muted">{t('brokers.list.noLimit')}</span>
                    )}
                  </td>
                  <td>
                    {/* Long statuses (Vietnamese) take two lines rather than pushing a column out of view. */}
                    <Badge tone={BROKER_STATUS_META[broker.status].tone} wrap>
                      {t(`brokers.status.${broker.status}`)}
                    </Badge>
                  </td>
                  <CustomFieldCells columns={loaderData.columns} values={broker.customFields} />
                </ListRow>
              )
            })}
          </ListTable>
        )}
        {total > 0 ? <Pagination total={total} page={query.page} pageSize={query.pageSize} pageSizes={PAGE_SIZES} /> : null}
      </Card>
    </>
  )
}
