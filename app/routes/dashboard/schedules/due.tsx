import { href, Link } from 'react-router'

import { ListEmpty, ListHeader } from '~/components/lists/list-page'
import { ScheduleNextDue, ScheduleStatusBadge } from '~/components/maintenance/schedule-status'
import { Card } from '~/components/ui/card'
import { useTranslation } from '~/hooks/use-translation'
import { listDueSchedules } from '~/models/maintenance/maintenance-schedule.server'
import { requirePermission } from '~/requests/session.server'
import { scheduleName } from '~/schemas/maintenance-schedule-options'
import { can } from '~/utils/permissions'

import type { Route } from './+types/due'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['schedules'] }

/** Every schedule due soon or overdue today, overdue first: the shop's to-do list. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'maintenanceSchedule')
  const due = await listDueSchedules(user.organizationId)
  return {
    rows: due.map((schedule) => ({
      id: schedule.id,
      ...scheduleName(schedule),
      unitHref: schedule.truckId ? href('/dashboard/trucks/:id', { id: schedule.truckId }) : href('/dashboard/trailers/:id', { id: schedule.trailerId! }),
      nextDueAt: schedule.nextDueAt,
      nextDueOdometer: schedule.nextDueOdometer,
      status: schedule.status,
    })),
    canCreate: can(user.role, 'create', 'maintenanceSchedule'),
  }
}

export default function DueSchedules({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { rows } = loaderData
  const list = href('/dashboard/maintenance/schedules')
  return (
    <>
      <ListHeader
        title={t('schedules.due.title')}
        listLabel={t('nav.schedules')}
        list={list}
        newHref={loaderData.canCreate && href('/dashboard/maintenance/schedules/new')}
        newLabel={t('schedules.list.new')}
      />
      <Card className="overflow-hidden">
        {rows.length === 0 ? (
          <ListEmpty
            narrowed={false}
            clearTo={list}
            noMatch={{ title: t('schedules.due.emptyTitle'), description: t('schedules.due.empty') }}
            empty={{ title: t('schedules.due.emptyTitle'), description: t('schedules.due.empty') }}
          />
        ) : (
          <div className="overflow-x-auto">
            <table className="fd-table w-full" data-testid="due-schedules">
              <thead>
                <tr>
                  <th scope="col">{t('schedules.fields.task')}</th>
                  <th scope="col">{t('schedules.fields.unit')}</th>
                  <th scope="col">{t('schedules.view.due')}</th>
                  <th scope="col">{t('fields.status')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <th scope="row">
                      <Link to={href('/dashboard/maintenance/schedules/:id', { id: row.id })}>{row.task}</Link>
                    </th>
                    <td className="fd-nw">
                      <Link to={row.unitHref}>{row.unit}</Link>
                    </td>
                    <td className="fd-nw">
                      <ScheduleNextDue schedule={row} />
                    </td>
                    <td>
                      <ScheduleStatusBadge status={row.status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
      <p className="mt-4 text-sm text-muted-foreground">
        {t('schedules.rule')}{' '}
        <Link className="font-semibold text-primary-darker hover:underline dark:text-primary-light" to={list}>
          {t('schedules.due.allSchedules')}
        </Link>
      </p>
    </>
  )
}
