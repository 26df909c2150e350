import { useMemo } from 'react'
import { href, useLocation } from 'react-router'

import { PageHeader } from '~/components/layout/page-header'
import { ColumnsMenu, columnsParam, CustomFieldCells, CustomFieldHeaders } from '~/components/lists/custom-field-columns'
import { ListEmpty } from '~/components/lists/list-page'
import { ListRow, ListTable, RowActions } from '~/components/lists/list-table'
import { type FilterSelect, ListToolbar } from '~/components/lists/list-toolbar'
import { Dash, PlaceCell, StatusTabs } from '~/components/loads/load-list-parts'
import { Badge } from '~/components/ui/badge'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Icon } from '~/components/ui/icons'
import { inputClass } from '~/components/ui/input-class'
import { Pagination, SortHeader } from '~/components/ui/list-controls'
import { useTranslation } from '~/hooks/use-translation'
import { loadTimeZone } from '~/models/loads/load.server'
import { countLoadsByStatus, listLoads } from '~/models/loads/load-list.server'
import { listLoadDriverOptions, listLoadTruckOptions, matchTypedFilters } from '~/models/loads/load-pickers.server'
import { personName } from '~/models/loads/load-serialize.server'
import { customFieldColumns } from '~/models/organization/custom-fields.server'
import { listBrokerOptions } from '~/models/reference/broker.server'
import { listCompanyOptions } from '~/models/reference/company.server'
import { canDeleteLoad, canEditLoad, loadScope, moneyFreeSort, seesLoadMoney } from '~/policies/load'
import { redirectPastLastPage, tableRows } from '~/requests/list-page.server'
import { requirePermission } from '~/requests/session.server'
import { PAGE_SIZES } from '~/schemas/list-options'
import { parseListQuery } from '~/schemas/list-query'
import { LoadListQuerySchema } from '~/schemas/load'
import { LOAD_STATUS_META } from '~/schemas/load-options'
import { isSaveableText } from '~/schemas/text'
import { formatMoney } from '~/utils/format'
import { listReturnTo, withReturnTo } from '~/utils/list-return'
import { ratePerMileCents } from '~/utils/money'
import { unpackRows } from '~/utils/packed-rows'
import { listPermissions } from '~/utils/permissions'

import type { Route } from './+types/list'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['loads', 'customFields'] }

const LIST = href('/dashboard/loads/list')

type Choice = [value: string, label: string]
const choices = (pairs: Choice[]) => pairs.map(([value, label]) => ({ value, label }))

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'load')
  const viewer = loadScope(user)
  const driverOnly = Boolean(viewer.driverId)
  const { organizationId } = user
  const url = new URL(request.url)
  const query = parseListQuery(LoadListQuerySchema, url.searchParams)
  // Without the load's money (a mechanic, ADR 134): no total column, and no order by it.
  const money = seesLoadMoney(user.role)
  query.sort = moneyFreeSort(user.role, query.sort, 'pickupAt')
  // A large fleet's truck and driver are typed instead of chosen (listLoadTruckOptions, listLoadDriverOptions).
  const typed = (name: keyof typeof TYPED_FILTERS) => {
    const text = url.searchParams.get(name)?.trim().slice(0, TYPED_FILTERS[name].maxLength)
    return text && isSaveableText(text) ? text : undefined
  }
  const truckUnit = typed('truck')
  const driverName = typed('driver')
  const matched = driverOnly
    ? { truck: null, driver: null }
    : await matchTypedFilters(organizationId, { truck: query.truckId ? undefined : truckUnit, driver: query.driverId ? undefined : driverName })
  if (matched.truck) query.truckId = matched.truck.id
  if (matched.driver) query.driverId = matched.driver.id
  const listing = listLoads(viewer, query)
  // Without a status the list's total is the search's: the tabs need not count it again.
  const tabs =
    query.q && !query.status
      ? listing.then((result) => countLoadsByStatus(viewer, query, { searchCapped: result.totalCapped }))
      : countLoadsByStatus(viewer, query)
  // A driver sees their own loads only: no filters that would list the organization's people and partners.
  const [result, counts, columns, timeZone, brokers, companies, drivers, trucks] = await Promise.all([
    listing,
    tabs,
    customFieldColumns(organizationId, 'loads', url.searchParams, user.id),
    loadTimeZone(organizationId),
    driverOnly ? [] : listBrokerOptions(organizationId),
    driverOnly ? [] : listCompanyOptions(organizationId, { keepId: query.companyId }),
    driverOnly ? [] : listLoadDriverOptions(organizationId),
    driverOnly ? [] : listLoadTruckOptions(organizationId),
  ])
  // A capped count has no last page to clamp to.
  if (!result.totalCapped) redirectPastLastPage(url, query, result.total)
  const place = (city: string | null, state: string | null) => (city ? [city, state].filter(Boolean).join(', ') : null)
  return {
    query,
    timeZone,
    columns,
    total: result.total,
    totalCapped: result.totalCapped,
    countCap: result.countCap,
    counts,
    changed: url.searchParams.get('changed'),
    // The filters' choices as [value, label] pairs: an object each would name both on every option.
    options: {
      brokers: brokers.map((broker): Choice => [broker.id, broker.name]),
      companies: companies.map((company): Choice => [company.id, company.name]),
      drivers: drivers ? drivers.map((driver): Choice => [driver.id, personName(driver) ?? '']) : null,
      trucks: trucks ? trucks.map((truck): Choice => [truck.id, truck.unitNumber]) : null,
    },
    truckUnit: truckUnit ?? null,
    truckMiss: matched.truck?.miss ?? null,
    driverName: driverName ?? null,
    driverMiss: matched.driver?.miss ?? null,
    // Flat: a nested object per row costs the page's HTML more (ADR 044).
    loads: tableRows(result.items, columns, (load) => ({
      id: load.id,
      version: load.version,
      loadNumber: load.loadNumber,
      status: load.status,
      broker: load.broker.name,
      brokerReference: load.brokerReference,
      pickup: place(load.pickupCity, load.pickupState),
      pickupAt: load.pickupAt?.toISOString() ?? null,
      delivery: place(load.deliveryCity, load.deliveryState),
      deliveryAt: load.deliveryAt?.toISOString() ?? null,
      driver: personName(load.driver),
      truck: load.truck?.unitNumber ?? null,
      totalCents: money ? load.totalCents : null,
      ratePerMileCents: money ? ratePerMileCents(load) : null,
    })),
    money,
    driverOnly,
    ...listPermissions(user.role, 'load'),
  }
}

export default function LoadList({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { pathname, search } = useLocation()
  const { query, total, options, changed, timeZone } = loaderData
  const loads = useMemo(() => unpackRows(loaderData.loads), [loaderData.loads])
  const dated = Boolean(query.from || query.to)
  const filtered = Boolean(
    query.q || query.status || query.brokerId || query.companyId || query.driverId || query.truckId || loaderData.truckUnit || loaderData.driverName || dated,
  )
  const returnTo = listReturnTo(`${pathname}${search}`, LIST)
  const sortProps = { sort: query.sort, dir: query.dir }
  const money = (cents: number) => formatMoney(i18n.language, cents)

  const filters: FilterSelect[] = loaderData.driverOnly
    ? []
    : [
        { name: 'brokerId', label: t('loads.fields.broker'), value: query.brokerId, options: choices(options.brokers) },
        { name: 'companyId', label: t('fields.company'), value: query.companyId, options: choices(options.companies) },
        ...(options.drivers ? [{ name: 'driverId', label: t('loads.fields.driver'), value: query.driverId, options: choices(options.drivers) }] : []),
        ...(options.trucks ? [{ name: 'truckId', label: t('loads.fields.truck'), value: query.truckId, options: choices(options.trucks) }] : []),
      ]

  return (
    <>
      <PageHeader
        title={loaderData.driverOnly ? t('loads.list.myTitle') : t('loads.list.title')}
        crumbs={[{ label: t('nav.dashboard'), to: href('/dashboard/app') }, { label: t('nav.loads'), to: LIST }, { label: t('nav.list') }]}
        action={
          loaderData.canCreate ? (
            <div className="flex flex-wrap gap-2">
              <ButtonLink to={href('/dashboard/loads/import')} variant="secondary">
                {t('loads.list.import')}
              </ButtonLink>
              <ButtonLink to={withReturnTo(href('/dashboard/loads/new'), returnTo)}>
                <Icon name="plus" size={18} />
                {t('loads.list.new')}
              </ButtonLink>
            </div>
          ) : null
        }
      />
      <Card className="overflow-hidden">
        <StatusTabs current={query.status} counts={loaderData.counts} cap={loaderData.countCap} />
        <ListToolbar
          query={query}
          keep={{ status: query.status, cols: columnsParam(loaderData.columns) }}
          searchLabel={t('loads.list.search')}
          searchPlaceholder={t('loads.list.searchPlaceholder')}
          filters={filters}
          dates={{ from: query.from, to: query.to, fromLabel: t('loads.list.pickupFrom'), toLabel: t('loads.list.pickupTo') }}
        >
          {options.drivers || loaderData.driverOnly ? null : <TypedFilter name="driver" value={loaderData.driverName} miss={loaderData.driverMiss} />}
          {options.trucks || loaderData.driverOnly ? null : <TypedFilter name="truck" value={loaderData.truckUnit} miss={loaderData.truckMiss} />}
        </ListToolbar>
        <ColumnsMenu columns={loaderData.columns} />

        {loads.length === 0 ? (
          <ListEmpty
            narrowed={filtered || query.page > 1}
            clearTo={pathname}
            noMatch={{ title: t('loads.list.noMatchTitle'), description: t('loads.list.noMatch') }}
            empty={{
              title: loaderData.driverOnly ? t('loads.list.myEmptyTitle') : t('loads.list.emptyTitle'),
              description: loaderData.driverOnly ? t('loads.list.myEmpty') : t('loads.list.empty'),
              action: loaderData.canCreate ? <ButtonLink to={href('/dashboard/loads/new')}>{t('loads.list.new')}</ButtonLink> : undefined,
            }}
          />
        ) : (
          <ListTable
            testId="loads"
            head={
              <>
                <SortHeader column="loadNumber" label={t('loads.fields.loadNumber')} {...sortProps} />
                <SortHeader column="status" label={t('fields.status')} {...sortProps} />
                <th scope="col">{t('loads.fields.broker')}</th>
                <SortHeader column="pickupAt" label={t('loads.list.firstPickup')} {...sortProps} />
                <SortHeader column="deliveryAt" label={t('loads.list.lastDelivery')} {...sortProps} />
                <th scope="col">{t('loads.list.driverTruck')}</th>
                {loaderData.money ? <SortHeader column="totalCents" label={t('loads.fields.total')} {...sortProps} className="px-3 text-end" /> : null}
                <CustomFieldHeaders columns={loaderData.columns} />
              </>
            }
          >
            {loads.map((load) => {
              const isChanged = load.id === changed
              return (
                <ListRow
                  key={load.id}
                  changed={isChanged}
                  actions={
                    <RowActions
                      returnTo={returnTo}
                      edit={
                        loaderData.canUpdate &&
                        canEditLoad(load.status) && {
                          path: href('/dashboard/loads/:id/edit', { id: load.id }),
                          label: t('loads.list.editLoad', { number: load.loadNumber }),
                        }
                      }
                      remove={
                        loaderData.canDelete &&
                        canDeleteLoad(load.status) && {
                          path: href('/dashboard/loads/:id/delete', { id: load.id }),
                          version: load.version,
                          label: t('loads.list.deleteLoad', { number: load.loadNumber }),
                          title: t('loads.delete.title', { number: load.loadNumber }),
                          description: t('loads.delete.description'),
                        }
                      }
                    />
                  }
                >
                  {/* The load number heads its row (.fd-table, app/app.css). */}
                  <th>
                    <a href={withReturnTo(href('/dashboard/loads/:id', { id: load.id }), returnTo)}>{load.loadNumber}</a>
                    {load.brokerReference ? <bdi className="fd-sub">{load.brokerReference}</bdi> : null}
                  </th>
                  <td>
                    <Badge tone={LOAD_STATUS_META[load.status].tone}>{t(`loads.status.${load.status}`)}</Badge>
                  </td>
                  <td className="min-w-28">
                    <bdi>{load.broker}</bdi>
                  </td>
                  <td className="fd-nw">
                    <PlaceCell place={load.pickup} at={load.pickupAt} timeZone={timeZone} />
                  </td>
                  <td className="fd-nw">
                    <PlaceCell place={load.delivery} at={load.deliveryAt} timeZone={timeZone} />
                  </td>
                  <td className="fd-nw">
                    {load.driver || load.truck ? (
                      <>
                        <bdi className="block">{load.driver ?? <Dash />}</bdi>
                        <span className="fd-sub">{load.truck ?? '—'}</span>
                      </>
                    ) : (
                      <span className="text-muted">{t('loads.list.unassigned')}</span>
                    )}
                  </td>
                  {load.totalCents !== null ? (
                    <td className="fd-num">
                      {money(load.totalCents)}
                      {load.ratePerMileCents !== null ? (
                        <span className="fd-sub">{t('loads.list.perMile', { amount: money(load.ratePerMileCents) })}</span>
                      ) : null}
                    </td>
                  ) : null}
                  <CustomFieldCells columns={loaderData.columns} values={load.customFields} />
                </ListRow>
              )
            })}
          </ListTable>
        )}
        {total > 0 ? (
          <Pagination
            total={total}
            page={query.page}
            pageSize={query.pageSize}
            pageSizes={PAGE_SIZES}
            capped={loaderData.totalCapped ? { rows: loads.length } : undefined}
          />
        ) : null}
      </Card>
    </>
  )
}

/**
 * The filters a large fleet types instead of choosing (listLoadTruckOptions, listLoadDriverOptions):
 * the longest text each takes, and what it says under its field when the text named no record (a
 * unit number is unique: never ambiguous).
 */
const TYPED_FILTERS = {
  driver: {
    maxLength: 200,
    label: 'loads.fields.driver',
    placeholder: 'loads.list.driverName',
    miss: { unknown: 'loads.list.driverUnknown', ambiguous: 'loads.list.driverAmbiguous' },
  },
  truck: {
    maxLength: 20,
    label: 'loads.fields.truck',
    placeholder: 'loads.list.truckUnit',
    miss: { unknown: 'loads.list.truckUnknown', ambiguous: 'loads.list.truckUnknown' },
  },
} as const

/** A filter typed instead of chosen, with the server's hint under it when the text named no record. */
function TypedFilter({ name, value, miss }: { name: keyof typeof TYPED_FILTERS; value: string | null; miss: 'unknown' | 'ambiguous' | null }) {
  const { t } = useTranslation()
  const filter = TYPED_FILTERS[name]
  return (
    <div className="min-w-36 flex-1">
      <label htmlFor={name} className="fd-label">
        {t(filter.label)}
      </label>
      <input
        id={name}
        name={name}
        type="search"
        maxLength={filter.maxLength}
        defaultValue={value ?? ''}
        placeholder={t(filter.placeholder)}
        aria-describedby={miss ? `${name}-hint` : undefined}
        className={inputClass}
      />
      {miss ? (
        <p id={`${name}-hint`} className="mt-1 text-xs text-muted">
          {t(filter.miss[miss])}
        </p>
      ) : null}
    </div>
  )
}
