import { createClaim, listClaims, serializeClaim } from '~/models/claims/claim.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readBody, requireApiPermission } from '~/requests/api.server'
import { ClaimListQuerySchema, ClaimSchema } from '~/schemas/claim'
import { parseListQuery } from '~/schemas/list-query'

import type { Route } from './+types/collection'

/** GET /api/claims?status=&kind=&loadId=&from=&to=&q=&sort=&dir=&page=&pageSize=: the organization's claims, newest first. */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'claim')
    const query = parseListQuery(ClaimListQuerySchema, new URL(request.url).searchParams)
    const result = await listClaims(user.organizationId, query)
    return apiData(result.items.map(serializeClaim), { meta: { total: result.total, page: result.page, pageSize: result.pageSize } })
  })
}

/**
 * POST /api/claims → 201 { data: claim } (status open): 400 `validation_failed` at `loadId`,
 * `claimantBrokerId` or `claimantCompanyId` for a record not the organization's, at the amounts
 * when negative, or when what was paid is more than what was claimed (or is given before the claim
 * is settled).
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['GET', 'HEAD', 'POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'create', 'claim')
    const input = await readBody(request, ClaimSchema)
    return apiData(serializeClaim(await createClaim(actor, input)), { status: 201 })
  })
}
