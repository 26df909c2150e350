import { createCustomFieldDefinition, listCustomFieldDefinitions, serializeCustomFieldDefinition } from '~/models/organization/custom-fields.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, parseOrThrow, readBody, requireApiPermission } from '~/requests/api.server'
import { CustomFieldCreateSchema, CustomFieldListFilterSchema } from '~/schemas/custom-field'

import type { Route } from './+types/collection'

/**
 * GET /api/customfield: every definition of the organization (inactive ones included, each with
 * `active`), by list then order. `?by=list&listName=trucks` (the specification's call) or just
 * `?listName=` narrows it to one list. A list of definitions is short: one page holds all of it.
 */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'customField')
    const params = new URL(request.url).searchParams
    const { listName } = parseOrThrow(CustomFieldListFilterSchema, {
      by: params.get('by') || undefined,
      listName: params.get('listName') || undefined,
    })
    const rows = await listCustomFieldDefinitions(user.organizationId, listName)
    return apiData(rows.map(serializeCustomFieldDefinition), { meta: { total: rows.length, page: 1, pageSize: rows.length } })
  })
}

/** POST /api/customfield → 201 { data: definition }. There is no update call: delete and create again. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['GET', 'HEAD', 'POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'create', 'customField')
    const input = await readBody(request, CustomFieldCreateSchema)
    return apiData(serializeCustomFieldDefinition(await createCustomFieldDefinition(actor, input)), { status: 201 })
  })
}
