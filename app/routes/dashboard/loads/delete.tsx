import { href } from 'react-router'

import { DeleteConfirmPage } from '~/components/lists/delete-confirm-page'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { deleteLoad, getLoad } from '~/models/loads/load.server'
import { deleteRefusal, loadScope } from '~/policies/load'
import { requireActor } from '~/requests/actor.server'
import { deleteAndReturn, deleteConfirmation } from '~/requests/delete-route.server'
import { requirePermission } from '~/requests/session.server'
import { orNotFound } from '~/utils/errors.server'
import { redirectWithToast } from '~/utils/toast.server'

import type { Route } from './+types/delete'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['loads'] }

const LIST = href('/dashboard/loads/list')

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'delete', 'load')
  const load = await orNotFound(getLoad(loadScope(user), params.id))
  // The load policy keeps it (on the road, delivered, invoiced): no confirmation to a refusal; its page says why.
  const kept = deleteRefusal(load.status)
  if (kept) throw await redirectWithToast(href('/dashboard/loads/:id', { id: load.id }), { type: 'error', title: getInstance(context).t(kept.key) })
  return deleteConfirmation(request, LIST, { id: load.id, version: load.version, label: load.loadNumber })
}

/**
 * Deletes a load that never reached the road (or was canceled). The model refuses loads on the
 * road, delivered or invoiced with its reason, shown as a toast on the list with the row marked.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, actor } = await requireActor(request, 'delete', 'load')
  return deleteAndReturn(request, context, {
    list: LIST,
    id: params.id,
    remove: (version) => deleteLoad(actor, params.id, version),
    find: () => getLoad(loadScope(user), params.id),
    deleted: (t, load) => t('loads.toast.deleted', { number: load.loadNumber }),
    kept: (t, load) => t('loads.delete.refusedTitle', { number: load.loadNumber }),
    conflict: 'loads.delete.conflict',
  })
}

export default function DeleteLoad({ loaderData: { record, returnTo } }: Route.ComponentProps) {
  const { t } = useTranslation()
  const title = t('loads.delete.title', { number: record.label })
  return <DeleteConfirmPage title={title} description={t('loads.delete.description')} listLabel={t('nav.loads')} version={record.version} returnTo={returnTo} />
}
