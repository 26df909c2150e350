import { deleteCompany, getCompany, serializeCompany, updateCompany } from '~/models/reference/company.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, parseOrThrow, readBody, requireApiPermission } from '~/requests/api.server'
import { CompanyUpdateSchema } from '~/schemas/company'
import { OptionalVersionSchema } from '~/schemas/version'

import type { Route } from './+types/item'

/** GET /api/company/{id} (and /api/companies/{id}). */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'company')
    return apiData(serializeCompany(await getCompany(user.organizationId, params.id)))
  })
}

/**
 * PUT replaces the whole company: read-only fields a client sends back (id, organizationId,
 * counts, createdAt, updatedAt) are ignored and `version` drives the conflict check. DELETE takes
 * an optional `?version=` for the same check, and answers 409 `in_use` while trucks, trailers or
 * users still belong to the company.
 */
export async function action({ request, params }: Route.ActionArgs) {
  return handleApi(request, async (call) => {
    switch (request.method) {
      case 'PUT': {
        const { actor } = await requireApiActor(call, 'update', 'company')
        const input = await readBody(request, CompanyUpdateSchema)
        return apiData(serializeCompany(await updateCompany(actor, params.id, input)))
      }
      case 'DELETE': {
        const { actor } = await requireApiActor(call, 'delete', 'company')
        const raw = new URL(request.url).searchParams.get('version')
        const { version } = parseOrThrow(OptionalVersionSchema, { version: raw ?? undefined })
        const company = await deleteCompany(actor, params.id, version)
        return apiData({ id: company.id, deleted: true })
      }
      default:
        return methodNotAllowed(request, ['GET', 'HEAD', 'PUT', 'DELETE'])
    }
  })
}
