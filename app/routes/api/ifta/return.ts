import { detectLanguage, getFixedT } from '~/i18n.server'
import { iftaReturnBody, iftaReturnCsv, requireQuarter } from '~/models/fuel-tax/ifta-return.server'
import { iftaReturnPdfResponse } from '~/models/fuel-tax/ifta-return-pdf.server'
import { apiData, handleApi, methodNotAllowed, requireApiPermission } from '~/requests/api.server'
import { IftaReturnQuerySchema } from '~/schemas/ifta'
import { parseListQuery } from '~/schemas/list-query'
import { wantsCsv } from '~/utils/csv.server'

import type { Route } from './+types/return'

/**
 * GET /api/ifta/returns/{quarter}?fuelType=diesel: the quarterly return computed now from the
 * quarter's trips, fuel and rates; `?format=csv` the same figures as CSV, `?format=pdf` (or
 * GET /api/ifta/returns/{quarter}/pdf, the contract's spelling) as the printable return in the
 * organization's language; the JSON's and the CSV's words are the request's.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'iftaReturn')
    const quarter = requireQuarter(params.quarter)
    const url = new URL(request.url)
    const { fuelType } = parseListQuery(IftaReturnQuerySchema, url.searchParams)
    if (url.searchParams.get('format') === 'pdf' || url.pathname.endsWith('/pdf')) return iftaReturnPdfResponse(request, user.organizationId, quarter, fuelType)
    const body = await iftaReturnBody(user.organizationId, quarter, fuelType, getFixedT(detectLanguage(request)))
    return wantsCsv(url) ? iftaReturnCsv(body, { headers: 'key' }) : apiData(body)
  })
}

export function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ['GET', 'HEAD'])
}
