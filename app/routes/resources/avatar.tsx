import { readAvatar } from '~/models/users/user-avatar.server'
import { requireUser } from '~/requests/session.server'

import type { Route } from './+types/avatar'

/**
 * A user's avatar, for signed-in users of the same organization only (another organization's
 * user, or none: 404), streamed from the storage module (disk or S3). The URL changes with every
 * upload, so the browser may keep it a day.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const avatar = await readAvatar(user.organizationId, params.userId)
  if (!avatar) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  return new Response(avatar.body, {
    headers: {
      'Content-Type': avatar.contentType,
      'Content-Length': String(avatar.sizeBytes),
      'Cache-Control': 'private, max-age=86400',
      'Content-Disposition': 'inline',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
