import { createInspection, listInspections, serializeInspection } from '~/models/maintenance/inspection.server'
import { loadScope } from '~/policies/load'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readBody, requireApiPermission } from '~/requests/api.server'
import { InspectionListQuerySchema, InspectionSchema } from '~/schemas/inspection'
import { parseListQuery } from '~/schemas/list-query'

import type { Route } from './+types/collection'

/**
 * GET /api/inspections?truckId=&kind=&defects=open&sort=&dir=&page=&pageSize=: the organization's
 * driver vehicle inspection reports, newest first. A driver's credential reads their own reports
 * and those of the units they drive.
 */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'inspection')
    const query = parseListQuery(InspectionListQuerySchema, new URL(request.url).searchParams)
    const result = await listInspections(loadScope(user), query)
    return apiData(result.items.map(serializeInspection), { meta: { total: result.total, page: result.page, pageSize: result.pageSize } })
  })
}

/**
 * POST /api/inspections → 201 { data: report }, filed by the caller (a driver, or an admin for a
 * yard check; else 403): 400 at `truckId`/`trailerId` for a unit not the organization's, at
 * `inspectedAt` for a time in the future, at `odometer` below the unit's latest reading less 10,
 * at `acknowledgeInspectionId` when it does not name the unit's report waiting for this driver's
 * signature (ADR 153), which filing acknowledges.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['GET', 'HEAD', 'POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'create', 'inspection')
    const input = await readBody(request, InspectionSchema)
    return apiData(serializeInspection(await createInspection(actor, input)), { status: 201 })
  })
}
