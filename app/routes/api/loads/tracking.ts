import { createTrackingLink } from '~/models/loads/tracking-link.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, parseOrThrow, readBody } from '~/requests/api.server'
import type { ShareLinkRecord } from '~/schemas/api-record'
import { TrackingLinkCreateSchema } from '~/schemas/tracking-link'

import type { Route } from './+types/tracking'

/**
 * POST /api/loads/{id}/tracking `{ expiresInDays? }` (or no body) → 201 `{ data: { id, url, expiresAt } }`:
 * a tracking link for the load (ADR 063). The URL holds the token and is in this answer only.
 * Those who may update loads (dispatchers, admins); another organization's load is 404.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'update', 'load')
    const empty = !request.headers.get('Content-Type') && (request.headers.get('Content-Length') ?? '0') === '0'
    const input = empty ? parseOrThrow(TrackingLinkCreateSchema, {}) : await readBody(request, TrackingLinkCreateSchema)
    const link = await createTrackingLink(actor, params.id, input)
    const answer: ShareLinkRecord = { id: link.id, url: link.url, expiresAt: link.expiresAt }
    return apiData(answer, { status: 201 })
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}
