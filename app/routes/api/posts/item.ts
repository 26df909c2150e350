import { deletePost, getPost, postAcknowledgments, serializePost, updatePost } from '~/models/bulletins/post.server'
import { seesAcknowledgments } from '~/policies/post'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, parseOrThrow, readBody, requireApiPermission } from '~/requests/api.server'
import { type PostRecord, PostUpdateSchema } from '~/schemas/post'
import { OptionalVersionSchema } from '~/schemas/version'

import type { Route } from './+types/item'

/** GET /api/posts/{id}: the post with `acknowledgedByMe`; for admins also `acknowledgments [{ userId, name, at }]` and `pending`. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'post')
    const post = serializePost(await getPost(user, params.id))
    if (!seesAcknowledgments(user.role)) return apiData(post)
    const { acknowledged, pending } = await postAcknowledgments(user.organizationId, post.id)
    const withAcknowledgments: PostRecord = {
      ...post,
      acknowledgments: acknowledged.map(({ userId, name, at }) => ({ userId, name, at: at.toISOString() })),
      pendingAcknowledgments: pending.map(({ userId, name }) => ({ userId, name })),
    }
    return apiData(withAcknowledgments)
  })
}

/**
 * PUT replaces the whole post (not its cover: the editor's) with its `version` (stale: 409).
 * DELETE takes an optional `?version=`; a post someone has acknowledged is kept (409 `in_use`).
 */
export async function action({ request, params }: Route.ActionArgs) {
  return handleApi(request, async (call) => {
    switch (request.method) {
      case 'PUT': {
        const { user, actor } = await requireApiActor(call, 'update', 'post')
        const input = await readBody(request, PostUpdateSchema)
        return apiData(serializePost(await updatePost(actor, user, params.id, input)))
      }
      case 'DELETE': {
        const { actor } = await requireApiActor(call, 'delete', 'post')
        const raw = new URL(request.url).searchParams.get('version')
        const { version } = parseOrThrow(OptionalVersionSchema, { version: raw ?? undefined })
        const post = await deletePost(actor, params.id, version)
        return apiData({ id: post.id, deleted: true })
      }
      default:
        return methodNotAllowed(request, ['GET', 'HEAD', 'PUT', 'DELETE'])
    }
  })
}
