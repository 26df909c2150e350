import { revokeFileShare } from '~/models/files/file-share.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, parseOrThrow } from '~/requests/api.server'
import type { RevokedShareLinkRecord } from '~/schemas/api-record'
import { OptionalVersionSchema } from '~/schemas/version'

import type { Route } from './+types/share-item'

/** DELETE /api/files/shares/{shareId} → 200 `{ data: { id, revoked: true, revokedAt } }`: the link is a 404 from now on. */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed(request, ['DELETE'])
  return handleApi(request, async (call) => {
    const { user, actor } = await requireApiActor(call, 'create', 'file')
    parseOrThrow(OptionalVersionSchema, { version: new URL(request.url).searchParams.get('version') ?? undefined })
    const share = await revokeFileShare(user, actor, params.shareId)
    const answer: RevokedShareLinkRecord = { id: share.id, revoked: true, revokedAt: share.revokedAt }
    return apiData(answer)
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['DELETE'])
}
