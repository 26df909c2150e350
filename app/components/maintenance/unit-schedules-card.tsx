import { href, Link } from 'react-router'

import { Card } from '~/components/ui/card'
import { useTranslation } from '~/hooks/use-translation'
import type { ScheduleStatus } from '~/schemas/maintenance-schedule-options'

import { ScheduleNextDue, ScheduleStatusBadge } from './schedule-status'

export type UnitScheduleRow = { id: string; task: string; nextDueAt: string | null; nextDueOdometer: number | null; status: ScheduleStatus }

/** A truck's or trailer's preventive maintenance schedules with their status today (ADR 133), on the unit's page. */
export function UnitSchedulesCard(props: { rows: UnitScheduleRow[]; addHref: string | null }) {
  const { t } = useTranslation()
  return (
    // A card of its own, not a DetailCard: a list of schedules is no definition list.
    <Card className="p-6" data-testid="unit-schedules">
      <h2 className="mb-3 text-base font-bold">{t('schedules.unit.title')}</h2>
      {props.rows.length ? (
        <ul className="text-sm">
          {props.rows.map((row) => (
            <li key={row.id} className="flex flex-wrap items-center justify-between gap-2 border-t border-dashed border-line py-2 first:border-t-0">
              <Link to={href('/dashboard/maintenance/schedules/:id', { id: row.id })} className="font-semibold hover:underline">
                {row.task}
              </Link>
              <span className="flex items-center gap-3">
                <ScheduleNextDue schedule={row} />
                <ScheduleStatusBadge status={row.status} />
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">{t('schedules.unit.none')}</p>
      )}
      {props.addHref ? (
        <Link to={props.addHref} className="mt-2 inline-block text-sm font-semibold text-primary-darker hover:underline dark:text-primary-light">
          {t('schedules.unit.add')}
        </Link>
      ) : null}
    </Card>
  )
}
