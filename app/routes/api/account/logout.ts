import { deleteSession } from '~/models/users/auth.server'
import { handleApi, methodNotAllowed, requireApiUser } from '~/requests/api.server'

import type { Route } from './+types/logout'

/** POST /api/account/logout revokes the token's session. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(request, async (call) => {
    const user = await requireApiUser(call)
    await deleteSession(user.sessionId)
    return new Response(null, { status: 204 })
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}
