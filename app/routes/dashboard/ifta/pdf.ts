import { requireQuarter } from '~/models/fuel-tax/ifta-return.server'
import { iftaReturnPdfResponse } from '~/models/fuel-tax/ifta-return-pdf.server'
import { requirePermission } from '~/requests/session.server'
import { IftaReturnQuerySchema } from '~/schemas/ifta'
import { parseListQuery } from '~/schemas/list-query'
import { notFoundUnless } from '~/utils/errors.server'

import type { Route } from './+types/pdf'

/** The return page's PDF: the same figures as the page and its CSV, in the organization's language (not the reader's). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'iftaReturn')
  const quarter = notFoundUnless(() => requireQuarter(params.quarter))
  const { fuelType } = parseListQuery(IftaReturnQuerySchema, new URL(request.url).searchParams)
  return iftaReturnPdfResponse(request, user.organizationId, quarter, fuelType)
}
