import { readPostCover } from '~/models/bulletins/post.server'
import { handleApi, methodNotAllowed, requireApiPermission } from '~/requests/api.server'
import { DomainError } from '~/utils/errors.server'
import { storedFileHeaders } from '~/utils/file-name'

import type { Route } from './+types/cover'

/** GET /api/posts/{id}/cover: the post's cover image (a post the caller may not read, or without a cover: 404). */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'post')
    const cover = await readPostCover(user, params.id)
    if (!cover) throw new DomainError('not_found', 'bulletins.errors.notFound')
    return new Response(request.method === 'HEAD' ? null : cover.body, { headers: storedFileHeaders(cover, cover.sizeBytes, { inline: true }) })
  })
}

export function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ['GET', 'HEAD'])
}
