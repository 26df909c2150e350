import { addPostComment, listPostComments, serializeComment } from '~/models/bulletins/post.server'
import { apiData, handleApi, methodNotAllowed, readBody, requireApiPermission } from '~/requests/api.server'
import { PostCommentSchema } from '~/schemas/post'

import type { Route } from './+types/comments'

/** GET /api/posts/{id}/comments: the comments under a post the caller may read, oldest first. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'post')
    return apiData((await listPostComments(user, params.id)).map(serializeComment))
  })
}

/** POST /api/posts/{id}/comments `{ body }` → 201 { data: comment }: anyone who may read the post but a viewer (403: reads only). */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['GET', 'HEAD', 'POST'])
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'post')
    const { body } = await readBody(request, PostCommentSchema)
    return apiData(serializeComment(await addPostComment(user, params.id, body)), { status: 201 })
  })
}
