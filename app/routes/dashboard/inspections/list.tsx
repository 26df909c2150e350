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
import { listInspections } from '~/models/maintenance/inspection.server'
import { organizationTimeZone } from '~/models/organization/organization.server'
import { filesInspections, inspectionStatus } from '~/policies/inspection'
import { loadScope } from '~/policies/load'
import { readListPage } from '~/requests/list-page.server'
import { InspectionListQuerySchema } from '~/schemas/inspection'
import { INSPECTION_KINDS, INSPECTION_STATUS_TONE } from '~/schemas/inspection-options'
import { PAGE_SIZES } from '~/schemas/list-options'
import { formatDateTime, formatNumber } from '~/utils/format'
import { unpackRows } from '~/utils/packed-rows'

import type { Route } from './+types/list'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['inspections'] }

/**
 * The office's list of inspection reports (a driver's: their own and their units'), newest first,
 * by unit, kind and open defects, each with its status: no defects, defects open, out of service, certified.
 */
export async function loader({ request }: Route.LoaderArgs) {
  return readListPage(request, {
    entity: 'inspection',
    customFields: null,
    schema: InspectionListQuerySchema,
    read: (_organizationId, query, user) => listInspections(loadScope(user), query),
    also: async (user) => {
      const [trucks, timeZone] = await Promise.all([listLoadTruckOptions(user.organizationId), organizationTimeZone(user.organizationId)])
      return { trucks, timeZone, files: filesInspections(user.role) }
    },
    row: (inspection) => ({
      id: inspection.id,
      version: inspection.version,
      inspectedAt: inspection.inspectedAt.toISOString(),
      unit: inspection.truck.unitNumber,
      trailer: inspection.trailer?.unitNumber ?? null,
      driver: inspection.driver ? `${inspection.driver.firstName} ${inspection.driver.lastName}` : null,
      kind: inspection.kind,
      odometer: inspection.odometer,
      status: inspectionStatus(inspection),
    }),
  })
}

export default function InspectionList({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { pathname } = useLocation()
  const { query, also } = loaderData
  const rows = useMemo(() => unpackRows(loaderData.rows), [loaderData.rows])
  const filters: FilterSelect[] = [
    ...(also.trucks
      ? [
          {
            name: 'truckId',
            label: t('inspections.fields.truck'),
            value: query.truckId,
            options: also.trucks.map((truck) => ({ value: truck.id, label: truck.unitNumber })),
          },
        ]
      : []),
    enumSelect(t, 'kind', t('inspections.fields.kind'), query.kind, INSPECTION_KINDS, 'inspections.kind'),
    { name: 'defects', label: t('inspections.fields.defects'), value: query.defects, options: [{ value: 'open', label: t('inspections.list.openDefects') }] },
  ]
  const sort = (column: string, label: string, numeric = false) => (
    <SortHeader column={column} label={label} sort={query.sort} dir={query.dir} className={numeric ? 'px-3 text-end' : undefined} />
  )
  const plain = (label: string) => (
    <th scope="col">
      <span className="font-semibold">{label}</span>
    </th>
  )
  return (
    <>
      <ListHeader
        title={t('inspections.list.title')}
        listLabel={t('nav.inspections')}
        list={href('/dashboard/inspections')}
        newHref={also.files && href('/dashboard/inspections/new')}
        newLabel={t('inspections.list.new')}
      />
      <Card className="overflow-hidden">
        <ListToolbar query={query} filters={filters} />
        {rows.length === 0 ? (
          <ListEmpty
            narrowed={filters.some((filter) => filter.value) || query.page > 1}
            clearTo={pathname}
            noMatch={{ title: t('inspections.list.noMatchTitle'), description: t('inspections.list.noMatch') }}
            empty={{ title: t('inspections.list.emptyTitle'), description: t('inspections.list.empty') }}
          />
        ) : (
          <ListTable
            testId="inspections"
            head={
              <>
                {sort('inspectedAt', t('inspections.fields.inspectedAt'))}
                {plain(t('inspections.fields.truck'))}
                {plain(t('inspections.fields.kind'))}
                {plain(t('inspections.fields.driver'))}
                {sort('odometer', t('inspections.fields.odometer'), true)}
                {plain(t('inspections.fields.status'))}
              </>
            }
          >
            {rows.map((row) => (
              <ListRow key={row.id} changed={row.id === loaderData.changed} actions={null}>
                <th className="fd-nw">
                  <a href={href('/dashboard/inspections/:id', { id: row.id })}>{formatDateTime(i18n.language, row.inspectedAt, also.timeZone)}</a>
                </th>
                <td className="fd-nw">
                  {row.unit}
                  {row.trailer ? <span className="text-muted"> · {row.trailer}</span> : null}
                </td>
                <td className="fd-nw">{t(`inspections.kind.${row.kind}`)}</td>
                <td>{row.driver ?? '—'}</td>
                <td className="fd-num fd-nw">{formatNumber(i18n.language, row.odometer)}</td>
                <td data-testid="inspection-status">
                  <Badge tone={INSPECTION_STATUS_TONE[row.status]}>{t(`inspections.status.${row.status}`)}</Badge>
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
