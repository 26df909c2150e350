import { useTranslation } from '~/utils/use-translation'
import { useLocation, href } from 'react-router'
import { ColumnsMenu, columnsParam, CustomFieldCells, CustomFieldHeaders } from '~/components/lists/custom-field-columns'
import { ListRow, ListTable, RowActions } from '~/components/lists/list-table'
import { ListEmpty, ListHeader } from '~/components/lists/list-page'
import { OrDash, PlateText } from '~/components/ui/details'
import { ListToolbar } from '~/components/lists/list-toolbar'
import { Badge } from '~/components/ui/badge'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { ComplianceBadges } from '~/components/ui/compliance-badges'
import { Pagination, SortHeader } from '~/components/ui/list-controls'
import { listCompanyOptions } from '~/models/company.server'
import { customFieldColumns, shownCustomFields } from '~/models/custom-fields.server'
import { complianceFlags, startOfToday } from '~/models/compliance.server'
import { isoDate } from '~/models/records.server'
import { listTrucks } from '~/models/truck.server'
import { parseListQuery } from '~/schemas/list-query'
import { TruckListQuerySchema } from '~/schemas/truck'
import { PAGE_SIZES } from '~/schemas/list-options'
import { TRUCK_COMPLIANCE, TRUCK_STATUS_META, TRUCK_STATUSES } from '~/schemas/truck-options'
import { formatDate, formatNumber } from '~/utils/format'
import { listPermissions } from '~/utils/permissions'
import { redirectPastLastPage } from '~/utils/list-page.server'
import { requirePermission } from '~/utils/session.server'
import { listReturnTo, withReturnTo } from '~/utils/list-return'
import type { Route } from './+types/list'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['trucks', 'customFields'] }

const LIST = href('/dashboard/trucks/list')

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'truck')
  const url = new URL(request.url)
  const query = parseListQuery(TruckListQuerySchema, url.searchParams)
  const [result, companies, columns] = await Promise.all([
    listTrucks(user.organizationId, query),
    listCompanyOptions(user.organizationId),
    customFieldColumns(user.organizationId, 'trucks', url.searchParams),
  ])
  redirectPastLastPage(url, query, result.total)
  const today = startOfToday()
  return {
    query,
    companies,
    columns,
    total: result.total,
    changed: url.searchParams.get('changed'),
    // What the table shows, not the API record (issue 11: the page's HTML carries this twice).
    trucks: result.items.map((truck) => ({
      id: truck.id,
      version: truck.version,
      unitNumber: truck.unitNumber,
      company: truck.company?.name ?? null,
      vehicle: [truck.year, truck.make, truck.model].filter(Boolean).join(' '),
      licensePlate: truck.licensePlate,
      plateState: truck.plateState,
      status: truck.status,
      inspectionDue: isoDate(truck.inspectionDue),
      compliance: complianceFlags(truck, today),
      odometerMiles: truck.odometerMiles,
      customFields: shownCustomFields(columns, truck.customFields),
    })),
    ...listPermissions(user.role, 'truck'),
  }
}

export default function TruckList({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { pathname, search } = useLocation()
  const { query, trucks, total, companies, changed } = loaderData
  const filtered = Boolean(query.q || query.status || query.companyId || query.compliance)
  const returnTo = listReturnTo(`${pathname}${search}`, LIST)
  const sortProps = { sort: query.sort, dir: query.dir }

  return (
    <>
      <ListHeader
        title={t('trucks.list.title')}
        listLabel={t('nav.trucks')}
        list={LIST}
        newHref={loaderData.canCreate && withReturnTo(href('/dashboard/trucks/new'), returnTo)}
        newLabel={t('trucks.list.new')}
      />
      <Card className="overflow-hidden">
        <ListToolbar
          query={query}
          keep={{ cols: columnsParam(loaderData.columns) }}
          searchLabel={t('trucks.list.search')}
          exportHref={`${href('/dashboard/trucks/export')}${search}`}
          searchPlaceholder={t('trucks.list.searchPlaceholder')}
          filters={[
            {
              name: 'status',
              label: t('fields.status'),
              value: query.status,
              options: TRUCK_STATUSES.map((value) => ({ value, label: t(`trucks.status.${value}`) })),
            },
            {
              name: 'companyId',
              label: t('fields.company'),
              value: query.companyId,
              options: companies.map((company) => ({ value: company.id, label: company.name })),
            },
            {
              name: 'compliance',
              label: t('compliance.label'),
              value: query.compliance,
              options: TRUCK_COMPLIANCE.map((value) => ({ value, label: t(`compliance.filter.${value}`) })),
            },
          ]}
        />
        <ColumnsMenu columns={loaderData.columns} />

        {trucks.length === 0 ? (
          <ListEmpty
            narrowed={filtered || query.page > 1}
            clearTo={pathname}
            noMatch={{ title: t('trucks.list.noMatchTitle'), description: t('trucks.list.noMatch') }}
            empty={{
              title: t('trucks.list.emptyTitle'),
              description: t('trucks.list.empty'),
              action: loaderData.canCreate ? <ButtonLink to="/dashboard/trucks/new">{t('trucks.list.new')}</ButtonLink> : undefined,
            }}
          />
        ) : (
          <ListTable
            testId="trucks"
            head={
              <>
                <SortHeader column="unitNumber" label={t('fields.unitNumber')} {...sortProps} />
                <SortHeader column="company" label={t('fields.company')} {...sortProps} />
                <SortHeader column="make" label={t('trucks.list.vehicle')} {...sortProps} />
                <SortHeader column="licensePlate" label={t('fields.licensePlate')} {...sortProps} />
                <SortHeader column="status" label={t('fields.status')} {...sortProps} />
                <SortHeader column="inspectionDue" label={t('fields.inspectionDue')} {...sortProps} />
                <SortHeader column="odometerMiles" label={t('fields.odometerMiles')} {...sortProps} className="px-3 py-3 text-end" />
                <CustomFieldHeaders columns={loaderData.columns} />
              </>
            }
          >
            {trucks.map((truck) => {
              const isChanged = truck.id === changed
              return (
                <ListRow
                  key={truck.id}
                  changed={isChanged}
                  actions={
                    <RowActions
                      returnTo={returnTo}
                      edit={
                        loaderData.canUpdate && {
                          path: href('/dashboard/trucks/:id/edit', { id: truck.id }),
                          label: t('trucks.list.editUnit', { unit: truck.unitNumber }),
                        }
                      }
                      remove={
                        loaderData.canDelete && {
                          path: href('/dashboard/trucks/:id/delete', { id: truck.id }),
                          version: truck.version,
                          label: t('trucks.list.deleteUnit', { unit: truck.unitNumber }),
                          title: t('trucks.delete.title', { unit: truck.unitNumber }),
                          description: t('trucks.delete.description'),
                        }
                      }
                    />
                  }
                >
                  <td className="font-semibold whitespace-nowrap">
                    <a href={withReturnTo(href('/dashboard/trucks/:id', { id: truck.id }), returnTo)} className="hover:underline">
                      {truck.unitNumber}
                    </a>
                    {isChanged ? <span className="sr-only"> ({t('trucks.changes.changedRow')})</span> : null}
                  </td>
                  <td>
                    <OrDash>{truck.company}</OrDash>
                  </td>
                  <td>{truck.vehicle ? <bdi>{truck.vehicle}</bdi> : <span className="text-muted">—</span>}</td>
                  <td>
                    <PlateText plate={truck.licensePlate} state={truck.plateState} />
                  </td>
                  <td className="whitespace-nowrap">
                    <Badge tone={TRUCK_STATUS_META[truck.status].tone}>{t(`trucks.status.${truck.status}`)}</Badge>
                  </td>
                  <td>
                    <span className="whitespace-nowrap">
                      <OrDash>{formatDate(i18n.language, truck.inspectionDue)}</OrDash>
                    </span>
                    <ComplianceBadges compliance={truck.compliance} />
                  </td>
                  <td className="text-end whitespace-nowrap tabular-nums">
                    {truck.odometerMiles !== null ? formatNumber(i18n.language, truck.odometerMiles) : '—'}
                  </td>
                  <CustomFieldCells columns={loaderData.columns} values={truck.customFields} />
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
