import { href } from 'react-router'

import { DeleteConfirmPage } from '~/components/lists/delete-confirm-page'
import { useTranslation } from '~/hooks/use-translation'
import { deleteTruck, getTruck } from '~/models/reference/truck.server'
import { requireActor } from '~/requests/actor.server'
import { deleteAndReturn, deleteConfirmation } from '~/requests/delete-route.server'
import { requirePermission } from '~/requests/session.server'
import { orNotFound } from '~/utils/errors.server'

import type { Route } from './+types/delete'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['trucks'] }

const LIST = href('/dashboard/trucks/list')

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'delete', 'truck')
  const truck = await orNotFound(getTruck(user.organizationId, params.id))
  return deleteConfirmation(request, LIST, { id: truck.id, version: truck.version, label: truck.unitNumber })
}

/** Loads that refer to the truck keep it (in_use); the toast says why and the row is marked. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, actor } = await requireActor(request, 'delete', 'truck')
  return deleteAndReturn(request, context, {
    list: LIST,
    id: params.id,
    remove: (version) => deleteTruck(actor, params.id, version),
    find: () => getTruck(user.organizationId, params.id),
    deleted: (t, truck) => t('trucks.toast.deleted', { unit: truck.unitNumber }),
    kept: (t, truck) => t('trucks.changes.deleteConflictTitle', { unit: truck.unitNumber }),
    conflict: 'trucks.changes.deleteConflict',
  })
}

export default function DeleteTruck({ loaderData: { record, returnTo } }: Route.ComponentProps) {
  const { t } = useTranslation()
  const title = t('trucks.delete.title', { unit: record.label })
  return (
    <DeleteConfirmPage title={title} description={t('trucks.delete.description')} listLabel={t('nav.trucks')} version={record.version} returnTo={returnTo} />
  )
}
