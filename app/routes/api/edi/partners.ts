import { createPartner, listPartners, serializePartner } from '~/models/edi/partner.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readBody, requireApiPermission } from '~/requests/api.server'
import { EdiPartnerSchema } from '~/schemas/edi'

import type { Route } from './+types/partners'

/** GET /api/edi/partners: the organization's trading partners (one page), never their secrets. */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'edi')
    const partners = await listPartners(user.organizationId)
    return apiData(partners.map(serializePartner), { meta: { total: partners.length, page: 1, pageSize: Math.max(partners.length, 1) } })
  })
}

/** POST /api/edi/partners → 201 (admins): `sftp.password` / `sftp.privateKey` are stored sealed and never answered. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['GET', 'HEAD', 'POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'create', 'edi')
    const input = await readBody(request, EdiPartnerSchema)
    return apiData(serializePartner(await createPartner(actor, input)), { status: 201 })
  })
}
