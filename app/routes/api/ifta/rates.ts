import { getIftaRates, putIftaRates, requireQuarter } from '~/models/fuel-tax/ifta-return.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, parseOrThrow, readBody, requireApiPermission } from '~/requests/api.server'
import { IftaRatesSchema, QuarterSchema } from '~/schemas/ifta'

import type { Route } from './+types/rates'

/** GET /api/ifta/rates?quarter=2026-Q3: the quarter's rate table and interest rate. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'iftaReturn')
    const quarter = params.quarter ?? parseOrThrow(QuarterSchema, new URL(request.url).searchParams.get('quarter') ?? undefined)
    return apiData(await getIftaRates(user.organizationId, requireQuarter(quarter)))
  })
}

/** PUT /api/ifta/rates/{quarter}: replaces the quarter's rate table (decimal strings, US$ per gallon). */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'PUT' || !params.quarter) return methodNotAllowed(request, params.quarter ? ['GET', 'HEAD', 'PUT'] : ['GET', 'HEAD'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'update', 'iftaReturn')
    const quarter = requireQuarter(params.quarter!)
    const input = await readBody(request, IftaRatesSchema)
    return apiData(await putIftaRates(actor, quarter, input))
  })
}
