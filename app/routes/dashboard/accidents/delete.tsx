import { href } from 'react-router'

import { DeleteConfirmPage } from '~/components/lists/delete-confirm-page'
import { useTranslation } from '~/hooks/use-translation'
import { deleteAccident, getAccident } from '~/models/accidents/accident.server'
import { organizationTimeZone } from '~/models/organization/organization.server'
import { requireActor } from '~/requests/actor.server'
import { deleteAndReturn, deleteConfirmation } from '~/requests/delete-route.server'
import { requirePermission } from '~/requests/session.server'
import { orNotFound } from '~/utils/errors.server'
import { zonedWallClock } from '~/utils/time'

import type { Route } from './+types/delete'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['accidents'] }

const LIST = href('/dashboard/accidents')

/** How the confirmation and the toasts name an accident: its place and time on the organization's clock. */
async function label(organizationId: string, accident: { city: string; state: string; occurredAt: Date }) {
  const when = zonedWallClock(accident.occurredAt, await organizationTimeZone(organizationId)).replace('T', ' ')
  return { date: when, place: `${accident.city}, ${accident.state}` }
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'delete', 'accident')
  const accident = await orNotFound(getAccident(user.organizationId, params.id))
  const values = await label(user.organizationId, accident)
  return { ...deleteConfirmation(request, LIST, { id: accident.id, version: accident.version, label: values.place }), values }
}

/** Deletes at the version the user saw (its documents with it); a changed accident is kept and its row marked. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, actor } = await requireActor(request, 'delete', 'accident')
  const stored = await getAccident(user.organizationId, params.id).catch(() => null)
  const values = stored ? await label(user.organizationId, stored) : { date: '', place: '' }
  return deleteAndReturn(request, context, {
    list: LIST,
    id: params.id,
    remove: (version) => deleteAccident(actor, params.id, version),
    find: () => getAccident(user.organizationId, params.id),
    deleted: (t) => t('accidents.toast.deleted', values),
    kept: (t) => t('accidents.toast.kept', values),
    conflict: 'accidents.changes.deleteConflict',
  })
}

export default function DeleteAccident({ loaderData: { record, returnTo, values } }: Route.ComponentProps) {
  const { t } = useTranslation()
  return (
    <DeleteConfirmPage
      title={t('accidents.delete.title', values)}
      description={t('accidents.delete.description')}
      listLabel={t('nav.accidents')}
      version={record.version}
      returnTo={returnTo}
    />
  )
}
