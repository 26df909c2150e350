import { factoringFees } from '~/models/factoring/factoring.server'
import { csvDownload } from '~/models/factoring/factoring-pdf.server'
import { requirePermission } from '~/requests/session.server'
import { csvDollars, csvLine } from '~/utils/csv.server'

import type { Route } from './+types/fees'

/** The monthly factoring fees report as CSV: purchased schedules by month, amounts in dollars with two decimals. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'factoring')
  const months = await factoringFees(user.organizationId, 120)
  const header = csvLine(['month', 'schedules', 'total', 'advance', 'fee', 'reserve', 'reserveReleased'])
  const rows = months.map((row) =>
    csvLine([
      row.month,
      String(row.schedules),
      ...[row.totalCents, row.advanceCents, row.feeCents, row.reserveCents, row.reserveReleasedCents].map(csvDollars),
    ]),
  )
  return csvDownload(request.method, 'factoring-fees.csv', [header, ...rows].join(''))
}
