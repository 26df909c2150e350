import { href } from 'react-router'

import { DeleteConfirmPage } from '~/components/lists/delete-confirm-page'
import { useTranslation } from '~/hooks/use-translation'
import { deletePost, getPost } from '~/models/bulletins/post.server'
import { requireActor } from '~/requests/actor.server'
import { deleteAndReturn, deleteConfirmation } from '~/requests/delete-route.server'
import { requirePermission } from '~/requests/session.server'
import { orNotFound } from '~/utils/errors.server'

import type { Route } from './+types/delete'

export const handle = { i18n: ['bulletins'] }

const LIST = href('/dashboard/blog/posts')

/** The confirm page without JavaScript (the post page's dialog posts to the same action). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'delete', 'post')
  const post = await orNotFound(getPost(user, params.id))
  return deleteConfirmation(request, LIST, { id: post.id, version: post.version, label: post.title })
}

/** A post someone has acknowledged is kept (in_use: set it back to draft instead); the toast says why. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, actor } = await requireActor(request, 'delete', 'post')
  return deleteAndReturn(request, context, {
    list: LIST,
    id: params.id,
    remove: (version) => deletePost(actor, params.id, version),
    find: () => getPost(user, params.id),
    deleted: (t, post) => t('bulletins.toast.deleted', { title: post.title }),
    kept: (t, post) => t('bulletins.toast.kept', { title: post.title }),
    conflict: 'bulletins.errors.deleteConflict',
  })
}

export default function DeletePost({ loaderData: { record, returnTo } }: Route.ComponentProps) {
  const { t } = useTranslation()
  return (
    <DeleteConfirmPage
      title={t('bulletins.delete.title', { title: record.label })}
      description={t('bulletins.delete.description')}
      listLabel={t('nav.bulletins')}
      version={record.version}
      returnTo={returnTo}
    />
  )
}
