import { assertSignInAllowed } from '~/models/operations/maintenance-mode.server'
import { createSession, getPublicUser, serializeAccountUser, verifyLogin } from '~/models/users/auth.server'
import { createAccessToken, handleApi, jsonResponse, methodNotAllowed, parseOrThrow, readJson } from '~/requests/api.server'
import { getClientIp } from '~/requests/session.server'
import { LoginSchema } from '~/schemas/auth'
import type { SessionRecord } from '~/schemas/user'

import type { Route } from './+types/login'

/** POST /api/account/login → { accessToken, user }; throttled like the sign-in form. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(request, async () => {
    const input = parseOrThrow(LoginSchema, await readJson(request))
    const ip = getClientIp(request)
    const verified = await verifyLogin(input.email, input.password, ip)
    // The maintenance gate answers /api with 503 already; asked here too, so the rule does not hang on the gate's path list.
    await assertSignInAllowed(verified)
    const session = await createSession(verified.id, 'api', { ip, userAgent: request.headers.get('User-Agent') })
    const accessToken = await createAccessToken(verified, session.id)
    const user = serializeAccountUser(await getPublicUser(verified.id))
    const body: SessionRecord = { accessToken, user, data: { accessToken, user } }
    return jsonResponse(body)
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}
