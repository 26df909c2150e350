import { getInstance } from '~/middleware/i18next'
import { iftaReturnBody, iftaReturnCsv, requireQuarter } from '~/models/fuel-tax/ifta-return.server'
import { requirePermission } from '~/requests/session.server'
import { IftaReturnQuerySchema } from '~/schemas/ifta'
import { parseListQuery } from '~/schemas/list-query'
import { notFoundUnless } from '~/utils/errors.server'

import type { Route } from './+types/export'

/** The return page's CSV: the same figures, headers in the page's language, money in dollars. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'iftaReturn')
  const quarter = notFoundUnless(() => requireQuarter(params.quarter))
  const { fuelType } = parseListQuery(IftaReturnQuerySchema, new URL(request.url).searchParams)
  const { t } = getInstance(context)
  return iftaReturnCsv(await iftaReturnBody(user.organizationId, quarter, fuelType, t), { headers: (key) => t(key) })
}
