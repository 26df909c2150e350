import { useTranslation } from 'react-i18next'
import { Form, Link, redirect, useLocation } from 'react-router'
import { PageHeader } from '~/components/layout/page-header'
import { Badge } from '~/components/ui/badge'
import { ButtonLink, Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { ComplianceBadges } from '~/components/trucks/compliance-badges'
import { ConfirmDelete } from '~/components/ui/confirm-dialog'
import { inputClass } from '~/components/ui/field'
import { Icon } from '~/components/ui/icons'
import { EmptyState, Pagination, SortHeader } from '~/components/ui/list-controls'
import { listCompanyOptions } from '~/models/company.server'
import { complianceOf, listTrucks, serializeTruck, startOfToday } from '~/models/truck.server'
import { parseListQuery } from '~/schemas/list-query'
import { TruckListQuerySchema } from '~/schemas/truck'
import { PAGE_SIZES } from '~/schemas/list-options'
import { TRUCK_COMPLIANCE, TRUCK_STATUS_META, TRUCK_STATUSES } from '~/schemas/truck-options'
import { formatDate, formatNumber } from '~/utils/format'
import { can } from '~/utils/permissions'
import { requirePermission } from '~/utils/session.server'
import { cn } from '~/utils/cn'
import { listReturnTo, withReturnTo } from '~/utils/list-return'
import type { Route } from './+types/list'

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'truck')
  const url = new URL(request.url)
  const query = parseListQuery(TruckListQuerySchema, url.searchParams)
  const [result, companies] = await Promise.all([listTrucks(user.organizationId, query), listCompanyOptions(user.organizationId)])
  // A page past the end (an old link, or the last row deleted) shows the last page instead.
  const lastPage = Math.max(1, Math.ceil(result.total / query.pageSize))
  if (result.items.length === 0 && query.page > lastPage) {
    url.searchParams.set('page', String(lastPage))
    throw redirect(`${url.pathname}${url.search}`)
  }
  const today = startOfToday()
  return {
    query,
    companies,
    total: result.total,
    changed: url.searchParams.get('changed'),
    trucks: result.items.map((truck) => ({
      ...serializeTruck(truck),
      compliance: { inspection: complianceOf(truck.inspectionDue, today), registration: complianceOf(truck.registrationExpiry, today) },
    })),
    canCreate: can(user.role, 'create', 'truck'),
    canUpdate: can(user.role, 'update', 'truck'),
    canDelete: can(user.role, 'delete', 'truck'),
  }
}

// Opaque, so the sticky actions cell of a marked row matches the rest of it.
const changedRowBg = 'bg-warning-lighter dark:bg-[color-mix(in_srgb,var(--warning-main)_15%,var(--surface))]'
// A hairline on the start side of the sticky actions column shows that cells scroll beneath it.
const stickyEdge = 'shadow-[-1px_0_0_var(--line)] rtl:shadow-[1px_0_0_var(--line)]'

/** Filter selects apply at once with JavaScript; without it the Apply button submits them. */
function submitOnChange(event: React.ChangeEvent<HTMLSelectElement>) {
  event.currentTarget.form?.requestSubmit()
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
        crumbs={[{ label: t('nav.dashboard'), to: '/dashboard/app' }, { label: t('nav.trucks'), to: '/dashboard/trucks/list' }, { label: t('nav.list') }]}
        action={
          loaderData.canCreate ? (
            <ButtonLink to={withReturnTo('/dashboard/trucks/new', returnTo)}>
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
          <div className="min-w-[min(100%,14rem)] flex-[2]">
            <label htmlFor="q" className="sr-only">
              {t('trucks.list.search')}
            </label>
            <div className="relative">
              <Icon name="search" className="pointer-events-none absolute start-3 top-1/2 -translate-y-1/2 text-muted" />
              <input id="q" name="q" type="search" defaultValue={query.q ?? ''} placeholder={t('trucks.list.searchPlaceholder')} className={cn(inputClass, 'ps-10')} />
            </div>
          </div>
          <div className="min-w-36 flex-1">
            <label htmlFor="status" className="mb-1 block text-xs font-semibold text-muted">
              {t('fields.status')}
            </label>
            <select id="status" name="status" defaultValue={query.status ?? ''} className={inputClass} onChange={submitOnChange}>
              <option value="">{t('list.all')}</option>
              {TRUCK_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`trucks.status.${status}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="min-w-36 flex-1">
            <label htmlFor="companyId" className="mb-1 block text-xs font-semibold text-muted">
              {t('fields.company')}
            </label>
            <select id="companyId" name="companyId" defaultValue={query.companyId ?? ''} className={inputClass} onChange={submitOnChange}>
              <option value="">{t('list.all')}</option>
              {companies.map((company) => (
                <option key={company.id} value={company.id}>
                  {company.name}
                </option>
              ))}
            </select>
          </div>
          <div className="min-w-36 flex-1">
            <label htmlFor="compliance" className="mb-1 block text-xs font-semibold text-muted">
              {t('trucks.compliance.label')}
            </label>
            <select id="compliance" name="compliance" defaultValue={query.compliance ?? ''} className={inputClass} onChange={submitOnChange}>
              <option value="">{t('list.all')}</option>
              {TRUCK_COMPLIANCE.map((value) => (
                <option key={value} value={value}>
                  {t(`trucks.compliance.filter.${value}`)}
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
          // The table scrolls inside its card (so the header can stay in view) and the actions
          // column sticks to the end edge: actions stay reachable on a 1280 px screen in any language.
          <div className="relative max-h-[calc(100dvh-14rem)] overflow-auto" data-testid="trucks-scroll">
            <table className="w-full text-sm" data-testid="trucks-table">
              <thead className="sticky top-0 z-10 bg-surface text-muted shadow-[0_1px_0_var(--line)]">
                <tr>
                  <SortHeader column="unitNumber" label={t('fields.unitNumber')} {...sortProps} />
                  <SortHeader column="company" label={t('fields.company')} {...sortProps} />
                  <SortHeader column="make" label={t('trucks.list.vehicle')} {...sortProps} />
                  <SortHeader column="licensePlate" label={t('fields.licensePlate')} {...sortProps} />
                  <SortHeader column="status" label={t('fields.status')} {...sortProps} />
                  <SortHeader column="inspectionDue" label={t('fields.inspectionDue')} {...sortProps} />
                  <SortHeader column="odometerMiles" label={t('fields.odometerMiles')} {...sortProps} className="px-3 py-3 text-end" />
                  <th scope="col" className={cn('sticky end-0 bg-surface px-3 py-3', stickyEdge)}>
                    <span className="sr-only">{t('common.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {trucks.map((truck) => {
                  const isChanged = truck.id === changed
                  return (
                    <tr
                      key={truck.id}
                      aria-current={isChanged ? 'true' : undefined}
                      data-changed={isChanged ? 'true' : undefined}
                      className={cn('group/row border-t border-dashed border-line', isChanged ? changedRowBg : 'hover:bg-black/[0.02] dark:hover:bg-white/[0.02]')}
                    >
                      <td className="px-3 py-3 font-semibold whitespace-nowrap">
                        <Link to={withReturnTo(`/dashboard/trucks/${truck.id}`, returnTo)} className="hover:underline">
                          {truck.unitNumber}
                        </Link>
                        {isChanged ? <span className="sr-only"> ({t('trucks.changes.changedRow')})</span> : null}
                      </td>
                      <td className="px-3 py-3">{truck.company?.name ?? <span className="text-muted">—</span>}</td>
                      <td className="px-3 py-3">{[truck.year, truck.make, truck.model].filter(Boolean).length ? <bdi>{[truck.year, truck.make, truck.model].filter(Boolean).join(' ')}</bdi> : <span className="text-muted">—</span>}</td>
                      <td className="px-3 py-3">
                        {truck.licensePlate ? (
                          // The plate never breaks; its state may go to the next line on a narrow screen.
                          <bdi>
                            <span className="whitespace-nowrap">{truck.licensePlate}</span>
                            {truck.plateState ? <> <span className="whitespace-nowrap">{`· ${truck.plateState}`}</span></> : null}
                          </bdi>
                        ) : (
                          <span className="text-muted">—</span>
                        )}
                      </td>
                      <td className="px-3 py-3 whitespace-nowrap">
                        <Badge tone={TRUCK_STATUS_META[truck.status].tone}>{t(`trucks.status.${truck.status}`)}</Badge>
                      </td>
                      <td className="px-3 py-3">
                        <span className="whitespace-nowrap">{formatDate(i18n.language, truck.inspectionDue) || <span className="text-muted">—</span>}</span>
                        <ComplianceBadges compliance={truck.compliance} />
                      </td>
                      <td className="px-3 py-3 text-end whitespace-nowrap tabular-nums">{truck.odometerMiles !== null ? formatNumber(i18n.language, truck.odometerMiles) : '—'}</td>
                      <td className={cn('sticky end-0 px-2 py-2', stickyEdge, isChanged ? changedRowBg : 'bg-surface')}>
                        <div className="flex justify-end gap-1" data-testid="row-actions">
                          {loaderData.canUpdate ? (
                            <Link to={withReturnTo(`/dashboard/trucks/${truck.id}/edit`, returnTo)} className="grid size-9 place-items-center rounded-full text-muted hover:bg-black/5 dark:hover:bg-white/10" aria-label={t('trucks.list.editUnit', { unit: truck.unitNumber })} title={t('common.edit')}>
                              <Icon name="edit" size={18} />
                            </Link>
                          ) : null}
                          {loaderData.canDelete ? (
                            <ConfirmDelete
                              action={`/dashboard/trucks/${truck.id}/delete`}
                              fallbackHref={withReturnTo(`/dashboard/trucks/${truck.id}/delete`, returnTo)}
                              title={t('trucks.delete.title', { unit: truck.unitNumber })}
                              description={t('trucks.delete.description')}
                              hidden={{ version: truck.version, returnTo }}
                              triggerLabel={t('trucks.list.deleteUnit', { unit: truck.unitNumber })}
                            />
                          ) : null}
                        </div>
                      </td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </div>
        )}
        {total > 0 ? <Pagination total={total} page={query.page} pageSize={query.pageSize} pageSizes={PAGE_SIZES} /> : null}
      </Card>
    </>
  )
}
