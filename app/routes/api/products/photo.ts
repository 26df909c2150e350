import { deleteProductPhoto, readProductPhoto } from '~/models/store/product-photo.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, requireApiPermission } from '~/requests/api.server'
import { DomainError } from '~/utils/errors.server'

import type { Route } from './+types/photo'

/** GET /api/products/{id}/photos/{photoId}: the photo's bytes, for a client with a token. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'product')
    const photo = await readProductPhoto(user.organizationId, params.id, params.photoId)
    if (!photo) throw new DomainError('not_found', 'products.errors.photoNotFound')
    return new Response(photo.body, {
      headers: {
        'Content-Type': photo.contentType,
        'Content-Length': String(photo.sizeBytes),
        'Cache-Control': 'private, max-age=86400',
        'X-Content-Type-Options': 'nosniff',
      },
    })
  })
}

/** DELETE /api/products/{id}/photos/{photoId} → 200 { data: { id, deleted: true } }; the file goes with it. */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed(request, ['GET', 'HEAD', 'DELETE'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'update', 'product')
    const photo = await deleteProductPhoto(actor, params.id, params.photoId)
    return apiData({ id: photo.id, deleted: true })
  })
}
