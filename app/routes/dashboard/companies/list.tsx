import { useTranslation } from '~/utils/use-translation'
import { useLocation, href } from 'react-router'
import { ColumnsMenu, columnsParam, CustomFieldCells, CustomFieldHeaders } from '~/components/lists/custom-field-columns'
import { ListRow, ListTable, RowActions } from '~/components/lists/list-table'
import { ListEmpty, ListHeader } from '~/components/lists/list-page'
import { ListToolbar } from '~/components/lists/list-toolbar'
import { Badge } from '~/components/ui/badge'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Pagination, SortHeader } from '~/components/ui/list-controls'
import { listCompanies, serializeCompany } from '~/models/company.server'
import { CompanyListQuerySchema } from '~/schemas/company'
import { COMPANY_STATUS_META, COMPANY_STATUSES, formatDotNumber, formatMcNumber } from '~/schemas/company-options'
import { PAGE_SIZES } from '~/schemas/list-options'
import { customFieldColumns, shownCustomFields } from '~/models/custom-fields.server'
import { parseListQuery } from '~/schemas/list-query'
import { formatNumber } from '~/utils/format'
import { redirectPastLastPage } from '~/utils/list-page.server'
import { listReturnTo, withReturnTo } from '~/utils/list-return'
import { can, listPermissions } from '~/utils/permissions'
import { requirePermission } from '~/utils/session.server'
import type { Route } from './+types/list'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['companies', 'customFields'] }

const LIST = href('/dashboard/companies/list')

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'company')
  const url = new URL(request.url)
  const query = parseListQuery(CompanyListQuerySchema, url.searchParams)
  const [result, columns] = await Promise.all([
    listCompanies(user.organizationId, query),
    customFieldColumns(user.organizationId, 'companies', url.searchParams),
  ])
  redirectPastLastPage(url, query, result.total)
  return {
    query,
    columns,
    total: result.total,
    changed: url.searchParams.get('changed'),
    companies: result.items.map((company) => {
      const dto = serializeCompany(company)
      return {
        id: dto.id,
        name: dto.name,
        legalName: dto.legalName,
        mcNumber: dto.mcNumber,
        dotNumber: dto.dotNumber,
        city: dto.city,
        state: dto.state,
        status: dto.status,
        counts: dto.counts,
        customFields: shownCustomFields(columns, dto.customFields),
        version: dto.version,
      }
    }),
    ...listPermissions(user.role, 'company'),
    // The counts link to the truck and trailer lists only for roles that may open them.
    canReadTrucks: can(user.role, 'read', 'truck'),
    canReadTrailers: can(user.role, 'read', 'trailer'),
  }
}

function Count({ value, to }: { value: number; to: string | null }) {
  const { i18n } = useTranslation()
  const text = formatNumber(i18n.language, value)
  if (value === 0) return <span className="text-muted">{text}</span>
  return to ? (
    <a href={to} className="font-semibold hover:underline">
      {text}
    </a>
  ) : (
    <span>{text}</span>
  )
}

export default function CompanyList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { pathname, search } = useLocation()
  const { query, companies, total, changed } = loaderData
  const filtered = Boolean(query.q || query.status)
  const returnTo = listReturnTo(`${pathname}${search}`, LIST)
  const sortProps = { sort: query.sort, dir: query.dir }
  const countHeader = 'px-3 py-3 text-end'

  return (
    <>
      <ListHeader
        title={t('companies.list.title')}
        listLabel={t('nav.companies')}
        list={LIST}
        newHref={loaderData.canCreate && withReturnTo(href('/dashboard/companies/new'), returnTo)}
        newLabel={t('companies.list.new')}
      />
      <Card className="overflow-hidden">
        <ListToolbar
          query={query}
          keep={{ cols: columnsParam(loaderData.columns) }}
          exportHref={`${href('/dashboard/companies/export')}${search}`}
          searchLabel={t('companies.list.search')}
          searchPlaceholder={t('companies.list.searchPlaceholder')}
          filters={[
            {
              name: 'status',
              label: t('fields.status'),
              value: query.status,
              options: COMPANY_STATUSES.map((value) => ({ value, label: t(`companies.status.${value}`) })),
            },
          ]}
        />
        <ColumnsMenu columns={loaderData.columns} />

        {companies.length === 0 ? (
          <ListEmpty
            narrowed={filtered || query.page > 1}
            clearTo={pathname}
            noMatch={{ title: t('companies.list.noMatchTitle'), description: t('companies.list.noMatch') }}
            empty={{
              title: t('companies.list.emptyTitle'),
              description: t('companies.list.empty'),
              action: loaderData.canCreate ? <ButtonLink to={href('/dashboard/companies/new')}>{t('companies.list.new')}</ButtonLink> : undefined,
            }}
          />
        ) : (
          <ListTable
            testId="companies"
            head={
              <>
                <SortHeader column="name" label={t('companies.fields.name')} {...sortProps} className="px-3 py-3 text-start" />
                <SortHeader column="mcNumber" label={t('companies.list.authority')} {...sortProps} className="px-3 py-3 text-start" />
                <SortHeader column="city" label={t('companies.fields.city')} {...sortProps} className="px-3 py-3 text-start" />
                <SortHeader column="status" label={t('fields.status')} {...sortProps} className="px-3 py-3 text-start" />
                <SortHeader column="trucks" label={t('companies.list.trucks')} {...sortProps} className={countHeader} />
                <SortHeader column="trailers" label={t('companies.list.trailers')} {...sortProps} className={countHeader} />
                <th scope="col" className={countHeader}>
                  <span className="font-semibold">{t('companies.list.drivers')}</span>
                </th>
                <CustomFieldHeaders columns={loaderData.columns} />
              </>
            }
          >
            {companies.map((company) => {
              const isChanged = company.id === changed
              const view = withReturnTo(href('/dashboard/companies/:id', { id: company.id }), returnTo)
              return (
                <ListRow
                  key={company.id}
                  changed={isChanged}
                  actions={
                    <RowActions
                      returnTo={returnTo}
                      edit={
                        loaderData.canUpdate && {
                          path: href('/dashboard/companies/:id/edit', { id: company.id }),
                          label: t('companies.list.editCompany', { name: company.name }),
                        }
                      }
                      remove={
                        loaderData.canDelete && {
                          path: href('/dashboard/companies/:id/delete', { id: company.id }),
                          version: company.version,
                          label: t('companies.list.deleteCompany', { name: company.name }),
                          title: t('companies.delete.title', { name: company.name }),
                          description: t('companies.delete.description'),
                        }
                      }
                    />
                  }
                >
                  <td className="min-w-48">
                    <a href={view} className="font-semibold hover:underline">
                      <bdi>{company.name}</bdi>
                    </a>
                    {isChanged ? <span className="sr-only"> ({t('companies.changes.changedRow')})</span> : null}
                    {company.legalName && company.legalName !== company.name ? (
                      <div className="text-xs text-muted">
                        <bdi>{company.legalName}</bdi>
                      </div>
                    ) : null}
                  </td>
                  <td className="whitespace-nowrap tabular-nums">
                    {company.mcNumber || company.dotNumber ? (
                      <>
                        {company.mcNumber ? <div>{formatMcNumber(company.mcNumber)}</div> : null}
                        {company.dotNumber ? <div className="text-xs text-muted">{formatDotNumber(company.dotNumber)}</div> : null}
                      </>
                    ) : (
                      <span className="text-muted">—</span>
                    )}
                  </td>
                  <td>
                    {company.city || company.state ? (
                      <bdi>{[company.city, company.state].filter(Boolean).join(', ')}</bdi>
                    ) : (
                      <span className="text-muted">—</span>
                    )}
                  </td>
                  <td className="whitespace-nowrap">
                    <Badge tone={COMPANY_STATUS_META[company.status].tone}>{t(`companies.status.${company.status}`)}</Badge>
                  </td>
                  <td className="text-end tabular-nums">
                    <Count value={company.counts.trucks} to={loaderData.canReadTrucks ? `${href('/dashboard/trucks/list')}?companyId=${company.id}` : null} />
                  </td>
                  <td className="text-end tabular-nums">
                    <Count
                      value={company.counts.trailers}
                      to={loaderData.canReadTrailers ? `${href('/dashboard/trailers/list')}?companyId=${company.id}` : null}
                    />
                  </td>
                  <td className="text-end tabular-nums">
                    <Count value={company.counts.drivers} to={`${view}#drivers`} />
                  </td>
                  <CustomFieldCells columns={loaderData.columns} values={company.customFields} />
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
