import { detectLanguage } from '~/i18n.server'
import { deleteWebhook, getWebhook, serializeWebhook, updateWebhook } from '~/models/webhooks/webhook.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, parseOrThrow, readBody, requireApiPermission } from '~/requests/api.server'
import { OptionalVersionSchema } from '~/schemas/version'
import { WebhookUpdateSchema } from '~/schemas/webhook'

import type { Route } from './+types/item'

/** GET /api/webhooks/{id}: one endpoint (no secret). */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'webhook')
    return apiData(serializeWebhook(await getWebhook(user.organizationId, params.id)))
  })
}

/** PUT replaces the endpoint with its `version` (stale: 409); DELETE takes an optional `?version=` and removes its log too. */
export async function action({ request, params }: Route.ActionArgs) {
  return handleApi(request, async (call) => {
    switch (request.method) {
      case 'PUT': {
        const { actor } = await requireApiActor(call, 'update', 'webhook')
        const input = await readBody(request, WebhookUpdateSchema)
        return apiData(serializeWebhook(await updateWebhook(actor, params.id, input, detectLanguage(request))))
      }
      case 'DELETE': {
        const { actor } = await requireApiActor(call, 'delete', 'webhook')
        const raw = new URL(request.url).searchParams.get('version')
        const { version } = parseOrThrow(OptionalVersionSchema, { version: raw ?? undefined })
        const endpoint = await deleteWebhook(actor, params.id, version)
        return apiData({ id: endpoint.id, deleted: true })
      }
      default:
        return methodNotAllowed(request, ['GET', 'HEAD', 'PUT', 'DELETE'])
    }
  })
}
