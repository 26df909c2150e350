import { getInstance } from '~/middleware/i18next'
import { accidentRegister, registerCsv, registerPdfResponse } from '~/models/accidents/accident-register.server'
import { requirePermission } from '~/requests/session.server'
import { AccidentRegisterQuerySchema } from '~/schemas/accident'
import { parseListQuery } from '~/schemas/list-query'

import type { Route } from './+types/register-file'

/**
 * The register's file (`?until=YYYY-MM-DD&format=csv|pdf`): the CSV in the reader's language, the
 * PDF in the organization's (ADR 128). Anything but `pdf` is the CSV.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'accident')
  const url = new URL(request.url)
  const { until } = parseListQuery(AccidentRegisterQuerySchema, url.searchParams)
  const register = await accidentRegister(user.organizationId, until)
  if (url.searchParams.get('format') === 'pdf') return registerPdfResponse(request, user.organizationId, register)
  return registerCsv(register, getInstance(context).t)
}
