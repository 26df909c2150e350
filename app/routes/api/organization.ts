import { getOrganization, serializeOrganization, updateOrganization } from '~/models/organization/organization.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readBody, requireApiPermission } from '~/requests/api.server'
import { OrganizationPutSchema } from '~/schemas/organization'

import type { Route } from './+types/organization'

/** GET /api/organization: the caller's organization (admins and viewers; others 403). */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'organization')
    return apiData(serializeOrganization(await getOrganization(user.organizationId)))
  })
}

/**
 * PUT replaces the organization's details (admins): read-only fields sent back (id, createdAt,
 * updatedAt) are ignored, and a stale `version` is 409 `conflict` with nothing changed. `site`
 * replaces the public site's texts; without it they stay.
 */
export async function action({ request }: Route.ActionArgs) {
  return handleApi(request, async (call) => {
    if (request.method !== 'PUT') return methodNotAllowed(request, ['GET', 'HEAD', 'PUT'])
    const { actor } = await requireApiActor(call, 'update', 'organization')
    const input = await readBody(request, OrganizationPutSchema)
    return apiData(serializeOrganization(await updateOrganization(actor, input)))
  })
}
