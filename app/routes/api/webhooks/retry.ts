import { resendDelivery, serializeDelivery } from '~/models/webhooks/webhook.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readActionBody } from '~/requests/api.server'
import { WebhookRetrySchema } from '~/schemas/webhook'

import type { Route } from './+types/retry'

/**
 * POST /api/webhooks/{id}/deliveries/{deliveryId}/retry (no body needed): sends the delivery again
 * at once (same `webhook-id` and body) → 202 with the delivery, waiting. Endpoint off: 409 `invalid_transition`.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'update', 'webhook')
    await readActionBody(request, WebhookRetrySchema)
    return apiData(serializeDelivery(await resendDelivery(actor, params.id, params.deliveryId)), { status: 202 })
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}
