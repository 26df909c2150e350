import { getLocale } from '~/middleware/i18next'
import { schedulePdfResponse } from '~/models/factoring/factoring-pdf.server'
import { requirePermission } from '~/requests/session.server'
import { orNotFound } from '~/utils/errors.server'

import type { Route } from './+types/pdf'

/** "Download PDF": the schedule of accounts in the reader's language. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'factoring')
  return orNotFound(schedulePdfResponse(request, user.organizationId, params.id, getLocale(context)))
}
