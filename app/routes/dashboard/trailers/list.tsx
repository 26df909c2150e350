import { useTranslation } from '~/utils/use-translation'
import { useLocation, href } from 'react-router'
import { ColumnsMenu, columnsParam, CustomFieldCells, CustomFieldHeaders } from '~/components/lists/custom-field-columns'
import { ListRow, ListTable, RowActions } from '~/components/lists/list-table'
import { ListEmpty, ListHeader } from '~/components/lists/list-page'
import { OrDash, PlateText } from '~/components/ui/details'
import { ListToolbar } from '~/components/lists/list-toolbar'
import { ComplianceBadges } from '~/components/ui/compliance-badges'
import { Badge } from '~/components/ui/badge'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Pagination, SortHeader } from '~/components/ui/list-controls'
import { listCompanyOptions } from '~/models/company.server'
import { customFieldColumns, shownCustomFields } from '~/models/custom-fields.server'
import { isoDate } from '~/models/records.server'
import { listTrailers } from '~/models/trailer.server'
import { complianceFlags, startOfToday } from '~/models/compliance.server'
import { PAGE_SIZES } from '~/schemas/list-options'
import { parseListQuery } from '~/schemas/list-query'
import { TrailerListQuerySchema } from '~/schemas/trailer'
import { TRAILER_STATUS_META, TRAILER_STATUSES, TRAILER_TYPES } from '~/schemas/trailer-options'
import { formatDate, formatNumber } from '~/utils/format'
import { redirectPastLastPage } from '~/utils/list-page.server'
import { listReturnTo, withReturnTo } from '~/utils/list-return'
import { listPermissions } from '~/utils/permissions'
import { requirePermission } from '~/utils/session.server'
import type { Route } from './+types/list'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['trailers', 'customFields'] }

const LIST = href('/dashboard/trailers/list')

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'trailer')
  const url = new URL(request.url)
  const query = parseListQuery(TrailerListQuerySchema, url.searchParams)
  const [result, companies, columns] = await Promise.all([
    listTrailers(user.organizationId, query),
    listCompanyOptions(user.organizationId),
    customFieldColumns(user.organizationId, 'trailers', url.searchParams),
  ])
  redirectPastLastPage(url, query, result.total)
  const today = startOfToday()
  return {
    query,
    companies,
    columns,
    total: result.total,
    changed: url.searchParams.get('changed'),
    // What the table shows, not the API record (issue 11).
    trailers: result.items.map((trailer) => ({
      id: trailer.id,
      version: trailer.version,
      unitNumber: trailer.unitNumber,
      type: trailer.type,
      lengthFt: trailer.lengthFt,
      company: trailer.company ? { name: trailer.company.name } : null,
      licensePlate: trailer.licensePlate,
      plateState: trailer.plateState,
      status: trailer.status,
      inspectionDue: isoDate(trailer.inspectionDue),
      compliance: complianceFlags(trailer, today),
      customFields: shownCustomFields(columns, trailer.customFields),
    })),
    ...listPermissions(user.role, 'trailer'),
  }
}

export default function TrailerList({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { pathname, search } = useLocation()
  const { query, trailers, total, companies, changed } = loaderData
  const filtered = Boolean(query.q || query.status || query.type || query.companyId)
  const returnTo = listReturnTo(`${pathname}${search}`, LIST)
  const sortProps = { sort: query.sort, dir: query.dir }

  return (
    <>
      <ListHeader
        title={t('trailers.list.title')}
        listLabel={t('nav.trailers')}
        list={LIST}
        newHref={loaderData.canCreate && withReturnTo(href('/dashboard/trailers/new'), returnTo)}
        newLabel={t('trailers.list.new')}
      />
      <Card className="overflow-hidden">
        <ListToolbar
          query={query}
          keep={{ cols: columnsParam(loaderData.columns) }}
          searchLabel={t('trailers.list.search')}
          exportHref={`${href('/dashboard/trailers/export')}${search}`}
          searchPlaceholder={t('trailers.list.searchPlaceholder')}
          filters={[
            {
              name: 'status',
              label: t('fields.status'),
              value: query.status,
              options: TRAILER_STATUSES.map((value) => ({ value, label: t(`trailers.status.${value}`) })),
            },
            {
              name: 'type',
              label: t('fields.trailerType'),
              value: query.type,
              options: TRAILER_TYPES.map((value) => ({ value, label: t(`trailers.type.${value}`) })),
            },
            {
              name: 'companyId',
              label: t('fields.company'),
              value: query.companyId,
              options: companies.map((company) => ({ value: company.id, label: company.name })),
            },
          ]}
        />
        <ColumnsMenu columns={loaderData.columns} />

        {trailers.length === 0 ? (
          <ListEmpty
            narrowed={filtered || query.page > 1}
            clearTo={pathname}
            noMatch={{ title: t('trailers.list.noMatchTitle'), description: t('trailers.list.noMatch') }}
            empty={{
              title: t('trailers.list.emptyTitle'),
              description: t('trailers.list.empty'),
              action: loaderData.canCreate ? <ButtonLink to={href('/dashboard/trailers/new')}>{t('trailers.list.new')}</ButtonLink> : undefined,
            }}
          />
        ) : (
          <ListTable
            testId="trailers"
            head={
              <>
                <SortHeader column="unitNumber" label={t('fields.unitNumber')} {...sortProps} />
                <SortHeader column="type" label={t('fields.trailerType')} {...sortProps} />
                <SortHeader column="lengthFt" label={t('fields.lengthFt')} {...sortProps} className="px-3 py-3 text-end" />
                <SortHeader column="company" label={t('fields.company')} {...sortProps} />
                <SortHeader column="licensePlate" label={t('fields.licensePlate')} {...sortProps} />
                <SortHeader column="status" label={t('fields.status')} {...sortProps} />
                <SortHeader column="inspectionDue" label={t('fields.inspectionDue')} {...sortProps} />
                <CustomFieldHeaders columns={loaderData.columns} />
              </>
            }
          >
            {trailers.map((trailer) => {
              const isChanged = trailer.id === changed
              return (
                <ListRow
                  key={trailer.id}
                  changed={isChanged}
                  actions={
                    <RowActions
                      returnTo={returnTo}
                      edit={
                        loaderData.canUpdate && {
                          path: href('/dashboard/trailers/:id/edit', { id: trailer.id }),
                          label: t('trailers.list.editUnit', { unit: trailer.unitNumber }),
                        }
                      }
                      remove={
                        loaderData.canDelete && {
                          path: href('/dashboard/trailers/:id/delete', { id: trailer.id }),
                          version: trailer.version,
                          label: t('trailers.list.deleteUnit', { unit: trailer.unitNumber }),
                          title: t('trailers.delete.title', { unit: trailer.unitNumber }),
                          description: t('trailers.delete.description'),
                        }
                      }
                    />
                  }
                >
                  <td className="font-semibold whitespace-nowrap">
                    <a href={withReturnTo(href('/dashboard/trailers/:id', { id: trailer.id }), returnTo)} className="hover:underline">
                      {trailer.unitNumber}
                    </a>
                    {isChanged ? <span className="sr-only"> ({t('trailers.changes.changedRow')})</span> : null}
                  </td>
                  <td className="whitespace-nowrap">{t(`trailers.type.${trailer.type}`)}</td>
                  <td className="text-end whitespace-nowrap tabular-nums">
                    {trailer.lengthFt !== null ? (
                      t('trailers.list.feet', { length: formatNumber(i18n.language, trailer.lengthFt) })
                    ) : (
                      <span className="text-muted">—</span>
                    )}
                  </td>
                  <td>
                    <OrDash>{trailer.company?.name}</OrDash>
                  </td>
                  <td>
                    <PlateText plate={trailer.licensePlate} state={trailer.plateState} />
                  </td>
                  <td className="whitespace-nowrap">
                    <Badge tone={TRAILER_STATUS_META[trailer.status].tone}>{t(`trailers.status.${trailer.status}`)}</Badge>
                  </td>
                  <td>
                    <span className="whitespace-nowrap">
                      <OrDash>{formatDate(i18n.language, trailer.inspectionDue)}</OrDash>
                    </span>
                    <ComplianceBadges compliance={trailer.compliance} />
                  </td>
                  <CustomFieldCells columns={loaderData.columns} values={trailer.customFields} />
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
