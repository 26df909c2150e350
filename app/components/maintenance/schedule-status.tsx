/** How a maintenance schedule's status and next due day and odometer look, on its list, its page, the due list and a unit's page. */
import { Badge } from '~/components/ui/badge'
import { useTranslation } from '~/hooks/use-translation'
import { SCHEDULE_STATUS_TONE, type ScheduleStatus } from '~/schemas/maintenance-schedule-options'
import { formatDate, formatNumber } from '~/utils/format'

export function ScheduleStatusBadge({ status }: { status: ScheduleStatus }) {
  const { t } = useTranslation()
  return <Badge tone={SCHEDULE_STATUS_TONE[status]}>{t(`schedules.status.${status}`)}</Badge>
}

/** The due day and/or odometer, one per line (a schedule by both has both; whichever comes first counts). */
export function ScheduleNextDue({ schedule }: { schedule: { nextDueAt: string | null; nextDueOdometer: number | null } }) {
  const { t, i18n } = useTranslation()
  const language = i18n.language
  return (
    <span className="flex flex-col">
      {schedule.nextDueAt ? <span>{formatDate(language, schedule.nextDueAt)}</span> : null}
      {schedule.nextDueOdometer !== null ? <span>{t('schedules.miles', { miles: formatNumber(language, schedule.nextDueOdometer) })}</span> : null}
    </span>
  )
}
