import { href, Link, useLocation } from 'react-router'

import { PageHeader } from '~/components/layout/page-header'
import { ListEmpty } from '~/components/lists/list-page'
import { ListToolbar } from '~/components/lists/list-toolbar'
import { enumSelect } from '~/components/lists/record-list'
import { Badge } from '~/components/ui/badge'
import { Card } from '~/components/ui/card'
import { Pagination } from '~/components/ui/list-controls'
import { useTranslation } from '~/hooks/use-translation'
import { complianceMatrix } from '~/models/compliance/compliance.server'
import { requirePermission } from '~/requests/session.server'
import { ComplianceQuerySchema } from '~/schemas/compliance'
import { PAGE_SIZES } from '~/schemas/list-options'
import { parseListQuery } from '~/schemas/list-query'
import { COMPLIANCE_STATUS_TONE, COMPLIANCE_STATUSES, QUALIFICATION_KINDS } from '~/schemas/qualification-options'
import { formatDate, formatNumber } from '~/utils/format'

import type { Route } from './+types/dashboard'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['complianceDashboard'] }

/**
 * Every active driver × qualification kind on the organization's today (ADR 140): the office's
 * view of who may be dispatched, filtered by status, kind, name and the required kinds, paged by driver.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'compliance')
  const query = parseListQuery(ComplianceQuerySchema, new URL(request.url).searchParams)
  const matrix = await complianceMatrix(user.organizationId, query)
  return {
    query,
    day: matrix.day,
    kinds: matrix.kinds,
    requiredKinds: matrix.requiredKinds,
    summary: matrix.summary,
    drivers: matrix.drivers,
    total: matrix.total,
    page: matrix.page,
    // What the page shows of each cell: its status and last day, in the kinds' order.
    rows: matrix.items.map((row) => ({ id: row.driverId, name: row.name, cells: row.cells.map((cell) => [cell.status, cell.validThrough] as const) })),
  }
}

export default function ComplianceDashboard({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { search } = useLocation()
  const { query, kinds, requiredKinds, summary, rows } = loaderData
  const language = i18n.language
  const self = href('/dashboard/compliance')
  const filters = [
    enumSelect(t, 'status', t('fields.status'), query.status, COMPLIANCE_STATUSES, 'compliance.status'),
    enumSelect(t, 'kind', t('complianceDashboard.kind'), query.kind, QUALIFICATION_KINDS, 'compliance.kinds'),
  ]
  const narrowed = Boolean(query.q || query.status || query.kind || query.required)
  return (
    <>
      <PageHeader
        title={t('complianceDashboard.title')}
        description={t('complianceDashboard.description', { date: formatDate(language, loaderData.day) })}
        crumbs={[{ label: t('nav.dashboard'), to: href('/dashboard/app') }, { label: t('nav.compliance') }]}
      />
      <ul className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={t('complianceDashboard.summary')} data-testid="compliance-summary">
        {COMPLIANCE_STATUSES.map((status) => (
          <li key={status}>
            <Link
              to={`${self}?status=${status}`}
              className="flex items-center justify-between gap-2 rounded-xl border border-line bg-surface p-4 hover:bg-hover"
              data-testid={`summary-${status}`}
            >
              <Badge tone={COMPLIANCE_STATUS_TONE[status]}>{t(`compliance.status.${status}`)}</Badge>
              <span className="text-xl font-bold tabular-nums">{formatNumber(language, summary[status])}</span>
            </Link>
          </li>
        ))}
      </ul>
      <Card className="overflow-hidden">
        <ListToolbar
          query={query}
          searchLabel={t('complianceDashboard.search')}
          searchPlaceholder={t('complianceDashboard.search')}
          filters={filters}
          filtered={query.required}
          exportHref={`${href('/dashboard/compliance/export')}${search}`}
        >
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input type="checkbox" name="required" value="1" defaultChecked={query.required} className="size-4" />
            {t('complianceDashboard.requiredOnly')}
          </label>
        </ListToolbar>
        {rows.length === 0 ? (
          <ListEmpty
            narrowed={narrowed || query.page > 1}
            clearTo={self}
            noMatch={{ title: t('complianceDashboard.noMatchTitle'), description: t('complianceDashboard.noMatch') }}
            empty={{ title: t('complianceDashboard.emptyTitle'), description: t('complianceDashboard.empty') }}
          />
        ) : (
          // A table on wide screens; under `md` each driver is a block of its kinds, so no column hides at 390 px.
          <div className="md:overflow-x-auto">
            <table className="fd-table w-full text-sm max-md:block" data-testid="compliance-table">
              <thead className="max-md:sr-only">
                <tr>
                  <th scope="col">{t('complianceDashboard.driver')}</th>
                  {kinds.map((kind) => (
                    <th key={kind} scope="col">
                      {t(`compliance.kinds.${kind}`)}
                      {requiredKinds.includes(kind) ? <span className="block text-xs font-normal text-muted">{t('complianceDashboard.required')}</span> : null}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="max-md:block">
                {rows.map((row) => (
                  <tr key={row.id} className="max-md:block max-md:border-b max-md:border-line max-md:py-2" data-testid={`driver-${row.id}`}>
                    <th scope="row" className="max-md:block">
                      <Link to={href('/dashboard/user/:id/qualifications', { id: row.id })} className="font-semibold hover:underline">
                        {row.name}
                      </Link>
                    </th>
                    {row.cells.map(([status, validThrough], index) => (
                      <td key={kinds[index]} className="max-md:flex max-md:items-center max-md:justify-between max-md:gap-3" data-kind={kinds[index]}>
                        <span className="md:sr-only">{t(`compliance.kinds.${kinds[index]}`)}</span>
                        <span className="inline-flex flex-col items-end gap-0.5 md:items-start">
                          <Badge tone={COMPLIANCE_STATUS_TONE[status]}>{t(`compliance.status.${status}`)}</Badge>
                          {validThrough ? <span className="text-xs text-muted tabular-nums">{formatDate(language, validThrough)}</span> : null}
                        </span>
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pagination total={loaderData.total} page={loaderData.page} pageSize={query.pageSize} pageSizes={PAGE_SIZES} />
      </Card>
      <p className="mt-4 text-sm text-muted-foreground">{t('complianceDashboard.rule')}</p>
    </>
  )
}
