import { readFile } from '~/models/files/stored-file.server'
import { requirePermission } from '~/requests/session.server'
import { orNotFound } from '~/utils/errors.server'
import { storedFileHeaders } from '~/utils/file-name'

import type { Route } from './+types/download'

/** One file of the files manager for the signed-in page (the API's twin: /api/files/{id}); a file the user does not see: 404. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'file')
  const { file, body, sizeBytes } = await orNotFound(readFile(user, params.id))
  return new Response(body, { headers: storedFileHeaders(file, sizeBytes) })
}
