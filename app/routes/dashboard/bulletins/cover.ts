import { readPostCover } from '~/models/bulletins/post.server'
import { requirePermission } from '~/requests/session.server'
import { storedFileHeaders } from '~/utils/file-name'

import type { Route } from './+types/cover'

/**
 * A bulletin's cover image, for signed-in readers of the post (a draft's for those who write only;
 * another organization's, or none: 404), streamed from the storage module with the stored type.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'post')
  const cover = await readPostCover(user, params.id)
  if (!cover) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  return new Response(cover.body, { headers: storedFileHeaders(cover, cover.sizeBytes, { inline: true }) })
}
