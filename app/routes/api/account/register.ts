import { detectLanguage } from '~/i18n.server'
import { consumeAuthEmailLimit } from '~/models/operations/rate-limit.server'
import { createSession, registerOrganization, serializeAccountUser } from '~/models/users/auth.server'
import { apiErrorResponse, createAccessToken, handleApi, jsonResponse, methodNotAllowed, parseOrThrow, readJson } from '~/requests/api.server'
import { getClientIp } from '~/requests/session.server'
import { RegisterSchema } from '~/schemas/auth'
import type { SessionRecord } from '~/schemas/user'

import type { Route } from './+types/register'

/**
 * POST /api/account/register → 201 { accessToken, user } (the spec's call reads these two). Unlike
 * the HTML form it says 409 when the address is taken and signs in at once: external clients and
 * the test fixtures depend on that contract (docs/decisions/010). The organization's documents
 * are written in the request's language (ADR 128).
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(request, async () => {
    const input = parseOrThrow(RegisterSchema, await readJson(request))
    const ip = getClientIp(request)
    const limit = await consumeAuthEmailLimit(input.email, ip)
    if (!limit.ok) {
      return apiErrorResponse(request, 'rate_limited', 'auth.tooManyRequests', 429, undefined, undefined, { 'Retry-After': String(limit.retryAfterSeconds) })
    }
    const { user } = await registerOrganization(input, ip, detectLanguage(request))
    const session = await createSession(user.id, 'api', { ip, userAgent: request.headers.get('User-Agent') })
    const accessToken = await createAccessToken(user, session.id)
    // Both at the top level (as the spec's client reads them) and in the usual envelope.
    const shown = serializeAccountUser(user)
    const body: SessionRecord = { accessToken, user: shown, data: { accessToken, user: shown } }
    return jsonResponse(body, { status: 201 })
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}
