import { getProduct } from '~/models/store/product.server'
import { addProductPhotos, checkPhotos, serializeProductPhoto } from '~/models/store/product-photo.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed } from '~/requests/api.server'
import { PRODUCT_PHOTO_MAX_BYTES } from '~/schemas/product-options'
import { DomainError } from '~/utils/errors.server'
import { uploadLimit } from '~/utils/upload-limit'

import type { Route } from './+types/photos'

/** One photo of at most 5 MB: the edge holds the body up to that, and answers 413 past it. */
export const upload = uploadLimit(PRODUCT_PHOTO_MAX_BYTES)

/**
 * POST /api/products/{id}/photos, multipart `file`: 201 with the photo `{ id, url, fileName,
 * contentType, sizeBytes }`. PNG, JPEG or WebP by content (else 415), 5 MB at most (413), eight
 * photos per product (400).
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(request, async (call) => {
    const { user, actor } = await requireApiActor(call, 'update', 'product')
    const product = await getProduct(user.organizationId, params.id)
    let form: FormData
    try {
      if (!(request.headers.get('Content-Type') ?? '').toLowerCase().startsWith('multipart/form-data')) throw new Error('not multipart')
      form = await request.formData()
    } catch {
      throw new DomainError('validation_failed', 'validation.failed', { fields: { file: ['products.errors.photoRequired'] } })
    }
    const file = form.get('file')
    if (!(file instanceof File) || file.size === 0)
      throw new DomainError('validation_failed', 'validation.failed', { fields: { file: ['products.errors.photoRequired'] } })
    const checked = await checkPhotos([file], product.photos.length).catch(asFileField)
    // The count again under the product's lock: parallel uploads that all passed the first one.
    const [photo] = await addProductPhotos(actor, product.id, checked).catch(asFileField)
    return apiData(serializeProductPhoto(photo), { status: 201 })
  })
}

/** The model's refusals name the form's field `photos`; the API's is `file`. */
function asFileField(error: unknown): never {
  if (error instanceof DomainError && error.fields?.photos) throw new DomainError(error.code, error.messageKey, { fields: { file: error.fields.photos } })
  throw error
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}
