import { deleteProduct, getProduct, serializeProduct, updateProduct } from '~/models/store/product.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, parseOrThrow, readBody, requireApiPermission } from '~/requests/api.server'
import { ProductUpdateSchema } from '~/schemas/product'
import { OptionalVersionSchema } from '~/schemas/version'

import type { Route } from './+types/item'

export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'product')
    return apiData(serializeProduct(await getProduct(user.organizationId, params.id)))
  })
}

/**
 * PUT replaces the whole product (its photos are kept: they have their own endpoints); `version`
 * drives the conflict check. DELETE takes an optional `?version=`; a product an order names is
 * kept (409 `in_use`: archive it instead).
 */
export async function action({ request, params }: Route.ActionArgs) {
  return handleApi(request, async (call) => {
    switch (request.method) {
      case 'PUT': {
        const { actor } = await requireApiActor(call, 'update', 'product')
        const input = await readBody(request, ProductUpdateSchema)
        return apiData(serializeProduct(await updateProduct(actor, params.id, input)))
      }
      case 'DELETE': {
        const { actor } = await requireApiActor(call, 'delete', 'product')
        const raw = new URL(request.url).searchParams.get('version')
        const { version } = parseOrThrow(OptionalVersionSchema, { version: raw ?? undefined })
        const product = await deleteProduct(actor, params.id, version)
        return apiData({ id: product.id, deleted: true })
      }
      default:
        return methodNotAllowed(request, ['GET', 'HEAD', 'PUT', 'DELETE'])
    }
  })
}
