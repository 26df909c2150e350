import { createFileShare } from '~/models/files/file-share.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, parseOrThrow, readBody } from '~/requests/api.server'
import type { ShareLinkRecord } from '~/schemas/api-record'
import { FileShareCreateSchema } from '~/schemas/stored-file'

import type { Route } from './+types/share'

/**
 * POST /api/files/{id}/share `{ expiresInDays? }` (or no body) → 201 `{ data: { id, url, expiresAt } }`:
 * a share link of the file (ADR 067). The URL holds the token and is in this answer only.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(request, async (call) => {
    const { user, actor } = await requireApiActor(call, 'create', 'file')
    const empty = !request.headers.get('Content-Type') && (request.headers.get('Content-Length') ?? '0') === '0'
    const input = empty ? parseOrThrow(FileShareCreateSchema, {}) : await readBody(request, FileShareCreateSchema)
    const share = await createFileShare(user, actor, params.id, input)
    const answer: ShareLinkRecord = { id: share.id, url: share.url, expiresAt: share.expiresAt }
    return apiData(answer, { status: 201 })
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}
