import { factoringFees } from '~/models/factoring.server'
import { csvDownload } from '~/models/factoring-pdf.server'
import { requirePermission } from '~/requests/session.server'
import { csvLine } from '~/utils/csv.server'

import type { Route } from './+types/fees'

/** The monthly factoring fees report as CSV: purchased schedules by month, amounts in cents. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'factoring')
  const months = await factoringFees(user.organizationId, 120)
  const header = csvLine(['month', 'schedules', 'totalCents', 'advanceCents', 'feeCents', 'reserveCents', 'reserveReleasedCents'])
  const rows = months.map((row) =>
    csvLine([row.month, row.schedules, row.totalCents, row.advanceCents, row.feeCents, row.reserveCents, row.reserveReleasedCents].map(String)),
  )
  return csvDownload(request.method, 'factoring-fees.csv', [header, ...rows].join(''))
}
