import { deletePartner, getPartner, serializePartner, updatePartner } from '~/models/edi/partner.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, parseOrThrow, readBody, requireApiPermission } from '~/requests/api.server'
import { EdiPartnerUpdateSchema } from '~/schemas/edi'
import { OptionalVersionSchema } from '~/schemas/version'

import type { Route } from './+types/partner'

/** GET /api/edi/partners/{id}: one partner (no secrets). */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'edi')
    return apiData(serializePartner(await getPartner(user.organizationId, params.id)))
  })
}

/** PUT replaces the partner at its `version` (stale: 409; secrets left out are kept); DELETE takes `?version=` (used: 409 in_use). */
export async function action({ request, params }: Route.ActionArgs) {
  return handleApi(request, async (call) => {
    switch (request.method) {
      case 'PUT': {
        const { actor } = await requireApiActor(call, 'update', 'edi')
        const input = await readBody(request, EdiPartnerUpdateSchema)
        return apiData(serializePartner(await updatePartner(actor, params.id, input)))
      }
      case 'DELETE': {
        const { actor } = await requireApiActor(call, 'delete', 'edi')
        const raw = new URL(request.url).searchParams.get('version')
        const { version } = parseOrThrow(OptionalVersionSchema, { version: raw ?? undefined })
        const partner = await deletePartner(actor, params.id, version)
        return apiData({ id: partner.id, deleted: true })
      }
      default:
        return methodNotAllowed(request, ['GET', 'HEAD', 'PUT', 'DELETE'])
    }
  })
}
