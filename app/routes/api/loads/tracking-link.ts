import { revokeTrackingLink } from '~/models/loads/tracking-link.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, parseOrThrow } from '~/requests/api.server'
import type { RevokedShareLinkRecord } from '~/schemas/api-record'
import { OptionalVersionSchema } from '~/schemas/version'

import type { Route } from './+types/tracking-link'

/**
 * DELETE /api/loads/{id}/tracking/{linkId} → 200 `{ data: { id, revoked: true, revokedAt } }`: the
 * link's page is a 404 from now on (ADR 063). Revoking it again answers the same. A link has no
 * version: `?version=` is read as on every DELETE (malformed: 400) and otherwise not used.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed(request, ['DELETE'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'update', 'load')
    parseOrThrow(OptionalVersionSchema, { version: new URL(request.url).searchParams.get('version') ?? undefined })
    const link = await revokeTrackingLink(actor, params.id, params.linkId)
    const answer: RevokedShareLinkRecord = { id: link.id, revoked: true, revokedAt: link.revokedAt }
    return apiData(answer)
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['DELETE'])
}
