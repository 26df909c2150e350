import { deleteCustomFieldDefinition, getCustomFieldDefinition, serializeCustomFieldDefinition } from '~/models/organization/custom-fields.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, parseOrThrow, requireApiPermission } from '~/requests/api.server'
import { OptionalVersionSchema } from '~/schemas/version'

import type { Route } from './+types/item'

/** GET /api/customfield/{id}: one definition (not in the specification's table, but every item reads). */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'customField')
    return apiData(serializeCustomFieldDefinition(await getCustomFieldDefinition(user.organizationId, params.id)))
  })
}

/**
 * DELETE with an optional `?version=`. A definition whose key records still hold is refused with
 * 409 `in_use` (docs/decisions/017-custom-fields.md). No PUT: the API has no update call.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed(request, ['GET', 'HEAD', 'DELETE'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'delete', 'customField')
    const raw = new URL(request.url).searchParams.get('version')
    const { version } = parseOrThrow(OptionalVersionSchema, { version: raw ?? undefined })
    const definition = await deleteCustomFieldDefinition(actor, params.id, version)
    return apiData({ id: definition.id, deleted: true })
  })
}
