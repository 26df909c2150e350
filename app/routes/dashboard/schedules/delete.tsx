import { href } from 'react-router'

import { DeleteConfirmPage } from '~/components/lists/delete-confirm-page'
import { useTranslation } from '~/hooks/use-translation'
import { deleteSchedule, getSchedule } from '~/models/maintenance/maintenance-schedule.server'
import { requireActor } from '~/requests/actor.server'
import { deleteAndReturn, deleteConfirmation } from '~/requests/delete-route.server'
import { requirePermission } from '~/requests/session.server'
import { scheduleName } from '~/schemas/maintenance-schedule-options'
import { orNotFound } from '~/utils/errors.server'

import type { Route } from './+types/delete'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['schedules'] }

const LIST = href('/dashboard/maintenance/schedules')

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'delete', 'maintenanceSchedule')
  const schedule = await orNotFound(getSchedule(user.organizationId, params.id))
  const { task, unit } = scheduleName(schedule)
  return deleteConfirmation(request, LIST, { id: schedule.id, version: schedule.version, label: `${task} · ${unit}` })
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, actor } = await requireActor(request, 'delete', 'maintenanceSchedule')
  return deleteAndReturn(request, context, {
    list: LIST,
    id: params.id,
    remove: (version) => deleteSchedule(actor, params.id, version),
    find: () => getSchedule(user.organizationId, params.id),
    deleted: (t, schedule) => t('schedules.toast.deleted', scheduleName(schedule)),
    kept: (t, schedule) => t('schedules.toast.kept', scheduleName(schedule)),
    conflict: 'schedules.changes.deleteConflict',
  })
}

export default function DeleteSchedule({ loaderData: { record, returnTo } }: Route.ComponentProps) {
  const { t } = useTranslation()
  return (
    <DeleteConfirmPage
      title={t('schedules.delete.titleOf', { label: record.label })}
      description={t('schedules.delete.description')}
      listLabel={t('nav.schedules')}
      version={record.version}
      returnTo={returnTo}
    />
  )
}
