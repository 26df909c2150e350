import { getInstance } from '~/middleware/i18next'
import { BROKER_CSV_COLUMNS, exportBrokers } from '~/models/reference/broker.server'
import { requirePermission } from '~/requests/session.server'
import { BrokerListQuerySchema } from '~/schemas/broker'
import { parseListQuery } from '~/schemas/list-query'
import { csvFilename, csvResponse } from '~/utils/csv.server'

import type { Route } from './+types/export'

/** The list's Export button: every broker its search and filters match, headers in the page's language. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'broker')
  const query = parseListQuery(BrokerListQuerySchema, new URL(request.url).searchParams)
  const { t } = getInstance(context)
  return csvResponse(exportBrokers(user.organizationId, query), BROKER_CSV_COLUMNS, {
    headers: (key) => t(key),
    filename: csvFilename('brokers'),
    bom: true,
  })
}
