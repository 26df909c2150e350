import { href } from 'react-router'

import { DeleteConfirmPage } from '~/components/lists/delete-confirm-page'
import { useTranslation } from '~/hooks/use-translation'
import { deleteTrailer, getTrailer } from '~/models/reference/trailer.server'
import { requireActor } from '~/requests/actor.server'
import { deleteAndReturn, deleteConfirmation } from '~/requests/delete-route.server'
import { requirePermission } from '~/requests/session.server'
import { orNotFound } from '~/utils/errors.server'

import type { Route } from './+types/delete'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['trailers'] }

const LIST = href('/dashboard/trailers/list')

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'delete', 'trailer')
  const trailer = await orNotFound(getTrailer(user.organizationId, params.id))
  return deleteConfirmation(request, LIST, { id: trailer.id, version: trailer.version, label: trailer.unitNumber })
}

/** Loads that refer to the trailer keep it (in_use); the toast says why and the row is marked. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, actor } = await requireActor(request, 'delete', 'trailer')
  return deleteAndReturn(request, context, {
    list: LIST,
    id: params.id,
    remove: (version) => deleteTrailer(actor, params.id, version),
    find: () => getTrailer(user.organizationId, params.id),
    deleted: (t, trailer) => t('trailers.toast.deleted', { unit: trailer.unitNumber }),
    kept: (t, trailer) => t('trailers.changes.deleteConflictTitle', { unit: trailer.unitNumber }),
    conflict: 'trailers.changes.deleteConflict',
  })
}

export default function DeleteTrailer({ loaderData: { record, returnTo } }: Route.ComponentProps) {
  const { t } = useTranslation()
  const title = t('trailers.delete.title', { unit: record.label })
  return (
    <DeleteConfirmPage
      title={title}
      description={t('trailers.delete.description')}
      listLabel={t('nav.trailers')}
      version={record.version}
      returnTo={returnTo}
    />
  )
}
