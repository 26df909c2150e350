import { certifyInspection, serializeInspection } from '~/models/maintenance/inspection.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readActionBody } from '~/requests/api.server'
import { CertifySchema } from '~/schemas/inspection'

import type { Route } from './+types/certify'

/**
 * POST /api/inspections/{id}/certify { repaired, note, version } → 200 with the report: every
 * defect certified at once, repaired or needing no repair. An admin or dispatcher (else 403); a
 * stale version 409 conflict; already certified, or no defects, 409 invalid_transition.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'update', 'inspection')
    const input = await readActionBody(request, CertifySchema)
    return apiData(serializeInspection(await certifyInspection(actor, params.id, input)))
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}
