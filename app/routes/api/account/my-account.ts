import { getPublicUser, serializeAccountUser } from '~/models/users/auth.server'
import { apiData, handleApi, methodNotAllowed, requireApiUser } from '~/requests/api.server'

import type { Route } from './+types/my-account'

/** GET /api/account/my-account → { data: user } (also at the top level as `user`). */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const session = await requireApiUser(call)
    const user = await getPublicUser(session.id)
    return apiData(serializeAccountUser(user))
  })
}

export function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ['GET', 'HEAD'])
}
