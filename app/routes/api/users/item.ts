import { getUser, serializeUser, updateUser } from '~/models/users/user.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readBody, requireApiPermission } from '~/requests/api.server'
import { UserUpdateSchema } from '~/schemas/user'

import type { Route } from './+types/item'

export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'user')
    return apiData(serializeUser(await getUser(user.organizationId, params.id)))
  })
}

/**
 * PUT replaces the whole user (email aside: it is the person's own to change). Read-only fields
 * sent back (id, email, emailVerified, lastLoginAt, company …) are ignored; `version` drives the
 * conflict check. Users are never deleted: a ban keeps their history and signs them out.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'PUT') return methodNotAllowed(request, ['GET', 'HEAD', 'PUT'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'update', 'user')
    const input = await readBody(request, UserUpdateSchema)
    return apiData(serializeUser(await updateUser(actor, params.id, input)))
  })
}
