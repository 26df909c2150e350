import { useTranslation } from 'react-i18next'
import { Form, Link, useLocation } from 'react-router'
import { PageHeader } from '~/components/layout/page-header'
import { Badge } from '~/components/ui/badge'
import { ButtonLink, Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { ConfirmDelete } from '~/components/ui/confirm-dialog'
import { inputClass } from '~/components/ui/field'
import { Icon } from '~/components/ui/icons'
import { EmptyState, Pagination, SortHeader } from '~/components/ui/list-controls'
import { listCompanyOptions } from '~/models/company.server'
import { listTrucks, serializeTruck } from '~/models/truck.server'
import { parseListQuery, TruckListQuerySchema } from '~/schemas/truck'
import { PAGE_SIZES, TRUCK_STATUSES } from '~/schemas/truck-options'
import { formatDate, formatNumber } from '~/utils/format'
import { can } from '~/utils/permissions'
import { requirePermission } from '~/utils/session.server'
import { cn } from '~/utils/cn'
import { TRUCK_STATUS_TONE } from './status'
import type { Route } from './+types/list'

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'truck')
  const query = parseListQuery(TruckListQuerySchema, new URL(request.url).searchParams)
  const [result, companies] = await Promise.all([listTrucks(user.organizationId, query), listCompanyOptions(user.organizationId)])
  return {
    query,
    companies,
    total: result.total,
    trucks: result.items.map(serializeTruck),
    canCreate: can(user.role, 'create', 'truck'),
    canUpdate: can(user.role, 'update', 'truck'),
    canDelete: can(user.role, 'delete', 'truck'),
  }
}

export default function TruckList({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { pathname } = useLocation()
  const { query, trucks, total, companies } = loaderData
  const filtered = Boolean(query.q || query.status || query.companyId)
  const sortProps = { sort: query.sort, dir: query.dir }

  return (
    <>
      <PageHeader
        title={t('trucks.list.title')}
        crumbs={[{ label: t('nav.dashboard'), to: '/dashboard/app' }, { label: t('nav.trucks'), to: '/dashboard/trucks/list' }, { label: t('nav.list') }]}
        action={
          loaderData.canCreate ? (
            <ButtonLink to="/dashboard/trucks/new">
              <Icon name="plus" size={18} />
              {t('trucks.list.new')}
            </ButtonLink>
          ) : null
        }
      />
      <Card className="overflow-hidden">
        <Form method="get" action={pathname} className="flex flex-wrap items-end gap-3 p-4 sm:p-5" role="search">
          <input type="hidden" name="sort" value={query.sort} />
          <input type="hidden" name="dir" value={query.dir} />
          <input type="hidden" name="pageSize" value={query.pageSize} />
          <div className="min-w-[min(100%,16rem)] flex-[2]">
            <label htmlFor="q" className="sr-only">
              {t('trucks.list.search')}
            </label>
            <div className="relative">
              <Icon name="search" className="pointer-events-none absolute start-3 top-1/2 -translate-y-1/2 text-muted" />
              <input id="q" name="q" type="search" defaultValue={query.q ?? ''} placeholder={t('trucks.list.searchPlaceholder')} className={cn(inputClass, 'ps-10')} />
            </div>
          </div>
          <div className="min-w-40 flex-1">
            <label htmlFor="status" className="mb-1 block text-xs font-semibold text-muted">
              {t('fields.status')}
            </label>
            <select id="status" name="status" defaultValue={query.status ?? ''} className={inputClass}>
              <option value="">{t('list.all')}</option>
              {TRUCK_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`trucks.status.${status}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="min-w-40 flex-1">
            <label htmlFor="companyId" className="mb-1 block text-xs font-semibold text-muted">
              {t('fields.company')}
            </label>
            <select id="companyId" name="companyId" defaultValue={query.companyId ?? ''} className={inputClass}>
              <option value="">{t('list.all')}</option>
              {companies.map((company) => (
                <option key={company.id} value={company.id}>
                  {company.name}
                </option>
              ))}
            </select>
          </div>
          <div className="flex gap-2">
            <Button type="submit" variant="secondary">
              <Icon name="filter" size={18} />
              {t('list.apply')}
            </Button>
            {filtered ? (
              <ButtonLink to={pathname} variant="ghost">
                {t('list.clear')}
              </ButtonLink>
            ) : null}
          </div>
        </Form>

        {trucks.length === 0 ? (
          filtered || query.page > 1 ? (
            <EmptyState title={t('trucks.list.noMatchTitle')} description={t('trucks.list.noMatch')} action={<ButtonLink to={pathname} variant="secondary">{t('list.clear')}</ButtonLink>} />
          ) : (
            <EmptyState
              title={t('trucks.list.emptyTitle')}
              description={t('trucks.list.empty')}
              action={loaderData.canCreate ? <ButtonLink to="/dashboard/trucks/new">{t('trucks.list.new')}</ButtonLink> : undefined}
            />
          )
        ) : (
          <div className="relative overflow-x-auto">
            <table className="w-full min-w-[860px] text-sm" data-testid="trucks-table">
              <thead className="bg-black/[0.03] text-muted dark:bg-white/[0.04]">
                <tr>
                  <SortHeader column="unitNumber" label={t('fields.unitNumber')} {...sortProps} />
                  <SortHeader column="company" label={t('fields.company')} {...sortProps} />
                  <SortHeader column="vin" label={t('fields.vin')} {...sortProps} />
                  <SortHeader column="make" label={t('trucks.list.vehicle')} {...sortProps} />
                  <SortHeader column="licensePlate" label={t('fields.licensePlate')} {...sortProps} />
                  <SortHeader column="status" label={t('fields.status')} {...sortProps} />
                  <SortHeader column="inspectionDue" label={t('fields.inspectionDue')} {...sortProps} />
                  <SortHeader column="odometerMiles" label={t('fields.odometerMiles')} {...sortProps} className="px-4 py-3 text-end" />
                  <th scope="col" className="px-4 py-3">
                    <span className="sr-only">{t('common.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {trucks.map((truck) => (
                  <tr key={truck.id} className="border-t border-dashed border-line whitespace-nowrap hover:bg-black/[0.02] dark:hover:bg-white/[0.02]">
                    <td className="px-4 py-3 font-semibold">
                      {loaderData.canUpdate ? (
                        <Link to={`/dashboard/trucks/${truck.id}/edit`} className="hover:underline">
                          {truck.unitNumber}
                        </Link>
                      ) : (
                        truck.unitNumber
                      )}
                    </td>
                    <td className="px-4 py-3">{truck.company?.name ?? <span className="text-muted">—</span>}</td>
                    <td className="px-4 py-3 font-mono text-xs">{truck.vin ?? <span className="text-muted">—</span>}</td>
                    <td className="px-4 py-3">{[truck.year, truck.make, truck.model].filter(Boolean).length ? <bdi>{[truck.year, truck.make, truck.model].filter(Boolean).join(' ')}</bdi> : <span className="text-muted">—</span>}</td>
                    <td className="px-4 py-3 whitespace-nowrap">{truck.licensePlate ? <bdi>{`${truck.licensePlate}${truck.plateState ? ` · ${truck.plateState}` : ''}`}</bdi> : <span className="text-muted">—</span>}</td>
                    <td className="px-4 py-3">
                      <Badge tone={TRUCK_STATUS_TONE[truck.status]}>{t(`trucks.status.${truck.status}`)}</Badge>
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap">{formatDate(i18n.language, truck.inspectionDue) || <span className="text-muted">—</span>}</td>
                    <td className="px-4 py-3 text-end tabular-nums">{truck.odometerMiles !== null ? formatNumber(i18n.language, truck.odometerMiles) : '—'}</td>
                    <td className="px-2 py-2">
                      <div className="flex justify-end gap-1">
                        {loaderData.canUpdate ? (
                          <Link to={`/dashboard/trucks/${truck.id}/edit`} className="grid size-9 place-items-center rounded-full text-muted hover:bg-black/5 dark:hover:bg-white/10" aria-label={t('trucks.list.editUnit', { unit: truck.unitNumber })} title={t('common.edit')}>
                            <Icon name="edit" size={18} />
                          </Link>
                        ) : null}
                        {loaderData.canDelete ? (
                          <ConfirmDelete
                            action={`/dashboard/trucks/${truck.id}/delete`}
                            fallbackHref={`/dashboard/trucks/${truck.id}/delete`}
                            title={t('trucks.delete.title', { unit: truck.unitNumber })}
                            description={t('trucks.delete.description')}
                            hidden={{ version: truck.version }}
                            triggerLabel={t('trucks.list.deleteUnit', { unit: truck.unitNumber })}
                          />
                        ) : null}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {total > 0 ? <Pagination total={total} page={query.page} pageSize={query.pageSize} pageSizes={PAGE_SIZES} /> : null}
      </Card>
    </>
  )
}
