import { detectLanguage } from '~/i18n.server'
import { createUser, exportUsers, listUsers, serializeUser, USER_CSV_COLUMNS } from '~/models/users/user.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readBody, requireApiPermission } from '~/requests/api.server'
import { parseListQuery } from '~/schemas/list-query'
import { UserCreateSchema, UserListQuerySchema } from '~/schemas/user'
import { csvFilename, csvResponse, wantsCsv } from '~/utils/csv.server'

import type { Route } from './+types/collection'

/** GET /api/users: search (name, email, phone), `role` and `status` filters, sort and paging; `?format=csv` for all rows. */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'user')
    const url = new URL(request.url)
    const query = parseListQuery(UserListQuerySchema, url.searchParams)
    if (wantsCsv(url)) return csvResponse(exportUsers(user.organizationId, query), USER_CSV_COLUMNS, { headers: 'key', filename: csvFilename('users') })
    const result = await listUsers(user.organizationId, query)
    return apiData(result.items.map(serializeUser), { meta: { total: result.total, page: result.page, pageSize: result.pageSize } })
  })
}

/** POST /api/user → 201 { data: user }. Without `password` the user is invited by email. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['GET', 'HEAD', 'POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'create', 'user')
    const input = await readBody(request, UserCreateSchema)
    // Without a password, the invitation is queued with the user, in the caller's language.
    const { user } = await createUser(actor, input, detectLanguage(request))
    return apiData(serializeUser(user), { status: 201 })
  })
}
