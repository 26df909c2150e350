import { rotateWebhookSecret, serializeWebhookWithSecret } from '~/models/webhooks/webhook.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readActionBody } from '~/requests/api.server'
import { OptionalVersionSchema } from '~/schemas/version'

import type { Route } from './+types/rotate'

/** POST /api/webhooks/{id}/rotate-secret `{ version? }`: a new secret, answered this once; the old one stops signing now. */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'update', 'webhook')
    const { version } = await readActionBody(request, OptionalVersionSchema)
    const { endpoint, secret } = await rotateWebhookSecret(actor, params.id, version)
    return apiData(serializeWebhookWithSecret(endpoint, secret))
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}
