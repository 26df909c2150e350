import { href, Link } from 'react-router'

import type { FilterSelect } from '~/components/lists/list-toolbar'
import { enumSelect, RecordList } from '~/components/lists/record-list'
import { ScheduleNextDue, ScheduleStatusBadge } from '~/components/maintenance/schedule-status'
import { OrDash } from '~/components/ui/details'
import { useTranslation } from '~/hooks/use-translation'
import { listSchedules, listUnitOptions } from '~/models/maintenance/maintenance-schedule.server'
import { isoDate } from '~/models/records/records.server'
import { readListPage } from '~/requests/list-page.server'
import { MaintenanceScheduleListQuerySchema } from '~/schemas/maintenance-schedule'
import { SCHEDULE_STATUSES } from '~/schemas/maintenance-schedule-options'
import { formatDate, formatNumber } from '~/utils/format'

import type { Route } from './+types/list'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['schedules'] }

/** Every unit's preventive tasks, filtered by unit and by status today. */
export async function loader({ request }: Route.LoaderArgs) {
  return readListPage(request, {
    entity: 'maintenanceSchedule',
    customFields: null,
    schema: MaintenanceScheduleListQuerySchema,
    read: listSchedules,
    also: (user) => listUnitOptions(user.organizationId),
    row: (schedule) => ({
      id: schedule.id,
      version: schedule.version,
      task: schedule.task,
      unit: (schedule.truck ?? schedule.trailer)?.unitNumber ?? '',
      everyDays: schedule.everyDays,
      everyMiles: schedule.everyMiles,
      lastDoneAt: isoDate(schedule.lastDoneAt)!,
      nextDueAt: schedule.nextDueAt,
      nextDueOdometer: schedule.nextDueOdometer,
      status: schedule.status,
    }),
  })
}

export default function ScheduleList({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { query, also: units } = loaderData
  const language = i18n.language
  const filters: FilterSelect[] = [
    {
      name: 'truckId',
      label: t('schedules.fields.truck'),
      value: query.truckId,
      options: units.trucks.map((unit) => ({ value: unit.id, label: unit.unitNumber })),
    },
    {
      name: 'trailerId',
      label: t('schedules.fields.trailer'),
      value: query.trailerId,
      options: units.trailers.map((unit) => ({ value: unit.id, label: unit.unitNumber })),
    },
    enumSelect(t, 'status', t('fields.status'), query.status, SCHEDULE_STATUSES, 'schedules.status'),
  ]
  return (
    <>
      <RecordList
        name="schedules"
        data={loaderData}
        rowName={(schedule) => ({ task: schedule.task, unit: schedule.unit })}
        filters={filters}
        columns={[
          { label: t('schedules.fields.task'), sort: 'task', cell: (schedule) => schedule.task },
          { label: t('schedules.fields.unit'), className: 'fd-nw', cell: (schedule) => schedule.unit },
          {
            label: t('schedules.fields.everyDays'),
            sort: 'everyDays',
            numeric: true,
            cell: (schedule) => <OrDash>{schedule.everyDays !== null && formatNumber(language, schedule.everyDays)}</OrDash>,
          },
          {
            label: t('schedules.fields.everyMiles'),
            sort: 'everyMiles',
            numeric: true,
            cell: (schedule) => <OrDash>{schedule.everyMiles !== null && formatNumber(language, schedule.everyMiles)}</OrDash>,
          },
          { label: t('schedules.fields.lastDoneAt'), sort: 'lastDoneAt', className: 'fd-nw', cell: (schedule) => formatDate(language, schedule.lastDoneAt) },
          { label: t('schedules.view.due'), className: 'fd-nw', cell: (schedule) => <ScheduleNextDue schedule={schedule} /> },
          { label: t('fields.status'), cell: (schedule) => <ScheduleStatusBadge status={schedule.status} /> },
        ]}
      />
      <p className="mt-4 text-sm text-muted-foreground">
        {t('schedules.rule')}{' '}
        <Link className="font-semibold text-primary-darker hover:underline dark:text-primary-light" to={href('/dashboard/maintenance/due')}>
          {t('schedules.list.dueList')}
        </Link>
      </p>
    </>
  )
}
