import { getFuelPurchase, serializeFuelPurchase } from '~/models/fuel-tax/fuel-purchase.server'
import { attachFuelReceipt, readFuelReceipt, removeFuelReceipt, requestVersion } from '~/models/fuel-tax/fuel-receipt.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, requireApiPermission } from '~/requests/api.server'
import { LOAD_DOCUMENT_MAX_BYTES } from '~/schemas/load-document-options'
import { storedFileHeaders } from '~/utils/file-name'
import { uploadLimit } from '~/utils/upload-limit'

import type { Route } from './+types/receipt'

/** Streamed to storage as it arrives (app/models/files/streamed-upload.server.ts): never collected by the edge. */
export const upload = uploadLimit(LOAD_DOCUMENT_MAX_BYTES, { streamed: true })

/** GET /api/fuel-purchases/{id}/receipt: the receipt's bytes, always as an attachment (none: 404). */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'fuelPurchase')
    const receipt = await readFuelReceipt(user.organizationId, params.id)
    return new Response(request.method === 'HEAD' ? null : receipt.body, { headers: storedFileHeaders(receipt.file, receipt.sizeBytes) })
  })
}

/**
 * PUT, multipart `file` (and `?version=`): the purchase with its new receipt. PDF, PNG, JPEG or
 * WebP by content (else 415), 15 MB at most (413); a filed quarter's receipt is not replaced (409
 * period_closed). DELETE (`?version=`) removes it, by the same rule. Not replayed by
 * Idempotency-Key: the body is never held whole.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'PUT' && request.method !== 'DELETE') return methodNotAllowed(request, ['GET', 'HEAD', 'PUT', 'DELETE'])
  return handleApi(
    request,
    async (call) => {
      const { user, actor } = await requireApiActor(call, 'update', 'fuelPurchase')
      if (request.method === 'PUT') await attachFuelReceipt(actor, params.id, request, { version: new URL(request.url).searchParams.get('version') })
      else await removeFuelReceipt(actor, params.id, requestVersion(request))
      return apiData(serializeFuelPurchase(await getFuelPurchase(user.organizationId, params.id)))
    },
    { idempotency: false },
  )
}
