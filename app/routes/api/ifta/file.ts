import { detectLanguage, getFixedT } from '~/i18n.server'
import { fileIftaReturn, iftaReturnBody, reopenIftaReturn, requireQuarter } from '~/models/fuel-tax/ifta-return.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readBody } from '~/requests/api.server'
import { FileReturnSchema, ReopenReturnSchema } from '~/schemas/ifta'

import type { Route } from './+types/file'

/**
 * POST /api/ifta/returns/{quarter}/file `{ filedAt }`: the return is filed and the quarter closed
 * (its purchases and trips answer 409 period_closed). POST …/reopen `{ reason }` (admins) opens it
 * again. Both answer the diesel return as it now stands.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  const reopening = new URL(request.url).pathname.endsWith('/reopen')
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, reopening ? 'delete' : 'update', 'iftaReturn')
    const quarter = requireQuarter(params.quarter)
    if (reopening) await reopenIftaReturn(actor, quarter, (await readBody(request, ReopenReturnSchema)).reason)
    else await fileIftaReturn(actor, quarter, (await readBody(request, FileReturnSchema)).filedAt)
    return apiData(await iftaReturnBody(actor.organizationId, quarter, 'diesel', getFixedT(detectLanguage(request))))
  })
}
