import { getInstance } from '~/middleware/i18next'
import { exportUsers, USER_CSV_COLUMNS } from '~/models/users/user.server'
import { requirePermission } from '~/requests/session.server'
import { parseListQuery } from '~/schemas/list-query'
import { UserListQuerySchema } from '~/schemas/user'
import { csvFilename, csvResponse } from '~/utils/csv.server'

import type { Route } from './+types/export'

/** The list's Export button: every user its search and filters match, headers in the page's language. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'user')
  const query = parseListQuery(UserListQuerySchema, new URL(request.url).searchParams)
  const { t } = getInstance(context)
  return csvResponse(exportUsers(user.organizationId, query), USER_CSV_COLUMNS, {
    headers: (key) => t(key),
    filename: csvFilename('users'),
    bom: true,
  })
}
