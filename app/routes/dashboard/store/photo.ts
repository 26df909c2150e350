import { readProductPhoto } from '~/models/store/product-photo.server'
import { requirePermission } from '~/requests/session.server'

import type { Route } from './+types/photo'

/**
 * A product's photo, for signed-in users who may read products of the same organization (another
 * organization's, or none: 404), streamed from the storage module. Photos never change under
 * their id, so the browser may keep them a day.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'product')
  const photo = await readProductPhoto(user.organizationId, params.id, params.photoId)
  if (!photo) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  return new Response(photo.body, {
    headers: {
      'Content-Type': photo.contentType,
      'Content-Length': String(photo.sizeBytes),
      'Cache-Control': 'private, max-age=86400',
      'Content-Disposition': 'inline',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
