import { getAgreement, saveAgreement, serializeAgreement } from '~/models/factoring/factoring.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readBody, requireApiPermission } from '~/requests/api.server'
import { AgreementSchema } from '~/schemas/factoring'

import type { Route } from './+types/agreement'

/** GET /api/factoring/agreement: the organization's factor and rates (`data: null` when there is none). */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'factoring')
    return apiData(serializeAgreement(await getAgreement(user.organizationId)))
  })
}

/** PUT /api/factoring/agreement `{ factorCompanyId, advancePercent, feePercent, factorEmail?, version }`: `version` once one exists (stale: 409 `conflict`). */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'PUT') return methodNotAllowed(request, ['GET', 'HEAD', 'PUT'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'update', 'factoring')
    const input = await readBody(request, AgreementSchema)
    return apiData(serializeAgreement(await saveAgreement(actor, input)))
  })
}
