import { href } from 'react-router'

import { ScheduleStatusBadge } from '~/components/maintenance/schedule-status'
import { DetailCard, DetailItem, RecordHeader } from '~/components/ui/details'
import { useTranslation } from '~/hooks/use-translation'
import { getSchedule } from '~/models/maintenance/maintenance-schedule.server'
import { isoDate } from '~/models/records/records.server'
import { requirePermission } from '~/requests/session.server'
import { scheduleName } from '~/schemas/maintenance-schedule-options'
import { orNotFound } from '~/utils/errors.server'
import { formatDate, formatNumber } from '~/utils/format'
import { listReturnTo, withReturnTo } from '~/utils/list-return'
import { can } from '~/utils/permissions'

import type { Route } from './+types/view'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['schedules'] }

/** One schedule, read-only, with when it is due next and its status today; editors also get an Edit link. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'maintenanceSchedule')
  const schedule = await orNotFound(getSchedule(user.organizationId, params.id))
  return {
    schedule: {
      id: schedule.id,
      ...scheduleName(schedule),
      unitHref: schedule.truckId ? href('/dashboard/trucks/:id', { id: schedule.truckId }) : href('/dashboard/trailers/:id', { id: schedule.trailerId! }),
      everyDays: schedule.everyDays,
      everyMiles: schedule.everyMiles,
      lastDoneAt: isoDate(schedule.lastDoneAt)!,
      lastDoneOdometer: schedule.lastDoneOdometer,
      notes: schedule.notes,
      nextDueAt: schedule.nextDueAt,
      nextDueOdometer: schedule.nextDueOdometer,
      odometer: schedule.odometer,
      isTruck: schedule.truckId !== null,
      status: schedule.status,
    },
    returnTo: listReturnTo(new URL(request.url).searchParams.get('returnTo'), href('/dashboard/maintenance/schedules')),
    canUpdate: can(user.role, 'update', 'maintenanceSchedule'),
  }
}

export default function ScheduleView({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { schedule, returnTo } = loaderData
  const language = i18n.language
  const number = (value: number | null) => (value !== null ? formatNumber(language, value) : null)
  const values = { task: schedule.task, unit: schedule.unit }
  return (
    <>
      <RecordHeader
        title={t('schedules.view.title', values)}
        listLabel={t('nav.schedules')}
        returnTo={returnTo}
        name={t('schedules.view.label', values)}
        editHref={loaderData.canUpdate ? withReturnTo(href('/dashboard/maintenance/schedules/:id/edit', { id: schedule.id }), returnTo) : undefined}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <DetailCard title={t('schedules.view.schedule')} testId="schedule-details">
          <DetailItem label={t('schedules.fields.task')}>{schedule.task}</DetailItem>
          <DetailItem label={t('schedules.fields.unit')}>
            <a className="font-semibold text-primary-darker hover:underline dark:text-primary-light" href={schedule.unitHref}>
              {schedule.unit}
            </a>
          </DetailItem>
          <DetailItem label={t('schedules.fields.everyDays')}>{number(schedule.everyDays)}</DetailItem>
          <DetailItem label={t('schedules.fields.everyMiles')}>{number(schedule.everyMiles)}</DetailItem>
          <DetailItem label={t('schedules.fields.lastDoneAt')}>{formatDate(language, schedule.lastDoneAt)}</DetailItem>
          <DetailItem label={t('schedules.fields.lastDoneOdometer')}>{number(schedule.lastDoneOdometer)}</DetailItem>
          <DetailItem label={t('fields.notes')}>{schedule.notes ? <p className="whitespace-pre-line">{schedule.notes}</p> : null}</DetailItem>
        </DetailCard>
        <DetailCard title={t('schedules.view.due')} testId="schedule-due">
          <DetailItem label={t('fields.status')}>
            <ScheduleStatusBadge status={schedule.status} />
          </DetailItem>
          <DetailItem label={t('schedules.fields.nextDueAt')}>{schedule.nextDueAt ? formatDate(language, schedule.nextDueAt) : null}</DetailItem>
          <DetailItem label={t('schedules.fields.nextDueOdometer')}>{number(schedule.nextDueOdometer)}</DetailItem>
          {schedule.isTruck ? (
            <DetailItem label={t('schedules.fields.odometer')}>{number(schedule.odometer) ?? t('schedules.view.noOdometer')}</DetailItem>
          ) : null}
          <p className="text-sm text-muted-foreground">{t('schedules.rule')}</p>
        </DetailCard>
      </div>
    </>
  )
}
