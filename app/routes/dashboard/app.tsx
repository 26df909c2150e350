import { lazy, Suspense } from 'react'
import { href, Link, redirect } from 'react-router'

import { PageHeader } from '~/components/layout/page-header'
import { Badge } from '~/components/ui/badge'
import { Card } from '~/components/ui/card'
import { Icon } from '~/components/ui/icons'
import { useHydrated } from '~/hooks/use-hydrated'
import { useTranslation } from '~/hooks/use-translation'
import { countOpenInspections } from '~/models/maintenance/inspection.server'
import { countDueSchedules } from '~/models/maintenance/maintenance-schedule.server'
import { organizationToday } from '~/models/organization/organization.server'
import { countTrucksByCompliance, countTrucksByStatus } from '~/models/reference/truck.server'
import { unitsOutOfService } from '~/models/reference/unit-service.server'
import { countUsersByRole } from '~/models/users/user.server'
import { loadScope } from '~/policies/load'
import { requirePermission } from '~/requests/session.server'
import { INSPECTION_STATUS_TONE } from '~/schemas/inspection-options'
import { SCHEDULE_STATUS_TONE } from '~/schemas/maintenance-schedule-options'
import { TRUCK_COMPLIANCE, TRUCK_STATUS_META, TRUCK_STATUSES } from '~/schemas/truck-options'
import { formatDate, formatNumber } from '~/utils/format'
import { can, ROLES } from '~/utils/permissions'

import type { Route } from './+types/app'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['dashboard', 'trucks', 'schedules', 'inspections'] }

/** The dashboard's inspection card: reports with defects still to certify, the unsafe ones first. */
const OPEN_STATUSES = ['out_of_service', 'defects_open'] as const

const StatusBarChart = lazy(() => import('~/components/charts/status-bar-chart'))

/** The units out of service today and why (ADR 131: the dispatch's rule). */
async function outOfServiceCard(organizationId: string) {
  const { total, units } = await unitsOutOfService(organizationId, await organizationToday(organizationId))
  return {
    total,
    units: units.map(({ kind, id, unitNumber, reason, inspectionDue }) => ({
      id,
      kind,
      unitNumber,
      to: kind === 'truck' ? href('/dashboard/trucks/:id', { id }) : href('/dashboard/trailers/:id', { id }),
      why: reason,
      date: reason === 'inspection' ? inspectionDue : null,
    })),
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'dashboard')
  // A driver's day is their own loads: the dashboard of a driver is "My loads".
  if (loadScope(user).driverId) throw redirect(href('/dashboard/loads/mine'))
  const readsTrucks = can(user.role, 'read', 'truck')
  const [trucks, compliance, outOfService, users, maintenance, inspections] = await Promise.all([
    readsTrucks ? countTrucksByStatus(user.organizationId) : null,
    readsTrucks ? countTrucksByCompliance(user.organizationId) : null,
    readsTrucks ? outOfServiceCard(user.organizationId) : null,
    can(user.role, 'read', 'user') ? countUsersByRole(user.organizationId) : null,
    // The maintenance due: the queue of those who keep the schedules (ADR 133).
    can(user.role, 'update', 'maintenanceSchedule') ? countDueSchedules(user.organizationId) : null,
    // Reports with defects still to certify: the queue of those who certify them (ADR 134).
    can(user.role, 'update', 'inspection') ? countOpenInspections(user.organizationId) : null,
  ])
  return { firstName: user.firstName, trucks, compliance, outOfService, users, maintenance, inspections }
}

function Stat({ label, value, icon, tone }: { label: string; value: string; icon: 'truck' | 'users' | 'check' | 'alert'; tone: string }) {
  return (
    <Card className="flex items-center gap-4 p-6">
      <span className={`grid size-12 shrink-0 place-items-center rounded-xl ${tone}`}>
        <Icon name={icon} size={24} />
      </span>
      <div className="min-w-0">
        <p className="truncate text-sm font-semibold text-muted">{label}</p>
        <p className="text-2xl font-bold">{value}</p>
      </div>
    </Card>
  )
}

export default function DashboardApp({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const hydrated = useHydrated()
  const { trucks, compliance, outOfService, users, maintenance, inspections } = loaderData
  const fmt = (value: number) => formatNumber(i18n.language, value)
  const truckRows = TRUCK_STATUSES.map((status) => ({
    key: status,
    label: t(`trucks.status.${status}`),
    value: trucks?.[status] ?? 0,
    color: TRUCK_STATUS_META[status].chart,
  }))
  const truckTotal = truckRows.reduce((sum, row) => sum + row.value, 0)
  const userTotal = users ? Object.values(users).reduce((sum, value) => sum + value, 0) : 0

  return (
    <>
      <PageHeader title={t('dashboard.title')} crumbs={[{ label: t('nav.dashboard') }, { label: t('nav.app') }]} />
      <p className="-mt-4 mb-8 text-muted">{t('dashboard.welcome', { name: loaderData.firstName })}</p>

      {trucks ? (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          <Stat label={t('dashboard.totalTrucks')} value={fmt(truckTotal)} icon="truck" tone="bg-primary-lighter text-primary-dark" />
          <Stat label={t('trucks.status.available')} value={fmt(trucks.available ?? 0)} icon="check" tone="bg-success-lighter text-success-dark" />
          <Stat label={t('trucks.status.maintenance')} value={fmt(trucks.maintenance ?? 0)} icon="alert" tone="bg-warning-lighter text-warning-dark" />
          {users ? (
            <Stat label={t('dashboard.totalUsers')} value={fmt(userTotal)} icon="users" tone="bg-info-lighter text-info-dark" />
          ) : (
            <Stat label={t('trucks.status.dispatched')} value={fmt(trucks.dispatched ?? 0)} icon="truck" tone="bg-info-lighter text-info-dark" />
          )}
        </div>
      ) : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        {trucks ? (
          <Card className="p-6 lg:col-span-2">
            <div className="mb-4 flex items-center justify-between gap-4">
              <h2 className="text-lg font-bold">{t('dashboard.trucksByStatus')}</h2>
              <Link to={href('/dashboard/trucks/list')} className="text-sm font-semibold text-primary-dark hover:underline dark:text-primary-light">
                {t('dashboard.viewAll')}
              </Link>
            </div>
            {hydrated && truckTotal > 0 ? (
              <Suspense fallback={<div className="h-72 animate-pulse rounded-lg bg-black/5 dark:bg-white/5" />}>
                <StatusBarChart data={truckRows} />
              </Suspense>
            ) : null}
            <table className="mt-4 w-full text-sm" data-testid="trucks-by-status">
              <caption className="sr-only">{t('dashboard.trucksByStatus')}</caption>
              <thead>
                <tr className="text-start text-muted">
                  <th scope="col" className="py-2 text-start font-semibold">
                    {t('fields.status')}
                  </th>
                  <th scope="col" className="py-2 text-end font-semibold">
                    {t('dashboard.count')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {truckRows.map((row) => (
                  <tr key={row.key} className="border-t border-dashed border-line">
                    <td className="py-2">
                      <Link to={`${href('/dashboard/trucks/list')}?status=${row.key}`} className="hover:underline">
                        <Badge tone={TRUCK_STATUS_META[row.key].tone}>{row.label}</Badge>
                      </Link>
                    </td>
                    <td className="py-2 text-end font-semibold tabular-nums">{fmt(row.value)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
        ) : null}

        {users ? (
          <Card className="p-6">
            <h2 className="mb-4 text-lg font-bold">{t('dashboard.usersByRole')}</h2>
            <table className="w-full text-sm" data-testid="users-by-role">
              <caption className="sr-only">{t('dashboard.usersByRole')}</caption>
              <tbody>
                {ROLES.map((role) => (
                  <tr key={role} className="border-t border-dashed border-line first:border-t-0">
                    <th scope="row" className="py-2.5 text-start font-medium">
                      {t(`roles.${role}`)}
                    </th>
                    <td className="py-2.5 text-end font-semibold tabular-nums">{fmt(users[role] ?? 0)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
        ) : null}

        {outOfService ? (
          <Card className="p-6">
            <h2 className="mb-4 flex items-center justify-between gap-4 text-lg font-bold">
              {t('dashboard.outOfService.title')}
              <Badge tone={outOfService.total > 0 ? 'error' : 'success'}>{fmt(outOfService.total)}</Badge>
            </h2>
            {outOfService.units.length === 0 ? (
              <p className="text-sm text-muted">{t('dashboard.outOfService.none')}</p>
            ) : (
              <ul className="text-sm" data-testid="units-out-of-service">
                {outOfService.units.map((unit) => (
                  <li
                    key={unit.id}
                    className="flex flex-wrap items-baseline justify-between gap-x-4 border-t border-dashed border-line py-2.5 first:border-t-0"
                  >
                    <Link to={unit.to} className="font-semibold hover:underline">
                      {t(`dashboard.outOfService.${unit.kind}`, { unit: unit.unitNumber })}
                    </Link>
                    <span className="text-muted">{t(`dashboard.outOfService.${unit.why}`, { date: formatDate(i18n.language, unit.date) })}</span>
                  </li>
                ))}
                {outOfService.total > outOfService.units.length ? (
                  <li className="border-t border-dashed border-line py-2.5 text-muted">
                    {t('dashboard.outOfService.more', { number: fmt(outOfService.total - outOfService.units.length) })}
                  </li>
                ) : null}
              </ul>
            )}
          </Card>
        ) : null}

        {compliance ? (
          <Card className="p-6">
            <h2 className="mb-4 text-lg font-bold">{t('dashboard.compliance')}</h2>
            <ul className="text-sm" data-testid="truck-compliance">
              {TRUCK_COMPLIANCE.map((value) => (
                <li key={value} className="border-t border-dashed border-line first:border-t-0">
                  <Link to={`${href('/dashboard/trucks/list')}?compliance=${value}`} className="flex items-center justify-between gap-4 py-2.5 hover:underline">
                    <Badge tone={value === 'overdue' ? 'error' : 'warning'}>{t(`dashboard.complianceCounts.${value}`)}</Badge>
                    <span className="font-semibold tabular-nums">{fmt(compliance[value])}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </Card>
        ) : null}

        {maintenance ? (
          <Card className="p-6">
            <h2 className="mb-4 text-lg font-bold">{t('schedules.card.title')}</h2>
            <ul className="text-sm" data-testid="maintenance-due">
              {(['overdue', 'due_soon'] as const).map((value) => (
                <li key={value} className="border-t border-dashed border-line first:border-t-0">
                  <Link to={href('/dashboard/maintenance/due')} className="flex items-center justify-between gap-4 py-2.5 hover:underline">
                    <Badge tone={SCHEDULE_STATUS_TONE[value]}>{t(`schedules.card.${value}`)}</Badge>
                    <span className="font-semibold tabular-nums">{fmt(maintenance[value])}</span>
                  </Link>
                </li>
              ))}
            </ul>
            <Link
              to={href('/dashboard/maintenance/due')}
              className="mt-2 inline-block text-sm font-semibold text-primary-darker hover:underline dark:text-primary-light"
            >
              {t('schedules.card.viewDue')}
            </Link>
          </Card>
        ) : null}

        {inspections ? (
          <Card className="p-6">
            <h2 className="mb-4 text-lg font-bold">{t('inspections.list.openDefects')}</h2>
            <ul className="text-sm" data-testid="open-inspections">
              {OPEN_STATUSES.map((status) => (
                <li key={status} className="border-t border-dashed border-line first:border-t-0">
                  <Link to={`${href('/dashboard/inspections')}?defects=open`} className="flex items-center justify-between gap-4 py-2.5 hover:underline">
                    <Badge tone={INSPECTION_STATUS_TONE[status]}>{t(`inspections.status.${status}`)}</Badge>
                    <span className="font-semibold tabular-nums">{fmt(inspections[status])}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </Card>
        ) : null}

        {!trucks && !users && !maintenance && !inspections ? (
          <Card className="p-8 text-center lg:col-span-3">
            <p className="text-muted">{t('dashboard.nothingForRole')}</p>
          </Card>
        ) : null}
      </div>
    </>
  )
}
