import { complianceMatrix } from '~/models/compliance/compliance.server'
import { apiData, handleApi, methodNotAllowed, requireApiPermission } from '~/requests/api.server'
import { ComplianceQuerySchema, type DriverCompliance } from '~/schemas/compliance'
import { parseListQuery } from '~/schemas/list-query'

import type { Route } from './+types/matrix'

/**
 * GET /api/compliance?q=&status=&kind=&required=1&page=&pageSize=: per active driver (name order)
 * and kind the status on the organization's today (`ok|expiring|expired|missing`, accepted items
 * only) and the last day it holds; `meta` adds the day and the organization's required kinds.
 */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'compliance')
    const query = parseListQuery(ComplianceQuerySchema, new URL(request.url).searchParams)
    const matrix = await complianceMatrix(user.organizationId, query)
    const data: DriverCompliance[] = matrix.items.map((row) => ({
      driverId: row.driverId,
      name: row.name,
      kinds: row.cells.map((cell) => ({ kind: cell.kind, required: cell.required, status: cell.status, validThrough: cell.validThrough })),
    }))
    return apiData(data, { meta: { total: matrix.total, page: matrix.page, pageSize: matrix.pageSize, day: matrix.day, requiredKinds: matrix.requiredKinds } })
  })
}

export function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ['GET', 'HEAD'])
}
