import { deleteFile, readFile } from '~/models/files/stored-file.server'
import { actorOf } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, parseOrThrow, requireApiPermission } from '~/requests/api.server'
import { OptionalVersionSchema } from '~/schemas/version'
import { storedFileHeaders } from '~/utils/file-name'

import type { Route } from './+types/item'

/** GET /api/files/{id}: the file's bytes (a file's `url`), as an attachment with `nosniff`. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'file')
    const { file, body, sizeBytes } = await readFile(user, params.id)
    return new Response(request.method === 'HEAD' ? null : body, { headers: storedFileHeaders(file, sizeBytes) })
  })
}

/** DELETE /api/files/{id}: by the record's own rule (an invoiced load's document: 409 in_use). */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed(request, ['GET', 'HEAD', 'DELETE'])
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'delete', 'file')
    parseOrThrow(OptionalVersionSchema, { version: new URL(request.url).searchParams.get('version') ?? undefined })
    const file = await deleteFile(user, actorOf(request, user), params.id)
    return apiData({ id: file.id, deleted: true })
  })
}
