import { detectLanguage } from '~/i18n.server'
import { createWebhook, listWebhookEndpoints, serializeWebhook, serializeWebhookWithSecret } from '~/models/webhooks/webhook.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readBody, requireApiPermission } from '~/requests/api.server'
import { WebhookSchema } from '~/schemas/webhook'
import { MAX_WEBHOOK_ENDPOINTS } from '~/schemas/webhook-options'

import type { Route } from './+types/collection'

/** GET /api/webhooks: the organization's endpoints (admins only, at most MAX_WEBHOOK_ENDPOINTS: one page), never their secrets. */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'webhook')
    const endpoints = await listWebhookEndpoints(user.organizationId)
    return apiData(endpoints.map(serializeWebhook), { meta: { total: endpoints.length, page: 1, pageSize: MAX_WEBHOOK_ENDPOINTS } })
  })
}

/** POST /api/webhooks `{ url, events, description?, active? }` → 201 with `secret`: the only answer that carries it. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['GET', 'HEAD', 'POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'create', 'webhook')
    const input = await readBody(request, WebhookSchema)
    const { endpoint, secret } = await createWebhook(actor, input, detectLanguage(request))
    return apiData(serializeWebhookWithSecret(endpoint, secret), { status: 201 })
  })
}
