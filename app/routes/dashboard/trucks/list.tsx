import { useTranslation } from '~/utils/use-translation'
import { useLocation, href } from 'react-router'
import { ColumnsMenu, columnsParam, CustomFieldCells, CustomFieldHeaders } from '~/components/lists/custom-field-columns'
import { ListRow, ListTable, RowActions } from '~/components/lists/list-table'
import { ListToolbar } from '~/components/lists/list-toolbar'
import { PageHeader } from '~/components/layout/page-header'
import { Badge } from '~/components/ui/badge'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { ComplianceBadges } from '~/components/ui/compliance-badges'
import { Icon } from '~/components/ui/icons'
import { EmptyState, Pagination, SortHeader } from '~/components/ui/list-controls'
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
import { can } from '~/utils/permissions'
import { redirectPastLastPage } from '~/utils/list-page.server'
import { requirePermission } from '~/utils/session.server'
import { listReturnTo, withReturnTo } from '~/utils/list-return'
import type { Route } from './+types/list'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['trucks', 'customFields'] }

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
    canCreate: can(user.role, 'create', 'truck'),
    canUpdate: can(user.role, 'update', 'truck'),
    canDelete: can(user.role, 'delete', 'truck'),
  }
}

export default function TruckList({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { pathname, search } = useLocation()
  const { query, trucks, total, companies, changed } = loaderData
  const filtered = Boolean(query.q || query.status || query.companyId || query.compliance)
  const returnTo = listReturnTo(`${pathname}${search}`)
  const sortProps = { sort: query.sort, dir: query.dir }

  return (
    <>
      <PageHeader
        title={t('trucks.list.title')}
        crumbs={[
          { label: t('nav.dashboard'), to: href('/dashboard/app') },
          { label: t('nav.trucks'), to: href('/dashboard/trucks/list') },
          { label: t('nav.list') },
        ]}
        action={
          loaderData.canCreate ? (
            <ButtonLink to={withReturnTo(href('/dashboard/trucks/new'), returnTo)}>
              <Icon name="plus" size={18} />
              {t('trucks.list.new')}
            </ButtonLink>
          ) : null
        }
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
          filtered || query.page > 1 ? (
            <EmptyState
              title={t('trucks.list.noMatchTitle')}
              description={t('trucks.list.noMatch')}
              action={
                <ButtonLink to={pathname} variant="secondary">
                  {t('list.clear')}
                </ButtonLink>
              }
            />
          ) : (
            <EmptyState
              title={t('trucks.list.emptyTitle')}
              description={t('trucks.list.empty')}
              action={loaderData.canCreate ? <ButtonLink to="/dashboard/trucks/new">{t('trucks.list.new')}</ButtonLink> : undefined}
            />
          )
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
                      edit={
                        loaderData.canUpdate
                          ? {
                              href: withReturnTo(href('/dashboard/trucks/:id/edit', { id: truck.id }), returnTo),
                              label: t('trucks.list.editUnit', { unit: truck.unitNumber }),
                            }
                          : undefined
                      }
                      remove={
                        loaderData.canDelete
                          ? {
                              action: href('/dashboard/trucks/:id/delete', { id: truck.id }),
                              fallbackHref: withReturnTo(href('/dashboard/trucks/:id/delete', { id: truck.id }), returnTo),
                              title: t('trucks.delete.title', { unit: truck.unitNumber }),
                              description: t('trucks.delete.description'),
                              hidden: { version: truck.version, returnTo },
                              triggerLabel: t('trucks.list.deleteUnit', { unit: truck.unitNumber }),
                            }
                          : undefined
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
                  <td>{truck.company ?? <span className="text-muted">—</span>}</td>
                  <td>{truck.vehicle ? <bdi>{truck.vehicle}</bdi> : <span className="text-muted">—</span>}</td>
                  <td>
                    {truck.licensePlate ? (
                      // The plate never breaks; its state may go to the next line on a narrow screen.
                      <bdi>
                        <span className="whitespace-nowrap">{truck.licensePlate}</span>
                        {truck.plateState ? (
                          <>
                            {' '}
                            <span className="whitespace-nowrap">{`· ${truck.plateState}`}</span>
                          </>
                        ) : null}
                      </bdi>
                    ) : (
                      <span className="text-muted">—</span>
                    )}
                  </td>
                  <td className="whitespace-nowrap">
                    <Badge tone={TRUCK_STATUS_META[truck.status].tone}>{t(`trucks.status.${truck.status}`)}</Badge>
                  </td>
                  <td>
                    <span className="whitespace-nowrap">{formatDate(i18n.language, truck.inspectionDue) || <span className="text-muted">—</span>}</span>
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
