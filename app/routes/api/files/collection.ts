import { listFiles, serializeFile } from '~/models/files/stored-file.server'
import { apiData, handleApi, methodNotAllowed, requireApiPermission } from '~/requests/api.server'
import { parseListQuery } from '~/schemas/list-query'
import { FileListQuerySchema } from '~/schemas/stored-file'

import type { Route } from './+types/collection'

/**
 * GET /api/files?kind=&recordType=&q=&sort=&dir=&page=&pageSize=: every stored file the caller
 * sees (ADR 067), one page of the one files index, with `meta.totalBytes` of all that match.
 */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'file')
    const query = parseListQuery(FileListQuerySchema, new URL(request.url).searchParams)
    const result = await listFiles(user, query)
    return apiData(result.items.map(serializeFile), {
      meta: { total: result.total, totalBytes: result.totalBytes, page: query.page, pageSize: query.pageSize },
    })
  })
}

export function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ['GET', 'HEAD'])
}
